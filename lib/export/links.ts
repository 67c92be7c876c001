// The export links the dashboard's tabs show. Pure and dependency-light: imported by client
// components, so it must not pull in zod or the CSV writer.

/** Must equal MAX_RANGE_DAYS in ./range.ts (kept apart so this file stays light for the browser). */
const MAX_DAYS = 400;

const classPath = (levelCode: string) => `/level/${encodeURIComponent(levelCode)}`;

export function gradebookExportHref(levelCode: string): string {
  return `${classPath(levelCode)}/export/gradebook`;
}

/**
 * Every day with a record, oldest to newest (`datesNewestFirst` as the attendance grid holds
 * them), cut to the last 400 calendar days the export allows; `today` when there is no record.
 */
export function attendanceExportHref(levelCode: string, datesNewestFirst: readonly string[], today: string): string {
  const to = datesNewestFirst[0] ?? today;
  const oldest = datesNewestFirst[datesNewestFirst.length - 1] ?? today;
  const floor = new Date(`${to}T00:00:00Z`);
  floor.setUTCDate(floor.getUTCDate() - (MAX_DAYS - 1));
  const earliest = floor.toISOString().slice(0, 10);
  const from = oldest < earliest ? earliest : oldest;
  return `${classPath(levelCode)}/export/attendance?from=${from}&to=${to}`;
}
