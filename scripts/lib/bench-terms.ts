// Two semesters over a generated school's data (issue 19's benchmark: "the school preset with 2
// semesters"), for scripts/bench.ts --terms and scripts/report-pdf-bench.ts: the first ends halfway
// through the attendance days, the second runs on past the last. The first is published, so the
// term report-card PDF can be drawn. Nothing is made when the school already has terms.
import { sql, type SQL } from "drizzle-orm";

type Rows = <T>(q: SQL) => Promise<T[]>;

export async function ensureTwoSemesters(rows: Rows): Promise<{ id: number; title: string }> {
  const [existing] = await rows<{ n: number }>(sql`select count(*)::int as n from school_terms`);
  if (existing!.n === 0) {
    await rows(sql`
      with span as (select min(date) as first, max(date) as last from attendance)
      insert into school_terms (title, type, start_date, end_date)
      select 'Semester 1', 'term', first - 30, first + (last - first) / 2 from span
      union all select 'Semester 2', 'term', first + (last - first) / 2 + 1, last + 200 from span
      returning id`);
  }
  const [first] = await rows<{ id: number; title: string }>(
    sql`select id, title from school_terms order by start_date, id limit 1`,
  );
  if (!first) throw new Error("no attendance to make terms from: generate a school first");
  await rows(
    sql`insert into term_publications (term_id) values (${first.id}) on conflict do nothing returning term_id`,
  );
  return first;
}
