import "server-only";
import fs from "node:fs";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { msg, type Message } from "@/lib/i18n/message";
import { ALLOWED, type FileClass } from "./types";

export type Inspected = { ok: true; mime: string; cls: FileClass; ext: string } | { ok: false; message: Message };

const REFUSED = msg("uploads.kind");

/** The file's type from its bytes, checked against the allow-list (lib/files/types.ts). */
export async function inspectFile(p: string): Promise<Inspected> {
  const sniffed = await fileTypeFromFile(p);
  if (sniffed) {
    const allowed = ALLOWED[sniffed.mime];
    return allowed ? { ok: true, mime: sniffed.mime, ...allowed } : { ok: false, message: REFUSED };
  }
  return (await isPlainText(p))
    ? { ok: true, mime: "text/plain", cls: "text", ext: "txt" }
    : { ok: false, message: REFUSED };
}

// Markup and scripts are refused even as "text": an HTML page renamed .pdf or .txt, an SVG, a shell script.
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|xml|\?xml)\b/i;

/** Valid UTF-8 with no NUL, not markup, not a script with a #! line. */
async function isPlainText(p: string): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let head = "";
  try {
    for await (const chunk of fs.createReadStream(p, { highWaterMark: 64 * 1024 })) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text.includes("\u0000")) return false;
      if (head.length < 64 * 1024) head += text.slice(0, 64 * 1024 - head.length);
    }
    decoder.decode();
  } catch {
    return false;
  }
  const start = head.replace(/^\uFEFF/, "").trimStart();
  return !start.startsWith("<") && !start.startsWith("#!") && !MARKUP.test(head);
}

/** Decoding stops past this many pixels: a small file that inflates to a huge image is refused. */
export const MAX_PIXELS = 50_000_000;

/** Pixels already decoded (a HEIC photo, lib/files/heic.ts): RGBA, the rotation applied. */
export interface DecodedPixels {
  pixels: Buffer;
  width: number;
  height: number;
}

/**
 * Images are decoded and written again: EXIF (with any GPS position) and whatever trailed the
 * image data (a polyglot's HTML) are gone; the orientation is applied first. Plus a thumbnail.
 */
export async function reencodeImage(
  input: string | DecodedPixels,
  output: string,
  thumb: string,
  mime: string,
): Promise<{ ok: true } | { ok: false; message: Message }> {
  const open = (animated: boolean) =>
    typeof input === "string"
      ? sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error", animated }).rotate()
      : // A JPEG has no transparency: a transparent HEIC is shown on white, not on black.
        sharp(input.pixels, {
          raw: { width: input.width, height: input.height, channels: 4 },
          limitInputPixels: MAX_PIXELS,
        }).flatten({ background: "#ffffff" });
  try {
    const img = open(mime === "image/gif" || mime === "image/webp");
    const encoded =
      mime === "image/jpeg"
        ? img.jpeg({ quality: 90, mozjpeg: false })
        : mime === "image/png"
          ? img.png()
          : mime === "image/gif"
            ? img.gif()
            : img.webp({ quality: 90 });
    await encoded.toFile(output);
    await open(false)
      .resize({ width: 320, height: 320, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toFile(thumb);
    return { ok: true };
  } catch {
    return { ok: false, message: msg("uploads.unreadableImage") };
  }
}
