import "server-only";

/**
 * Route handlers that write check Origin like Next does for server actions: a browser always
 * sends it on POST, and it must name this host. Requests without Origin (curl, server-to-server)
 * are not browser CSRF and pass. X-Forwarded-Host reaches us only from a trusted proxy
 * (scripts/start.mjs drops it otherwise).
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

/** A body over the handler's cap: answered 413 before (or while) reading it, never buffered whole. */
export class BodyTooLarge extends Error {
  constructor() {
    super("request body too large");
  }
}

/** The body's bytes, at most `max`: Content-Length is checked first, then the stream is cut off. */
export async function readCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > max) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** JSON of at most `max` bytes; null when it is not JSON. Throws BodyTooLarge. */
export async function readJson(request: Request, max = 10_000): Promise<unknown> {
  const bytes = await readCapped(request, max);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** A form post of at most `max` bytes; null when it is not a form. Throws BodyTooLarge. */
export async function readForm(request: Request, max = 10_000): Promise<FormData | null> {
  const bytes = await readCapped(request, max);
  const type = request.headers.get("content-type") ?? "";
  return new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => null);
}

export const TOO_LARGE = { status: 413, message: "The request is too large." } as const;
