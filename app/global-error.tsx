"use client";

/**
 * The last resort, when even the root layout failed: it replaces the whole document, so it cannot
 * use the catalogs the layout provides. Both of the portal's languages, each marked as such.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: "32rem", margin: "4rem auto", padding: "0 1rem" }}>
        <h1>Oops! Something went wrong</h1>
        <p>This page could not be loaded just now. Please try again in a moment.</p>
        <div lang="es">
          <h2>¡Uy! Algo salió mal</h2>
          <p>No se pudo cargar esta página en este momento. Por favor, inténtelo de nuevo en un momento.</p>
        </div>
      </body>
    </html>
  );
}
