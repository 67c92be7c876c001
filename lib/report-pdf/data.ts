// What the term report-card PDF prints (issues 19, 27): for a published term and a scope (one
// class, a grade level, the whole school), every student with, per class, the term's stored card
// (letter and percent as published, the term's attendance and the teacher's comment).
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import type { Term } from "@/lib/domain/terms";
import { storedCardFrom, storedCardJson } from "@/lib/gradebook/stored-cards";
import type { Locale } from "@/lib/i18n/locales";
import { recipientLocale } from "@/lib/i18n/recipient";
import type { Message } from "@/lib/i18n/message";

export type PdfScope =
  | { kind: "school" }
  | { kind: "class"; code: string }
  | { kind: "level"; level: string }
  | { kind: "student"; id: number };

export interface PdfClassLine {
  className: string;
  period: string | null;
  teacher: string | null;
  percent: number;
  letter: string;
  empty: boolean;
  overridden: boolean;
  /** null: no attendance was taken in the term. */
  attendancePercent: number | null;
  attendance: { present: number; absent: number; late: number; excused: number };
  comment: string | null;
  why: Message[];
}

export interface PdfStudent {
  id: number;
  name: string;
  classes: PdfClassLine[];
  /** The family's language (issue 31): the first linked guardian's own choice, else SCHOOL_LOCALE. */
  locale: Locale;
}

/**
 * Every student with a stored card line in the scope for the published term (issue 27: the
 * cards as published, never recomputed; a student who has left a class keeps its line), by
 * name, in one statement. `onClass` reports progress per class.
 */
export async function loadTermReportCards(
  term: Term,
  scope: PdfScope,
  _timeZone: string,
  onClass?: (done: number, total: number) => void,
): Promise<PdfStudent[]> {
  const where =
    scope.kind === "class"
      ? sql`r.level_code = ${scope.code}`
      : scope.kind === "level"
        ? sql`r.level_code in (select code from levels where level = ${scope.level})`
        : scope.kind === "student"
          ? sql`r.student_id = ${scope.id}`
          : sql`true`;
  const rows = await queryRows<{
    student_id: number;
    student_name: string;
    level_code: string;
    class_name: string;
    period: string | null;
    teacher_name: string | null;
    card: StoredTermGrade | string;
    family_locale: string | null;
  }>(sql`
    select r.student_id, u.name as student_name, r.level_code, r.class_name, r.period, r.teacher_name, ${storedCardJson("r")} as card,
      (select p.locale from guardian_links g join users p on p.id = g.parent_id
        where g.student_id = r.student_id and g.removed_at is null and p.locale is not null order by g.id limit 1) as family_locale
    from term_grade_records r join term_publications p on p.term_id = r.term_id join users u on u.id = r.student_id
    where r.term_id = ${term.id} and ${where}
    order by r.class_name, r.level_code`);
  const students = new Map<number, PdfStudent>();
  const classes = new Set<string>();
  for (const r of rows) {
    const card = storedCardFrom(r.card);
    const line: PdfClassLine = {
      className: r.class_name,
      period: r.period,
      teacher: r.teacher_name,
      percent: card.percent ?? 0,
      letter: card.letter ?? "—",
      empty: card.percent === null,
      overridden: card.override !== null,
      attendancePercent: card.attendancePercent,
      attendance: card.attendance,
      comment: card.comment,
      why: card.why.family,
    };
    const id = Number(r.student_id);
    const s = students.get(id) ?? { id, name: r.student_name, classes: [], locale: recipientLocale(r.family_locale) };
    s.classes.push(line);
    students.set(id, s);
    if (!classes.has(r.level_code)) {
      classes.add(r.level_code);
      onClass?.(classes.size, classes.size);
    }
  }
  return [...students.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
