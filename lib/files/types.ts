// What may be uploaded (decision 023), decided by the bytes (file-type), never by the name or the
// browser's word. No SVG, HTML, XML or scripts: a file the portal serves must not be able to run.

export type FileClass = "image" | "pdf" | "document" | "text" | "media";

/** Sniffed MIME type → class and the extension the stored name is given. */
export const ALLOWED: Readonly<Record<string, { cls: FileClass; ext: string }>> = {
  "image/jpeg": { cls: "image", ext: "jpg" },
  "image/png": { cls: "image", ext: "png" },
  "image/webp": { cls: "image", ext: "webp" },
  "image/gif": { cls: "image", ext: "gif" },
  // iPhone photos: converted and stored as JPEG (CONVERTED_TO_JPEG), so named .jpg.
  "image/heic": { cls: "image", ext: "jpg" },
  "image/heif": { cls: "image", ext: "jpg" },
  "application/pdf": { cls: "pdf", ext: "pdf" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { cls: "document", ext: "docx" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { cls: "document", ext: "xlsx" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { cls: "document", ext: "pptx" },
  "application/vnd.oasis.opendocument.text": { cls: "document", ext: "odt" },
  "application/vnd.oasis.opendocument.spreadsheet": { cls: "document", ext: "ods" },
  "application/vnd.oasis.opendocument.presentation": { cls: "document", ext: "odp" },
  "text/plain": { cls: "text", ext: "txt" },
  "audio/mpeg": { cls: "media", ext: "mp3" },
  "audio/mp4": { cls: "media", ext: "m4a" },
  "audio/x-m4a": { cls: "media", ext: "m4a" },
  "audio/ogg": { cls: "media", ext: "ogg" },
  "audio/wav": { cls: "media", ext: "wav" },
  "audio/webm": { cls: "media", ext: "weba" },
  "video/mp4": { cls: "media", ext: "mp4" },
  "video/webm": { cls: "media", ext: "webm" },
  "video/quicktime": { cls: "media", ext: "mov" },
};

/** Types no browser shows: decoded on the server (lib/files/heic.ts) and stored as image/jpeg. */
export const CONVERTED_TO_JPEG: ReadonlySet<string> = new Set(["image/heic", "image/heif"]);

/** The picker's accept list (a hint for the browser only; the server decides by content). */
export const ACCEPT_ATTRIBUTE = [
  "image/*",
  // Not every system's picker counts HEIC as an image (Windows, older Android).
  ".heic",
  ".heif",
  "application/pdf",
  ".docx",
  ".xlsx",
  ".pptx",
  ".odt",
  ".ods",
  ".odp",
  ".txt",
  "audio/*",
  "video/*",
].join(",");

/** Shown in the browser itself (inline) rather than only downloaded. */
export function isInline(mime: string): boolean {
  return mime.startsWith("image/") || mime === "application/pdf" || mime === "text/plain" || isMedia(mime);
}

export function isMedia(mime: string): boolean {
  return mime.startsWith("audio/") || mime.startsWith("video/");
}

// Bidirectional overrides and isolates, zero-width and other format characters: they make
// "photo‮gpj.exe" read as "photoexe.jpg". Control characters and path separators go too.
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff/\\:*?"<>|]/g;

/**
 * A display name for a stored file: the last path segment only, no control or direction
 * characters, at most 100 characters, and the extension the content has (not the one claimed).
 */
export function safeFileName(claimed: string, ext: string): string {
  const last = claimed.split(/[/\\]/).pop() ?? "";
  let base = last.normalize("NFC").replace(UNSAFE_NAME, "").replace(/\s+/g, " ").trim();
  base = base
    .replace(/\.[A-Za-z0-9]{1,8}$/, "")
    .replace(/^\.+/, "")
    .trim();
  if (!base) base = "file";
  return `${base.slice(0, 100)}.${ext}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
