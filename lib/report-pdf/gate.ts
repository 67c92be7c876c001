import "server-only";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import { plainText } from "./response";

// Every PDF route (issue 28 item 10) passes this gate: drawing a report card is the heaviest thing
// a request can ask of a process (pdfkit is synchronous work on the one event loop), and one parent
// fetching 40 in a row slowed every page to seconds. Two bounds:
// - per requester (user, or report-card link): PDF_PER_MINUTE a minute, in the database so every
//   process counts the same;
// - per process: at most PDF_RENDERS_AT_ONCE drawn at a time; one more is refused at once (429)
//   rather than queued, so nobody's page waits behind a pile of PDFs. A slot is held until the
//   download's last byte is written or the browser goes away.

export const PDF_PER_MINUTE = 10;
export const PDF_RENDERS_AT_ONCE = 2;
export const PDF_TOO_MANY = (seconds: number) =>
  `Too many report-card downloads. Please wait ${seconds} seconds and try again.`;
export const PDF_BUSY = "The portal is printing other report cards right now. Please try again in a few seconds.";

let rendering = 0;

/** How many PDFs this process is drawing now (the bound is tested). */
export function pdfRendersInProgress(): number {
  return rendering;
}

function refuse(seconds: number, text: string): Response {
  const res = plainText(429, text);
  res.headers.set("retry-after", String(seconds));
  return res;
}

/**
 * Runs `render` when `requester` is within its limit and a slot is free; otherwise answers 429.
 * The slot is released when the response's body ends (or is cancelled), or at once when `render`
 * answers without one (a refusal) or throws.
 */
export async function withPdfSlot(requester: string, render: () => Promise<Response>): Promise<Response> {
  const limited = await hitRateLimit(clientKey("pdf", requester), PDF_PER_MINUTE, 60_000);
  if (!limited.allowed) return refuse(limited.retryAfterSeconds, PDF_TOO_MANY(limited.retryAfterSeconds));
  if (rendering >= PDF_RENDERS_AT_ONCE) return refuse(5, PDF_BUSY);
  rendering++;
  let released = false;
  const release = () => {
    if (!released) {
      released = true;
      rendering--;
    }
  };
  let res: Response;
  try {
    res = await render();
  } catch (err) {
    release();
    throw err;
  }
  if (!res.body || !res.headers.get("content-type")?.startsWith("application/pdf")) {
    release();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        release();
        controller.error(err);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}
