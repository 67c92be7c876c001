// Bounds on what a roster upload may hold (decision 012). Everything read from an upload is
// bounded before it is inflated, decoded or parsed, so a hostile or broken file is refused with a
// message instead of taking the server's memory. A district of 20,000 students fits well inside.

/** The upload itself (a .zip, or the loose files together). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Entries in a .zip (OneRoster 1.2 has about 20 files; folders and unknown files count too). */
export const MAX_ZIP_ENTRIES = 200;
/** One CSV file, uncompressed. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** All the CSV files we read but results.csv, uncompressed, together (a zip bomb stops here). */
export const MAX_TOTAL_BYTES = 160 * 1024 * 1024;
/** Data rows in one file. */
export const MAX_ROWS_PER_FILE = 300_000;
/**
 * results.csv is the one file that grows with the school's whole gradebook (360,000 results for
 * 2,000 students): its own bounds, checked the same way (declared sizes before inflating, rows
 * while parsing). A result row is ~80 bytes, so 2,000,000 rows fit in 256 MB. Its bytes count
 * against this bound only, so the other files keep theirs.
 */
export const MAX_RESULTS_ROWS = 2_000_000;
export const MAX_RESULTS_BYTES = 256 * 1024 * 1024;

/** The bounds of one file, by its name (without folders, any case). */
export function fileBounds(name: string): { bytes: number; rows: number; ownBudget: boolean } {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  return base === "results.csv"
    ? { bytes: MAX_RESULTS_BYTES, rows: MAX_RESULTS_ROWS, ownBudget: true }
    : { bytes: MAX_FILE_BYTES, rows: MAX_ROWS_PER_FILE, ownBudget: false };
}
/** Characters in one CSV record (all its fields). */
export const MAX_RECORD_CHARS = 64 * 1024;
/**
 * Characters in any one field: the longest the portal keeps (an assignment's description, a
 * grade's feedback: 20,000, as the portal's forms allow); the other columns have smaller limits.
 */
export const MAX_FIELD_CHARS = 20_000;

/** The portal's own column limits (the admin forms use the same). */
export const FIELD_LIMITS = {
  sourcedId: 255,
  name: 200,
  username: 100,
  email: 254,
  phone: 50,
  title: 200,
  code: 50,
  period: 50,
  level: 50,
  description: 20_000,
  feedback: 20_000,
} as const;

/** The largest resultValueMax: every score up to it fits grades.score (numeric(8,2)). */
export const MAX_SCORE_LIMIT = 999_999;

/** Problems and warnings kept in a plan; beyond this only the count grows. */
export const MAX_PROBLEMS_KEPT = 10_000;
