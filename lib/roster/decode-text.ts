// A CSV file's bytes as text: UTF-8, UTF-16 with a byte-order mark, or Windows-1252 with a warning.
import { msg, type Message } from "@/lib/i18n/message";

type Decoded = { ok: true; text: string; warning?: Message } | { ok: false; message: Message; fix: Message };

/**
 * UTF-8 with or without a byte-order mark; UTF-16 when it has one (Excel's "Unicode" files);
 * otherwise Windows-1252 (Excel's plain "CSV" on Windows), with a warning. Binary files are refused.
 */
export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: new TextDecoder("utf-16le").decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, text: new TextDecoder("utf-16be").decode(bytes) };
  if (bytes.includes(0))
    return {
      ok: false,
      message: msg("admin.rosterReport.text.thisNotTextFile"),
      fix: msg("admin.rosterReport.text.saveSheetAsCSV"),
    };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return {
      ok: true,
      text: new TextDecoder("windows-1252").decode(bytes),
      warning: msg("admin.rosterReport.text.fileNotUTF8"),
    };
  }
}
