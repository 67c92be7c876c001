// Closing and reopening a school year (issue 41). Closing concludes every class of the year: the
// classes keep every record and refuse every write (lib/years/conclusion.ts), as a published
// term's grades do. Closing and reopening hold the grade-write lock exclusively, so a grade write
// in flight either commits before the year closes or is refused after (lib/gradebook/lock.ts).
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { writeSetting } from "@/lib/school-settings";
import { db, queryRows } from "@/lib/db/client";
import { holdAllGradeWrites } from "@/lib/gradebook/lock";
import { msg } from "@/lib/i18n/message";
import { CURRENT_YEAR_SETTING, listYears } from "@/lib/queries/school-years";

type Runner = Parameters<typeof queryRows>[1];

export interface ClosePreview {
  year: { id: number; title: string; startDate: string; endDate: string; closed: boolean };
  classes: number;
  students: number;
  /** The year's grading terms without published report cards. */
  unpublishedTerms: { id: number; title: string }[];
  /** Classes with submissions no one has graded yet, with how many. */
  ungraded: { code: string; name: string; count: number }[];
  /** Grades still drafts (issue 44): once the year is closed nobody can return them. */
  drafts: { code: string; name: string; count: number }[];
}

/** What closing this year would conclude and what is still open in it; null when there is no such year. */
export async function closePreview(yearId: number, on?: Runner): Promise<ClosePreview | null> {
  const year = (await listYears(on)).find((y) => y.id === yearId);
  if (!year) return null;
  const [counts] = await queryRows<{ classes: number; students: number }>(
    sql`select count(*)::int as classes,
               (select count(distinct e.student_id)::int from student_enrollment e join levels l on l.code = e.level_code where ${ofYear(year)}) as students
        from levels l where ${ofYear(year)}`,
    on,
  );
  const unpublishedTerms = await queryRows<{ id: number; title: string }>(
    sql`select t.id, t.title from school_terms t
        where t.year_id = ${year.id} and t.type <> 'schoolYear'
          and not exists (select 1 from term_publications p where p.term_id = t.id)
        order by t.start_date, t.id`,
    on,
  );
  const ungraded = await queryRows<{ code: string; name: string; count: number }>(
    sql`select l.code, l.name, count(distinct (s.assignment_id, s.student_id))::int as count
        from levels l join assignments a on a.level_code = l.code
        join assignment_submissions s on s.assignment_id = a.id
        where ${ofYear(year)} and not exists (select 1 from grades g where g.assignment_id = s.assignment_id and g.student_id = s.student_id)
        group by l.code, l.name order by l.name, l.code limit 200`,
    on,
  );
  const drafts = await queryRows<{ code: string; name: string; count: number }>(
    sql`select l.code, l.name, count(*)::int as count
        from levels l join assignments a on a.level_code = l.code
        join grades g on g.assignment_id = a.id
        where ${ofYear(year)} and g.returned_at is null
        group by l.code, l.name order by l.name, l.code limit 200`,
    on,
  );
  return {
    year: { id: year.id, title: year.title, startDate: year.startDate, endDate: year.endDate, closed: year.closed },
    classes: Number(counts?.classes ?? 0),
    students: Number(counts?.students ?? 0),
    unpublishedTerms: unpublishedTerms.map((t) => ({ id: Number(t.id), title: t.title })),
    ungraded: ungraded.map((u) => ({ ...u, count: Number(u.count) })),
    drafts: drafts.map((u) => ({ ...u, count: Number(u.count) })),
  };
}

/** The classes of a year: its own, and those without a year made before it ended (they were its). */
function ofYear(year: { id: number; endDate: string }) {
  return sql`(l.year_id = ${year.id} or (l.year_id is null and l.created_at::date <= ${year.endDate}::date))`;
}

/** Closes a year: its classes are concluded. Audited with what the preview counted. */
export async function closeYear(yearId: number, actorId: number): Promise<Answer<{ classes: number }>> {
  return db().transaction(async (tx) => {
    await holdAllGradeWrites(tx);
    const preview = await closePreview(yearId, tx);
    if (!preview) return { ok: false, message: msg("years.actions.notFound") };
    if (preview.year.closed)
      return { ok: false, message: msg("years.actions.alreadyClosed", { year: preview.year.title }) };
    // A class without a year made before this year ended belonged to it: it is concluded with it.
    await tx.execute(
      sql`update levels l set year_id = ${yearId} where l.year_id is null and l.created_at::date <= ${preview.year.endDate}::date`,
    );
    await tx.execute(sql`update school_years set closed_at = now(), closed_by = ${actorId} where id = ${yearId}`);
    await audit(tx, {
      action: "year.closed",
      actorId,
      detail: {
        year: preview.year.title,
        classes: preview.classes,
        students: preview.students,
        unpublishedTerms: preview.unpublishedTerms.length,
        ungradedClasses: preview.ungraded.length,
      },
    });
    return {
      ok: true,
      message: msg("years.actions.closed", { year: preview.year.title, count: preview.classes }),
      data: { classes: preview.classes },
    };
  });
}

/** Reopens a closed year: its classes take writes again. Audited. */
export async function reopenYear(yearId: number, actorId: number): Promise<Answer> {
  return db().transaction(async (tx) => {
    await holdAllGradeWrites(tx);
    const year = (await listYears(tx)).find((y) => y.id === yearId);
    if (!year) return { ok: false, message: msg("years.actions.notFound") };
    if (!year.closed) return { ok: false, message: msg("years.actions.notClosed", { year: year.title }) };
    await tx.execute(sql`update school_years set closed_at = null, closed_by = null where id = ${yearId}`);
    await audit(tx, { action: "year.reopened", actorId, detail: { year: year.title } });
    return { ok: true, message: msg("years.actions.reopened", { year: year.title }) };
  });
}

/** Sets which year is current (null: by the dates again). Audited. */
export async function chooseCurrentYear(yearId: number | null, actorId: number): Promise<Answer> {
  return db().transaction(async (tx) => {
    const years = await listYears(tx);
    const year = yearId === null ? null : years.find((y) => y.id === yearId);
    if (yearId !== null && !year) return { ok: false, message: msg("years.actions.notFound") };
    if (year) await writeSetting(tx, CURRENT_YEAR_SETTING, { id: year.id }, actorId);
    else await tx.execute(sql`delete from settings where key = ${CURRENT_YEAR_SETTING}`);
    await audit(tx, { action: "year.current_chosen", actorId, detail: { year: year?.title ?? null } });
    return {
      ok: true,
      message: year ? msg("years.actions.currentChosen", { year: year.title }) : msg("years.actions.currentByDates"),
    };
  });
}
