import "server-only";
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import { env } from "@/lib/env";
import { msg, type Message } from "@/lib/i18n/message";
import { clamScan } from "./scan";
import { fileStorage, stagingDir } from "./index";
import { decodeHeic } from "./heic";
import { inspectFile, MAX_PIXELS, reencodeImage } from "./inspect";
import { receiveOneFile, sha256File } from "./receive";
import { admitsUpload, insertFile, quotaLeft, quotaMessage, type FileKind } from "./records";
import { CONVERTED_TO_JPEG, safeFileName } from "./types";

export type IngestResult =
  | { status: 201; file: { id: number; name: string; mime: string; size: number } }
  | { status: 400 | 409 | 413 | 415 | 422 | 503; message: Message };

const MB = 1024 * 1024;
/** A 12-megapixel photo took 9 s on a 2-core machine at load 20: room for 48 megapixels there. Longer is refused. */
const HEIC_TIMEOUT_MS = 120_000;

export function newKey(prefix: "f" | "t"): string {
  return `${prefix}/${new Date().getUTCFullYear()}/${crypto.randomBytes(16).toString("hex")}`;
}

/**
 * One upload, in the order that keeps a crash harmless (decision 023): limits checked; the body
 * streamed to a staging file under its cap; the type decided by content; images re-encoded and
 * thumbnailed (HEIC photos decoded first, lib/files/heic.ts, and stored as JPEG); scanned when
 * ClamAV is configured; the object stored; only then the row written.
 * A crash before the row leaves an object no row points to, which the sweep removes.
 */
export async function ingestUpload(
  request: Request,
  target: {
    levelCode: string;
    kind: FileKind;
    targetId: number;
    uploaderId: number;
    /** The student's hand-in dialog (lib/files/records.ts); null for a teacher's files. */
    draftId: string | null;
    quota: boolean;
  },
): Promise<IngestResult> {
  const e = env();
  const quotaBytes = target.quota ? e.FILES_QUOTA_MB * MB : null;
  const admitted = await admitsUpload(target, quotaBytes);
  if (!admitted.ok) return { status: 409, message: admitted.message };
  const left = quotaBytes === null ? Infinity : await quotaLeft(target.uploaderId, quotaBytes);
  const fileCap = e.FILES_MAX_MB * MB;
  const cap = Math.min(fileCap, left);

  const received = await receiveOneFile(request, stagingDir(), cap);
  if (!received.ok) {
    // Past what is left of the student's quota: say so, not "at most N MB" with N what was left.
    if (received.status === 413 && quotaBytes !== null && cap < fileCap)
      return { status: 413, message: quotaMessage(quotaBytes) };
    return { status: received.status, message: received.message };
  }
  const staged = [received.tempPath];
  try {
    const type = await inspectFile(received.tempPath);
    if (!type.ok) return { status: 415, message: type.message };
    if (type.cls === "media" && received.size > e.FILES_MEDIA_MAX_MB * MB)
      return { status: 413, message: msg("uploads.mediaTooLarge", { mb: e.FILES_MEDIA_MAX_MB }) };

    let body = received.tempPath;
    let thumb: string | null = null;
    const mime = CONVERTED_TO_JPEG.has(type.mime) ? "image/jpeg" : type.mime;
    if (type.cls === "image") {
      body = `${received.tempPath}.clean`;
      thumb = `${received.tempPath}.thumb`;
      staged.push(body, thumb);
      let source: Parameters<typeof reencodeImage>[0] = received.tempPath;
      if (CONVERTED_TO_JPEG.has(type.mime)) {
        const decoded = await decodeHeic(received.tempPath, { maxPixels: MAX_PIXELS, timeoutMs: HEIC_TIMEOUT_MS });
        if (!decoded.ok) return { status: 422, message: decoded.message };
        source = decoded;
      }
      const done = await reencodeImage(source, body, thumb, mime);
      if (!done.ok) return { status: 422, message: done.message };
    }

    let scan: "clean" | "unscanned" = "unscanned";
    if (e.CLAMAV_HOST) {
      const verdict = await clamScan(e.CLAMAV_HOST, body);
      if (verdict === "infected") return { status: 422, message: msg("uploads.infected") };
      if (verdict === "error") return { status: 503, message: msg("uploads.cannotCheck") };
      scan = "clean";
    }

    const size = (await fsp.stat(body)).size;
    const sha256 = await sha256File(body);
    const storage = fileStorage();
    const storageKey = newKey("f");
    const thumbKey = thumb ? newKey("t") : null;
    await storage.put(storageKey, body, size, mime);
    if (thumb && thumbKey) await storage.put(thumbKey, thumb, (await fsp.stat(thumb)).size, "image/webp");
    const name = safeFileName(received.claimedName, type.ext);
    const inserted = await insertFile(
      { ...target, storageKey, thumbKey, name, mime, size, sha256, scan },
      quotaBytes,
    ).catch(async (err: unknown) => {
      await removeObjects(storageKey, thumbKey);
      throw err;
    });
    if (!("id" in inserted)) {
      await removeObjects(storageKey, thumbKey);
      return { status: 409, message: inserted.ok ? msg("uploads.notSaved") : inserted.message };
    }
    return { status: 201, file: { id: inserted.id, name, mime, size } };
  } finally {
    await Promise.all(staged.map((p) => fsp.rm(p, { force: true })));
  }
}

async function removeObjects(key: string, thumbKey: string | null) {
  const storage = fileStorage();
  await storage.delete(key).catch(() => undefined);
  if (thumbKey) await storage.delete(thumbKey).catch(() => undefined);
}
