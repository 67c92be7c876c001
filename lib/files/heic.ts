import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { msg, type Message } from "@/lib/i18n/message";

// iPhone photos (HEIC/HEIF) become JPEGs on the server (decision 023). sharp's prebuilt libvips
// reads HEIF's container but has no HEVC decoder (a patent-licensing choice), so the pixels come
// from libheif-js in a worker thread (heic-worker.mjs) and sharp writes the JPEG as for any photo.

export type DecodedHeic = { ok: true; pixels: Buffer; width: number; height: number } | { ok: false; message: Message };

export interface HeicLimits {
  /** Refused before decoding, from the size the container declares. */
  maxPixels: number;
  /** The worker is stopped after this long (a file crafted to decode slowly). */
  timeoutMs: number;
}

// The refusals, as descriptors: the upload route writes them in the uploader's language.
const UNREADABLE = msg("uploads.unreadableImage");
const TOO_SLOW = msg("uploads.photoTooSlow");
const tooManyPixels = (max: number) => msg("uploads.photoTooManyPixels", { max: Math.floor(max / 1_000_000) });

// One decode at a time in the whole process: a 48-megapixel photo holds about 700 MB while it is
// decoded, and the machine's cores are the pages' too. Others wait their turn in order.
let running: Promise<unknown> = Promise.resolve();

/** The photo's pixels (RGBA, rotation applied), or a message saying why not. */
export function decodeHeic(file: string, limits: HeicLimits): Promise<DecodedHeic> {
  const turn = running.then(() => decodeInWorker(file, limits));
  running = turn.catch(() => undefined);
  return turn;
}

type WorkerAnswer =
  | { ok: true; width: number; height: number; pixels: ArrayBuffer }
  | { ok: false; reason: "unreadable" | "too-many-pixels"; width?: number; height?: number };

function decodeInWorker(file: string, limits: HeicLimits): Promise<DecodedHeic> {
  return new Promise((resolve) => {
    // A file path, not a bundled module: the worker loads libheif-js itself, beside the server.
    const worker = new Worker(path.join(process.cwd(), "lib/files/heic-worker.mjs"), {
      workerData: { input: file, maxPixels: limits.maxPixels },
      // The JavaScript heap only; the pixels live in WebAssembly memory and ArrayBuffers.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let ready = false;
    let settled = false;
    const finish = (result: DecodedHeic) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, message: TOO_SLOW }), limits.timeoutMs);
    worker.on("message", (answer: WorkerAnswer | { ready: true }) => {
      if ("ready" in answer) ready = true;
      else if (answer.ok)
        finish({ ok: true, pixels: Buffer.from(answer.pixels), width: answer.width, height: answer.height });
      else
        finish({
          ok: false,
          message: answer.reason === "too-many-pixels" ? tooManyPixels(limits.maxPixels) : UNREADABLE,
        });
    });
    worker.on("error", (err) => {
      // Before "ready" the decoder itself could not start: a fault of the server, not of the file.
      if (ready) console.warn("A HEIC photo could not be decoded:", err.message);
      else console.error("The HEIC decoder could not start:", err);
      finish({ ok: false, message: UNREADABLE });
    });
    worker.on("exit", () => finish({ ok: false, message: UNREADABLE }));
  });
}
