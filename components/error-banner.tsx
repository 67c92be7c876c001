/** The spec's red-accent error banner; announced to screen readers. */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-lg border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </div>
  );
}

/** A server action's answer under its form: the error banner, or the success message as a polite status. */
export function ActionOutcome({ state }: { state: { ok: boolean; message?: string } }) {
  if (!state.ok) return <ErrorBanner message={state.message ?? ""} />;
  return state.message ? (
    <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
      {state.message}
    </p>
  ) : null;
}
