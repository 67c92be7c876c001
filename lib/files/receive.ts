import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { msg, type Message } from "@/lib/i18n/message";

export type Received =
  | { ok: true; tempPath: string; claimedName: string; size: number }
  | { ok: false; status: 400 | 413; message: Message };

/** multipart/form-data overhead allowed on top of the file itself (boundaries, part headers). */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams the one file of a multipart body to a staging file, never holding it in memory:
 * at most `maxBytes` are written, and at the first byte past it the request stream is destroyed
 * (a 2 GB upload stops costing anything at the cap). The staging file is removed on any failure.
 */
export async function receiveOneFile(request: Request, dir: string, maxBytes: number): Promise<Received> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(type) || !request.body)
    return { ok: false, status: 400, message: msg("uploads.notForm") };
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) return tooLarge(maxBytes);

  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const tempPath = path.join(dir, `${Date.now()}-${crypto.randomBytes(12).toString("hex")}`);
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { "content-type": type },
      // Browsers send file names as UTF-8; busboy's default would read them as Latin-1.
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 1, headerPairs: 20 },
    });
  } catch {
    return { ok: false, status: 400, message: msg("uploads.notForm") };
  }

  return new Promise<Received>((resolve) => {
    let settled = false;
    let sawFile = false;
    const finish = async (result: Received) => {
      if (settled) return;
      settled = true;
      if (!result.ok) {
        source.unpipe(bb);
        source.destroy();
        await fsp.rm(tempPath, { force: true });
      }
      resolve(result);
    };
    bb.on("file", (_field, file, info) => {
      if (sawFile) return void file.resume();
      sawFile = true;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      const out = fs.createWriteStream(tempPath, { mode: 0o600 });
      file.on("limit", () => {
        void finish(tooLarge(maxBytes));
        out.destroy();
      });
      pipeline(file, counter, out)
        .then(() => {
          if (file.truncated) return finish(tooLarge(maxBytes));
          if (size === 0) return finish({ ok: false, status: 400, message: msg("uploads.empty") });
          // busboy may still be reading the closing boundary; the file itself is complete.
          return finish({ ok: true, tempPath, claimedName: info.filename ?? "file", size });
        })
        .catch(() => finish({ ok: false, status: 400, message: msg("uploads.interruptedRetry") }));
    });
    bb.on("filesLimit", () => undefined);
    bb.on("error", () => void finish({ ok: false, status: 400, message: msg("uploads.unreadable") }));
    bb.on("close", () => {
      if (!sawFile) void finish({ ok: false, status: 400, message: msg("uploads.chooseFile") });
    });
    source.on("error", () => void finish({ ok: false, status: 400, message: msg("uploads.interrupted") }));
    source.pipe(bb);
  });
}

function tooLarge(maxBytes: number): Received {
  return {
    ok: false,
    status: 413,
    message: msg("uploads.tooLarge", { mb: Math.floor(maxBytes / (1024 * 1024)) }),
  };
}

/** SHA-256 of a staged file, streamed. */
export async function sha256File(p: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(p), hash);
  return hash.digest("hex");
}
