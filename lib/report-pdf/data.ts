// What the term report-card PDF prints (issue 19): for a published term and a scope (one class, a
// grade level, the whole school), every student with, per class, the term's letter and percent
// from the one calculator, the term's attendance and the teacher's comment. Read class by class
// (ten statements for the grades, one for attendance), so the cost grows with classes, not cells.
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { reportCardAttendancePercent } from "@/lib/domain/attendance";
import { countAttendanceBetween } from "@/lib/queries/attendance";
import { teacherLetter } from "@/lib/domain/grades";
import type { Term } from "@/lib/domain/terms";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";

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
  attendancePercent: number;
  attendance: { present: number; absent: number; late: number; excused: number };
  comment: string | null;
  why: string[];
}

export interface PdfStudent {
  id: number;
  name: string;
  classes: PdfClassLine[];
}

/** The classes a scope covers (live ones only), in name order. */
export async function scopeClasses(
  scope: PdfScope,
): Promise<{ code: string; name: string; period: string | null; teacher: string | null }[]> {
  const where =
    scope.kind === "class"
      ? sql`l.code = ${scope.code}`
      : scope.kind === "level"
        ? sql`l.level = ${scope.level}`
        : scope.kind === "student"
          ? sql`l.code in (select level_code from student_enrollment where student_id = ${scope.id})`
          : sql`true`;
  return queryRows(sql`
    select l.code, l.name, l.period, t.name as teacher from levels l left join users t on t.id = l.teacher_id
    where l.roster_deleted_at is null and ${where} order by l.name, l.code`);
}

/** Every student of the scope's classes with their lines for the term, by name. `onClass` reports progress. */
export async function loadTermReportCards(
  term: Term,
  scope: PdfScope,
  timeZone: string,
  onClass?: (done: number, total: number) => void,
): Promise<PdfStudent[]> {
  const classes = await scopeClasses(scope);
  const students = new Map<number, PdfStudent>();
  let done = 0;
  for (const c of classes) {
    const [{ rows }, attendance] = await Promise.all([
      loadClassTermGrades(c.code, term.id, timeZone),
      countAttendanceBetween(c.code, term),
    ]);
    for (const r of rows) {
      if (scope.kind === "student" && r.studentId !== scope.id) continue;
      const counts = attendance.get(r.studentId) ?? { present: 0, absent: 0, late: 0, excused: 0 };
      const line: PdfClassLine = {
        className: c.name,
        period: c.period,
        teacher: c.teacher,
        percent: r.view.percent,
        letter: teacherLetter(r.view.percent),
        empty: r.view.empty,
        overridden: r.view.overridden,
        attendancePercent: reportCardAttendancePercent(counts),
        attendance: counts,
        comment: r.comment,
        why: r.view.why,
      };
      const s = students.get(r.studentId) ?? { id: r.studentId, name: r.name, classes: [] };
      s.classes.push(line);
      students.set(r.studentId, s);
    }
    onClass?.(++done, classes.length);
  }
  return [...students.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
