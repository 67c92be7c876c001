// School years of the plan (issue 41). academicSessions of type schoolYear are the school's years
// (school_years, by sourcedId); each term belongs to its parent session's year, else to the year
// whose dates hold it; each class to its terms' year (classes.csv termSourcedIds), else to the year
// it already has, else to the current year. A closed year is history: the import leaves its
// classes, their enrollments and gradebook, and its terms as they are, even when a bulk file no
// longer lists them (a September file lists next year's classes only), and says so in the preview.
import { currentYearOf } from "@/lib/domain/school-years";
import { msg } from "@/lib/i18n/message";
import { FIELD_LIMITS } from "./limits";
import type { PlanContext, StateYear, YearRef } from "./plan-context";
import { quote } from "./problems";

export const isYearSession = (type: string) => type.toLowerCase() === "schoolyear";

/** The title a school year can hold (school_years_title_check: 1 to 100 characters). */
const YEAR_TITLE = Math.min(100, FIELD_LIMITS.title);

/** Years as the import leaves them, each class's and term's year, and who belongs only to closed years. */
export function planYears(ctx: PlanContext): void {
  const { data, state, changes } = ctx;
  const bySourced = new Map(state.years.filter((y) => y.sourcedId !== null).map((y) => [y.sourcedId!, y]));
  const merged: (StateYear & { ref: YearRef })[] = state.years.map((y) => ({ ...y, ref: y.id }));
  const refOfSourced = new Map<string, YearRef>();
  for (const y of state.years) if (y.sourcedId !== null) refOfSourced.set(y.sourcedId, y.id);
  for (const t of data.terms) {
    if (!isYearSession(t.type)) continue;
    const values = {
      sourcedId: t.sourcedId,
      title: t.title.slice(0, YEAR_TITLE),
      startDate: t.startDate,
      endDate: t.endDate,
    };
    const db = bySourced.get(t.sourcedId);
    if (!db) {
      const ref = `y:${t.sourcedId}`;
      changes.years.create.push(values);
      refOfSourced.set(t.sourcedId, ref);
      merged.push({ ...values, id: -merged.length - 1, closed: false, ref });
    } else if (
      !db.closed &&
      (db.title !== values.title || db.startDate !== values.startDate || db.endDate !== values.endDate)
    ) {
      changes.years.update.push({ ...values, id: db.id });
      Object.assign(
        merged.find((y) => y.id === db.id)!,
        values,
      );
    }
  }
  const byStart = [...merged].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  const holding = (startDate: string, endDate: string) =>
    byStart.find((y) => y.startDate <= startDate && endDate <= y.endDate)?.ref ?? null;

  const fileTerms = new Map(data.terms.map((t) => [t.sourcedId, t]));
  const stateTerms = new Map(state.terms.map((t) => [t.sourcedId, t]));
  const termYear = (id: string, depth = 0): YearRef | null => {
    const own = refOfSourced.get(id);
    if (own !== undefined) return own;
    const t = fileTerms.get(id);
    if (t) {
      // A grading period's parent may be a semester: its year is the semester's.
      const parent = t.parentSourcedId !== null && depth < 5 ? termYear(t.parentSourcedId, depth + 1) : null;
      return parent ?? holding(t.startDate, t.endDate);
    }
    return stateTerms.get(id)?.yearId ?? null;
  };
  ctx.termYear = (id) => termYear(id);

  // The current year takes classes the file gives no term; a closed current year (the summer after
  // closing, before next year's dates) gives them to the next open year instead, else none.
  const current = currentYearOf(merged, state.today, state.chosenYearId);
  const open =
    current && current.closed ? (byStart.find((y) => !y.closed && y.startDate > current.startDate) ?? null) : current;
  // A class is never put into a closed year (that would conclude it, or make a class inside a
  // year nobody can change): its closed-year terms are passed over.
  const closedIds = new Set(state.years.filter((y) => y.closed).map((y) => y.id));
  ctx.yearOfClass = (c, db) => {
    for (const id of c.termIds ?? []) {
      const year = termYear(id);
      if (year !== null && !(typeof year === "number" && closedIds.has(year))) return year;
    }
    return db?.yearId ?? open?.ref ?? null;
  };

  ctx.concludedCodes = new Set(state.levels.filter((l) => l.concluded).map((l) => l.code));
  ctx.closedYears = new Map(state.years.filter((y) => y.closed).map((y) => [y.id, y.title]));
  ctx.closedYearPeople = closedYearPeople(ctx);
}

/**
 * People only in classes of closed years: students enrolled only there, teachers teaching only
 * there, and parents whose linked students are all such students. When a new year's file leaves
 * them out they are the year's leavers, not a mass removal.
 */
function closedYearPeople(ctx: PlanContext): Set<number> {
  const { state, concludedCodes } = ctx;
  const tally = new Map<number, { closed: number; open: number }>();
  const count = (id: number, closed: boolean) => {
    const t = tally.get(id) ?? { closed: 0, open: 0 };
    t[closed ? "closed" : "open"] += 1;
    tally.set(id, t);
  };
  for (const e of state.enrollments) count(e.studentId, concludedCodes.has(e.levelCode));
  for (const l of state.levels) if (l.teacherId !== null && !l.rosterDeleted) count(l.teacherId, l.concluded);
  const roleOf = new Map(state.users.map((u) => [u.id, u.role]));
  const out = new Set<number>();
  // An administrator is never a leaver: removing one always asks first.
  for (const [id, t] of tally) if (t.open === 0 && t.closed > 0 && roleOf.get(id) !== "admin") out.add(id);
  const parents = new Map<number, boolean>();
  for (const l of state.links) {
    if (l.removed) continue;
    parents.set(l.parentId, (parents.get(l.parentId) ?? true) && out.has(l.studentId));
  }
  for (const [id, only] of parents) if (only && roleOf.get(id) === "parent") out.add(id);
  return out;
}

/** The class of a closed year a file row names: left out, with a warning naming the year. */
export function leaveConcludedRow(
  ctx: PlanContext,
  ref: { file: string; line: number },
  column: string,
  code: string,
): void {
  const level = ctx.state.levels.find((l) => l.code === code);
  ctx.warnings.add({
    file: ref.file,
    line: ref.line,
    column,
    message: msg("years.roster.rowLeft", {
      class: quote(code),
      year: (level?.yearId != null && ctx.closedYears.get(level.yearId)) || "",
    }),
    fix: msg("years.roster.rowLeftFix"),
  });
}

/**
 * What the preview (and the applied report) says it leaves alone: the classes of closed years it
 * would otherwise have changed (removed, or their enrollments or gradebook), and the people only
 * in them whom the file leaves out (signed out, their history kept).
 */
export function yearNotes(ctx: PlanContext): void {
  const { data } = ctx;
  const concluded = ctx.shielded.size;
  const file = data.classes[0]?.ref.file ?? data.enrollments[0]?.ref.file ?? data.users[0]?.ref.file ?? "classes.csv";
  if (concluded > 0)
    ctx.warnings.add({
      file,
      line: 0,
      column: "file",
      message: msg("years.roster.classesLeft", { count: concluded }),
      fix: msg("years.roster.reopenFirst"),
    });
  if (ctx.leavers > 0)
    ctx.warnings.add({
      file: data.users[0]?.ref.file ?? "users.csv",
      line: 0,
      column: "file",
      message: msg("years.roster.leavers", { count: ctx.leavers }),
      fix: msg("years.roster.leaversFix"),
    });
}
