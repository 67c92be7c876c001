import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { toCsv, SPREADSHEET, type Cell } from "./csv";

// Attendance CSV: one row per student per day (not a student × day matrix). Each row is one
// record as stored, so a SIS import maps it column for column, a spreadsheet filters and pivots
// it, and a range of any length keeps the same five columns. A day a student has no record
// for has no row. Records of students who have since left the class are kept: they are facts
// of the range.

// The header in the downloader's language (issue 31); the values (dates, status codes) stay as stored.
const ATTENDANCE_HEADER = ["student", "username", "sisId", "class", "date", "status"] as const;

/** One statement: the class's records in the range with their students, by date then name. */
export async function attendanceCsv(
  levelCode: string,
  from: string,
  to: string,
  locale: Locale = "en",
): Promise<{ csv: string; rows: number }> {
  const records = await queryRows<{
    name: string;
    username: string;
    sis_id: string | null;
    date: string;
    status: string;
  }>(sql`
    select u.name, u.username, u.sourced_id as sis_id, a.date::text as date, a.status
    from attendance a join users u on u.id = a.student_id
    where a.level_code = ${levelCode} and a.date between ${from}::date and ${to}::date
    order by a.date, u.name, u.id`);
  const rows: Cell[][] = [
    ATTENDANCE_HEADER.map((key) => translatorFor(locale, "csv")(key)),
    ...records.map((r) => [r.name, r.username, r.sis_id ?? "", levelCode, r.date, r.status]),
  ];
  return { csv: toCsv(rows, SPREADSHEET), rows: records.length };
}
