import { dateTimeFormat } from "@/lib/domain/intl";
import { quote } from "./problems";
import { msg, type Message } from "@/lib/i18n/message";

// Value checks shared by the OneRoster and spreadsheet readers. Pure.

/** A calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** OneRoster's dateLastModified: an ISO 8601 date-time (or a plain date), e.g. 2024-08-01T12:00:00.000Z. */
export function isDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(
    s,
  );
  if (!m || !isDate(m[1]!)) return false;
  if (m[2] === undefined) return true;
  return Number(m[2]) < 24 && Number(m[3]) < 60 && (m[4] === undefined || Number(m[4]) < 60);
}

/** true/false as OneRoster writes them, and the spellings spreadsheets use; undefined when neither. */
export function parseBoolean(s: string): boolean | undefined {
  const v = s.trim().toLowerCase();
  if (v === "" || v === "false" || v === "f" || v === "no" || v === "n" || v === "0") return false;
  if (v === "true" || v === "t" || v === "yes" || v === "y" || v === "1") return true;
  return undefined;
}

/** A OneRoster list field ("u1,u2" or with spaces); spreadsheets may also use ; or |. */
export function splitList(s: string, separators: RegExp = /\s*,\s*/): string[] {
  return s
    .split(separators)
    .map((x) => x.trim())
    .filter((x) => x !== "");
}

export const CLASS_CODE_SHAPE = /^[A-Za-z0-9._-]{1,50}$/;

/** A class code from any text: letters, digits, '.', '_' and '-', other runs made '-', at most `max` long. */
export function slugCode(s: string, max = 50): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-") // "Phys 100 - 1" → Phys-100-1, not Phys-100---1
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, max)
    .replace(/[-.]+$/g, "");
}

/** A username from a name: lower-case ASCII letters, digits and dots. */
export function slugUsername(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9@._-]+/g, ".")
    .replace(/^[.]+|[.]+$/g, "")
    .slice(0, 90);
}

/** What a new person's made-up username starts from ("base", then "base-2"…). */
export const usernameBase = (hint: string) => slugUsername(hint) || "user";

/** Excel turns long numbers into 5.55201E+09 unless the column is Text; such a "phone" is lost. */
export const looksLikeExcelNumber = (s: string) => /^\d(\.\d+)?e\+\d+$/i.test(s.trim());

export const phoneDigitCount = (s: string) => s.replace(/\D/g, "").length;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** How far the time zone's clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * An ISO 8601 date-time (or a plain date) as the instant it names, written as UTC with
 * milliseconds (what `Date#toISOString` and the export write). Without an offset it is the school's
 * clock time; a plain date is the start of that day, or with `dateOnly: "end"` 23:59 (a due date
 * written as a day is due that day). null when it is not one.
 */
export function instantOf(s: string, timeZone: string, dateOnly: "start" | "end" = "start"): string | null {
  const m = DATE_TIME.exec(s.trim());
  if (!m || !isDateTime(s.trim())) return null;
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  const dateOnlyRow = h === undefined;
  const hour = dateOnlyRow ? (dateOnly === "end" ? 23 : 0) : Number(h);
  const minute = dateOnlyRow ? (dateOnly === "end" ? 59 : 0) : Number(mi);
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, minute, Number(sec ?? 0), ms);
  let instant: number;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    instant = wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0)) * 60_000;
  } else if (zone) instant = wall;
  else {
    // The school's clock: the offset at the guessed instant, checked again across a DST change.
    const first = wall - zoneOffset(wall, timeZone);
    const second = wall - zoneOffset(first, timeZone);
    instant = second;
  }
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: Message; fix: Message };

/** A score in hundredths: "8", "8.5", "8.50" (0.01 is the portal's step). Not negative, at most two decimals. */
export function parseScore(s: string): Parsed<number> {
  const v = s.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(v);
  if (/^-\d*(\.\d*)?$/.test(v) && /\d/.test(v))
    return {
      ok: false,
      message: msg("admin.rosterReport.text.below0", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.score0More"),
    };
  if (!m || !/\d/.test(v))
    return {
      ok: false,
      message: msg("admin.rosterReport.text.notNumber", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.writeScoreAsNumber"),
    };
  const decimals = m[2] ?? "";
  if (/[1-9]/.test(decimals.slice(2)))
    return {
      ok: false,
      message: msg("admin.rosterReport.text.hasMoreThanTwo", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.roundHundredthsPortalKeeps"),
    };
  const whole = m[1] ?? "";
  if (whole.replace(/^0+/, "").length > 9)
    return {
      ok: false,
      message: msg("admin.rosterReport.text.tooLargeForScore", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.writeScorePointsAt"),
    };
  return { ok: true, value: Number(whole || "0") * 100 + Number(decimals.slice(0, 2).padEnd(2, "0")) };
}

/** resultValueMax → max_score: a whole number of points, 1 to `limit` ("10" and "10.0" are 10; "12.5" is not one). */
export function parseMaxScore(s: string, limit: number): Parsed<number> {
  const v = s.trim();
  if (v === "")
    return {
      ok: false,
      message: msg("admin.rosterReport.text.maximumScoreEmpty"),
      fix: msg("admin.rosterReport.text.writeLineItemS"),
    };
  const m = /^(\d*)(?:\.(\d*))?$/.exec(v);
  if (!m || !/\d/.test(v)) {
    if (/^-\d*(\.\d*)?$/.test(v) && /\d/.test(v))
      return {
        ok: false,
        message: msg("admin.rosterReport.text.below1", { a: quote(v) }),
        fix: msg("admin.rosterReport.text.lineItemSMaximum"),
      };
    return {
      ok: false,
      message: msg("admin.rosterReport.text.notNumber", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.writeMaximumAsWhole"),
    };
  }
  if (/[1-9]/.test(m[2] ?? "")) {
    return {
      ok: false,
      message: msg("admin.rosterReport.text.notWholeNumberPoints", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.makeWholeSISE"),
    };
  }
  const n = Number(m[1] || "0");
  if (n < 1)
    return {
      ok: false,
      message: msg("admin.rosterReport.text.below1", { a: quote(v) }),
      fix: msg("admin.rosterReport.text.lineItemSMaximum"),
    };
  if (n > limit)
    return {
      ok: false,
      message: msg("admin.rosterReport.text.moreThanPointsPortal", { a: quote(v), b: limit }),
      fix: msg("admin.rosterReport.text.useMaximumAtMost", { a: limit }),
    };
  return { ok: true, value: n };
}

/** Hundredths as the portal writes a score: 850 → "8.5", 1000 → "10". */
export const scoreText = (hundredths: number): string => String(hundredths / 100);

/** A stored text as the CSV reader gives it back: line breaks as \n (a browser's form sends \r\n), the cell trimmed. */
export const readBack = (s: string): string => s.replace(/\r\n?/g, "\n").trim();

/** A stored name as the readers give it back: spaces tidied. */
export const nameReadBack = (s: string): string => s.trim().replace(/\s+/g, " ");

/** A stored list (periods, grade levels) as the reader gives it back: "1,2" is "1, 2". */
export const listReadBack = (s: string): string => splitList(s).join(", ");

/**
 * The portal's value when the file's is what the reader makes of it (an empty cell as none), else
 * the file's: the portal's own export imported back changes nothing (decision 012), while a value
 * the file really changes is written as the file has it.
 */
export function keptText(
  portal: string | null | undefined,
  file: string | null,
  asRead: (s: string) => string = readBack,
): string | null {
  if (portal === undefined || portal === null) return file;
  return (asRead(portal) || null) === (file === null ? null : asRead(file) || null) ? portal : file;
}
