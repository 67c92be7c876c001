import { Readable } from "node:stream";
import zlib from "node:zlib";

// One zip entry's bytes, inflated with a cap (issue 28 item 5). A zip states each entry's size in
// its central directory; a hostile one states 1,000 bytes and holds 1 GiB of zeros. fflate's
// unzipSync inflated the whole entry before the CRC check refused it: ~38 s with the process
// stopped. Here Node's zlib inflates with maxOutputLength set to the declared size (itself
// already checked against the import's limits), so it stops as soon as the output passes it, and:
// - inflateOffLoop (the web upload, the command line) runs on libuv's thread pool, so the event
//   loop serves other requests meanwhile, and computes the CRC-32 in 1 MB slices;
// - inflateNow (readUpload, which is synchronous) is the same capped inflate, on the spot.

export interface ZipEntryRef {
  name: string;
  crc: number;
  /** The uncompressed size the central directory declares. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflate; anything else is refused. */
  method: number;
  localOffset: number;
}

/** The bytes and their CRC-32. */
export type Inflated = { ok: true; bytes: Uint8Array; crc: number } | { ok: false; reason: "damaged" | "method" };

/** The entry's compressed bytes, from its local header; null when the header is not where the directory says. */
function compressed(zip: Uint8Array, entry: ZipEntryRef): Uint8Array | null {
  const u16 = (o: number) => zip[o]! | (zip[o + 1]! << 8);
  const u32 = (o: number) => (zip[o]! | (zip[o + 1]! << 8) | (zip[o + 2]! << 16) | (zip[o + 3]! << 24)) >>> 0;
  const at = entry.localOffset;
  if (at + 30 > zip.length || u32(at) !== 0x04034b50) return null;
  const start = at + 30 + u16(at + 26) + u16(at + 28);
  const end = start + entry.compressedSize;
  return end > zip.length ? null : zip.subarray(start, end);
}

/** Inflates `entry` of `zip` on the spot, never producing more than `cap` bytes. */
export function inflateNow(zip: Uint8Array, entry: ZipEntryRef, cap: number): Inflated {
  const input = compressed(zip, entry);
  if (!input) return { ok: false, reason: "damaged" };
  if (entry.method === 0) return input.length <= cap ? { ok: true, bytes: input.slice(), crc: crc32(input) } : damaged;
  if (entry.method !== 8) return { ok: false, reason: "method" };
  try {
    const bytes = new Uint8Array(zlib.inflateRawSync(input, { maxOutputLength: Math.max(1, cap) }));
    return bytes.length <= cap ? { ok: true, bytes, crc: crc32(bytes) } : damaged;
  } catch {
    return damaged; // past the cap (ERR_BUFFER_TOO_LARGE), or not deflate at all
  }
}

/** The same, inflated on the thread pool and checksummed in slices: the event loop is never held. */
export async function inflateOffLoop(zip: Uint8Array, entry: ZipEntryRef, cap: number): Promise<Inflated> {
  const input = compressed(zip, entry);
  if (!input) return { ok: false, reason: "damaged" };
  if (entry.method !== 0 && entry.method !== 8) return { ok: false, reason: "method" };
  let bytes: Uint8Array;
  if (entry.method === 0) {
    if (input.length > cap) return damaged;
    bytes = input.slice();
  } else {
    const out = await inflateStream(input, cap);
    if (!out) return damaged;
    bytes = out;
  }
  let crc = CRC_START;
  for (let i = 0; i < bytes.length; i += CRC_SLICE) {
    crc = crcUpdate(crc, bytes.subarray(i, i + CRC_SLICE));
    if (i + CRC_SLICE < bytes.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return { ok: true, bytes, crc: crcEnd(crc) };
}

/**
 * zlib's stream on the thread pool, fed 64 kB at a time: its chunks are gathered into one buffer
 * allocated at the cap's size (no concatenation), and it is destroyed the moment they pass the cap.
 */
function inflateStream(input: Uint8Array, cap: number): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const out = new Uint8Array(cap);
    let length = 0;
    const inflater = zlib.createInflateRaw();
    inflater.on("data", (chunk: Buffer) => {
      if (length + chunk.length > cap) {
        inflater.destroy();
        resolve(null);
        return;
      }
      out.set(chunk, length);
      length += chunk.length;
    });
    inflater.on("error", () => resolve(null));
    inflater.on("end", () => resolve(out.subarray(0, length)));
    Readable.from(chunks(input)).pipe(inflater);
  });
}

function* chunks(input: Uint8Array) {
  for (let i = 0; i < input.length; i += 1 << 16) yield input.subarray(i, i + (1 << 16));
}

const damaged: Inflated = { ok: false, reason: "damaged" };
const CRC_SLICE = 1 << 18;

let CRC_TABLE: Uint32Array | undefined;
const CRC_START = 0xffffffff;
function crcUpdate(crc: number, bytes: Uint8Array): number {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return crc;
}
const crcEnd = (crc: number) => (crc ^ 0xffffffff) >>> 0;

export function crc32(bytes: Uint8Array): number {
  return crcEnd(crcUpdate(CRC_START, bytes));
}
