// School years (issue 41): the reads every screen shares. The current year is computed from the
// few rows of school_years (lib/domain/school-years currentYearOf) once per request.
import "server-only";
import { cache } from "react";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { currentYearOf, type SchoolYear } from "@/lib/domain/school-years";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";

type Runner = Parameters<typeof queryRows>[1];

/** The setting that holds the admin's choice of current year ({ id }); absent: by the dates. */
export const CURRENT_YEAR_SETTING = "current_year";

export interface YearRow extends SchoolYear {
  sourcedId: string | null;
  closedAt: string | null;
  /** The admin's choice (the setting), else null. */
  chosen: boolean;
}

/** Every year, oldest first, with whether it is closed and which one an admin chose as current. */
export async function listYears(on?: Runner): Promise<YearRow[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    startDate: string;
    endDate: string;
    sourcedId: string | null;
    closedAt: Date | string | null;
    chosen: boolean;
  }>(
    sql`select y.id, y.title, y.start_date::text as "startDate", y.end_date::text as "endDate",
               y.sourced_id as "sourcedId", y.closed_at as "closedAt",
               coalesce((select (s.value->>'id')::int = y.id from settings s where s.key = ${CURRENT_YEAR_SETTING}), false) as chosen
        from school_years y order by y.start_date, y.id`,
    on,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    closed: r.closedAt !== null,
    closedAt: r.closedAt === null ? null : new Date(r.closedAt).toISOString(),
  }));
}

/** The school's calendar day now. */
export function schoolToday(now = new Date()): string {
  return dateInTimeZone(now, schoolTimeZone());
}

/** The current year (lib/domain/school-years currentYearOf) from these rows. */
export function currentOf(years: readonly YearRow[], today = schoolToday()): YearRow | null {
  return currentYearOf(years, today, years.find((y) => y.chosen)?.id ?? null);
}

/** The years and the current one, read once per request. */
export const yearsNow = cache(async (): Promise<{ years: YearRow[]; current: YearRow | null }> => {
  const years = await listYears();
  return { years, current: currentOf(years) };
});

/**
 * The SQL condition "this class is in the current year and not concluded" over `levels` aliased
 * as given: a class without a year counts as the current year's. No year at all: every open class.
 */
export function inCurrentYear(current: YearRow | null, alias = "levels") {
  const col = sql.raw(`${alias}.year_id`);
  if (current === null)
    return sql`not exists (select 1 from school_years y where y.id = ${col} and y.closed_at is not null)`;
  if (current.closed) return sql`false`;
  return sql`coalesce(${col}, ${current.id}) = ${current.id}`;
}

/** The SQL condition "this class is concluded" (its year is closed) over `levels` aliased as given. */
export function concludedClass(alias = "levels") {
  return sql`exists (select 1 from school_years y where y.id = ${sql.raw(`${alias}.year_id`)} and y.closed_at is not null)`;
}

/**
 * How many classes each year has (by year id). A class without a year is the current year's
 * (inCurrentYear), so it is counted there.
 */
export async function yearClassCounts(current: YearRow | null): Promise<Map<number, number>> {
  const rows = await queryRows<{ yearId: number | null; n: number }>(
    sql`select year_id as "yearId", count(*)::int as n from levels group by year_id`,
  );
  const counts = new Map<number, number>();
  for (const r of rows) {
    const id = r.yearId === null ? current?.id : Number(r.yearId);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + Number(r.n));
  }
  return counts;
}
