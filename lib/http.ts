import "server-only";

/**
 * Route handlers that write check Origin like Next does for server actions: a browser always
 * sends it on POST, and it must name this host. Requests without Origin (curl, server-to-server)
 * are not browser CSRF and pass.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    const text = await request.text();
    if (text.length > 10_000) return null;
    return JSON.parse(text);
  } catch {
    return null;
  }
}
