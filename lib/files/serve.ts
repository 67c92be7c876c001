import "server-only";
import { Readable } from "node:stream";
import type { FileRecord } from "./access";
import { fileStorage } from "./index";
import { contentDisposition, isInline } from "./types";

// Every attachment is answered so a browser cannot run it: its stored type (decided by content),
// nosniff, and a CSP that allows nothing active. The sandbox is left off only for PDFs, whose
// viewer (Chromium's) does not open in a sandboxed document; a PDF's own scripts are not run by it.
const CSP_SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const CSP_PDF =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

export async function fileResponse(
  file: FileRecord,
  opts: { inline: boolean; thumb: boolean },
): Promise<Response | null> {
  const key = opts.thumb ? file.thumbKey : file.storageKey;
  if (!key) return null;
  const obj = await fileStorage().get(key);
  if (!obj) return null;
  const mime = opts.thumb ? "image/webp" : file.mime;
  const inline = (opts.inline || opts.thumb) && isInline(file.mime);
  return new Response(Readable.toWeb(obj.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "content-type": mime === "text/plain" ? "text/plain; charset=utf-8" : mime,
      "content-length": String(obj.size),
      "content-disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
      "x-content-type-options": "nosniff",
      "content-security-policy": mime === "application/pdf" ? CSP_PDF : CSP_SANDBOX,
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
      "cross-origin-resource-policy": "same-origin",
      // Framed by the portal's own pages only (View Responses shows PDFs inline).
      "x-frame-options": "SAMEORIGIN",
    },
  });
}
