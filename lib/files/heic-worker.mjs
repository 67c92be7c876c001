// Decodes one HEIC/HEIF photo to RGBA pixels in a worker thread (lib/files/heic.ts starts it).
// libheif-js is libheif with libde265 compiled to WebAssembly: no native code, no install step, and
// its heap can never grow past 2 GB. Decoding is synchronous and can take seconds, so it runs here,
// off the server's event loop, where the parent can stop it (terminate) when it takes too long.
import fs from "node:fs";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ input: string; maxPixels: number }} */
const { input, maxPixels } = workerData;
const require = createRequire(import.meta.url);

// libheif-js writes its errors with console.log; the parent answers every failure itself.
console.log = () => undefined;

/** @param {Record<string, unknown>} message @param {ArrayBuffer[]} [transfer] */
const answer = (message, transfer = []) => parentPort?.postMessage(message, transfer);

// Nothing is freed: the thread ends after its one answer, and its WebAssembly memory with it.
const libheif = require("libheif-js/wasm-bundle");
answer({ ready: true }); // from here on, a failure is the file's
const images = new libheif.HeifDecoder().decode(fs.readFileSync(input));
// The primary image is the photo; the others are bursts or edits. Its size is read from the
// container before a pixel is decoded, with the rotation (irot) already applied.
const primary = images.find((image) => image.is_primary()) ?? images[0];
const width = primary?.get_width() ?? 0;
const height = primary?.get_height() ?? 0;
if (!primary || !(width > 0 && height > 0)) answer({ ok: false, reason: "unreadable" });
else if (width * height > maxPixels) answer({ ok: false, reason: "too-many-pixels", width, height });
else {
  const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
  // display() applies the container's rotation and mirroring (irot, imir) and crop (clap), as HEIF
  // requires; EXIF Orientation, which an iPhone sets to the same turn, is not applied a second time.
  const done = await new Promise((resolve) => primary.display(target, resolve));
  if (!done) answer({ ok: false, reason: "unreadable" });
  else answer({ ok: true, width, height, pixels: done.data.buffer }, [done.data.buffer]);
}
