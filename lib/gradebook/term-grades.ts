// Term grades for screens (issue 19): reads one class's grading settings, the school's terms and
// one student's work in one statement whatever the class size, and hands them to the one
// calculator (lib/domain/term-grade). The student's class page and the parent report card show
// what this returns; nothing here computes a percent itself.
import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import { DEFAULT_LETTER_SCALE, letterOn, type LetterScale } from "@/lib/domain/letter-scale";
import { countedPoints, storedPoints, type StoredTermGrade } from "@/lib/domain/stored-grade";
import {
  computeTermGrade,
  daysLate,
  type Audience,
  type GradeItem,
  type GradeOverride,
  type GradeSettings,
  type TermGrade,
} from "@/lib/domain/term-grade";
import { explainTermGrade } from "@/lib/domain/term-grade-why";
import { msg, type Message } from "@/lib/i18n/message";
import { assignmentTerm, defaultTerm, type Term } from "@/lib/domain/terms";
import {
  codeList,
  gradingContextColumns,
  gradingContextFrom,
  loadGradingContext,
  type GradingContext,
  type GradingContextColumns,
} from "./grading-context";

/** Which term a screen asked for: a term id, the whole year, or the default (today's term). */
export type TermChoice = number | "year" | null;

export function parseTermChoice(raw: string | undefined): TermChoice {
  if (raw === "year") return "year";
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export interface TermGradeView {
  /** The terms to switch between (empty: the school has none, the whole year is all there is). */
  terms: { id: number; title: string }[];
  /** The term shown, or null for the whole year. */
  term: { id: number; title: string } | null;
  /** The grade shown (the override when there is one). */
  percent: number;
  /** Its letter on the school's scale; a published term's as stored with its card; null when empty. */
  letter: string | null;
  /** Nothing counts yet in this term. */
  empty: boolean;
  overridden: boolean;
  /** The class grades otherwise than spec §9's total points (weights, drops or a late policy). */
  customized: boolean;
  /** The assignments the grade is made of (the term's, or all). */
  assignmentIds: number[];
  /** "Why this grade", one message each (lib/domain/term-grade's explainTermGrade), written where shown (lib/i18n/why.ts). */
  why: Message[];
  /** The calculator's counted points (after drops, excused work and late penalties); null when nothing counts. */
  points: { earned: string; possible: string } | null;
  /** The term shown is published: these figures are its stored report card (issue 27), not a recomputation. */
  published: boolean;
  /** Work the teacher marked missing (still missing when dropped) or excused, by title (the student's Grades tab lists them). */
  marked: { missing: string[]; excused: string[] };
}

/** Each class's grading settings (the defaults for a class that has none). */
export async function loadGradeSettingsFor(levelCodes: readonly string[]): Promise<Map<string, GradeSettings>> {
  return (await loadGradingContext(levelCodes)).settings;
}

export async function loadGradeSettings(levelCode: string): Promise<GradeSettings> {
  return (await loadGradeSettingsFor([levelCode])).get(levelCode)!;
}

/** An assignment as the work queries read it (the day columns in the school's time zone). */
export interface AssignmentRow {
  id: number;
  title: string;
  category_id: number | null;
  max_score: number;
  due_ms: string | number | null;
  due_day: string | null;
  created_day: string;
  /** Posted on return (issue 44): its grades are drafts until returned. Read by the class's term inputs only. */
  on_return?: boolean;
}

/** One student's cell on it: score in hundredths, marks, last hand-in (ms). */
export interface WorkCell {
  score_h: number | null;
  excused: boolean;
  missing: boolean;
  late: boolean;
  submitted_ms: string | number | null;
}

interface WorkRow extends AssignmentRow, WorkCell {
  level_code: string;
}

export type Work = GradeItem & { dueDay: string | null; createdDay: string };

/** The calculator's item for one assignment and one student's cell on it. */
export function toWork(a: AssignmentRow, cell: WorkCell): Work {
  const dueAt = a.due_ms === null ? null : Number(a.due_ms);
  return {
    id: a.id,
    title: a.title,
    categoryId: a.category_id,
    maxScore: a.max_score,
    dueAt,
    score: cell.score_h === null ? null : cell.score_h / 100,
    excused: cell.excused,
    missing: cell.missing,
    late: cell.late,
    daysLate: daysLate(dueAt, cell.submitted_ms === null ? null : Number(cell.submitted_ms)),
    dueDay: a.due_day,
    createdDay: a.created_day,
  };
}

/** What one student's term grades in some classes are made of: the grading context and their work. */
export interface StudentTermInputs {
  context: GradingContext;
  work: Map<string, Work[]>;
}

/**
 * The grading context and every assignment of the classes with this student's score and marks
 * and the day it falls on: one statement (the work as a JSON column beside the context's).
 */
export async function readStudentTermInputs(
  levelCodes: readonly string[],
  studentId: number,
  timeZone: string,
): Promise<StudentTermInputs> {
  const work = new Map<string, Work[]>(levelCodes.map((c) => [c, []]));
  const [row] = await queryRows<GradingContextColumns & { work: WorkRow[] | string | null }>(sql`
    select ${gradingContextColumns(levelCodes, studentId)},
      (select json_agg(w order by w.due_ms nulls last, w.id) from (
        select a.level_code, a.id, a.title, a.category_id, a.max_score,
          (extract(epoch from a.due_date) * 1000)::bigint as due_ms,
          to_char(a.due_date at time zone ${timeZone}, 'YYYY-MM-DD') as due_day,
          to_char(a.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as created_day,
          (g.score * 100)::int as score_h,
          coalesce(m.excused, false) as excused, coalesce(m.missing, false) as missing, coalesce(m.late, false) as late,
          -- The hand-in time matters only to the late policy, which applies only to work marked late.
          case when m.late then (select (extract(epoch from max(s.submitted_at)) * 1000)::bigint from assignment_submissions s where s.assignment_id = a.id and s.student_id = ${studentId}) end as submitted_ms
        from assignments a
        -- A draft (returned_at null) is not graded yet for the student and the family (decision 033).
        left join grades g on g.assignment_id = a.id and g.student_id = ${studentId} and g.returned_at is not null
        left join grade_marks m on m.assignment_id = a.id and m.student_id = ${studentId}
        where a.level_code in ${codeList(levelCodes)}) w) as work`);
  for (const r of jsonColumn(row?.work) ?? []) work.get(r.level_code)?.push(toWork(r, r));
  return { context: gradingContextFrom(row, levelCodes), work };
}

/** The pure half: each class's view for one term (or the whole year) from what was read, so a screen showing several terms reads once. */
export function studentTermViews(
  inputs: StudentTermInputs,
  levelCodes: readonly string[],
  choice: TermChoice,
  today: string,
  nowMs: number,
): Map<string, TermGradeView> {
  const { context: ctx, work } = inputs;
  return new Map(
    levelCodes.map((c) => [
      c,
      termGradeView(
        ctx.terms,
        ctx.settings.get(c)!,
        work.get(c)!,
        ctx.overrides.get(c) ?? new Map(),
        choice,
        today,
        nowMs,
        { audience: "family", published: ctx.published, stored: ctx.stored.get(c), scale: ctx.letterScale },
      ),
    ]),
  );
}

/** One student's grade in each of these classes for a term (default: today's) or the whole year, explained: one statement. */
export async function loadStudentTermGrades(
  levelCodes: readonly string[],
  studentId: number,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<Map<string, TermGradeView>> {
  const inputs = await readStudentTermInputs(levelCodes, studentId, timeZone);
  return studentTermViews(inputs, levelCodes, choice, dateInTimeZone(now, timeZone), now.getTime());
}

export async function loadStudentTermGrade(
  levelCode: string,
  studentId: number,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<TermGradeView> {
  return (await loadStudentTermGrades([levelCode], studentId, choice, timeZone, now)).get(levelCode)!;
}

/** The term a screen shows: the one asked for, else today's (lib/domain/terms defaultTerm); null for the whole year or a school without terms. */
export function chosenTerm(terms: readonly Term[], choice: TermChoice, today: string): Term | null {
  if (choice === "year") return null;
  return (typeof choice === "number" ? terms.find((t) => t.id === choice) : undefined) ?? defaultTerm(today, terms);
}

/** The calculator's result for the term asked for (or the whole year), from one student's work in one class. */
export function termGradeOf(
  terms: readonly Term[],
  settings: GradeSettings,
  work: readonly Work[],
  overrides: ReadonlyMap<number, GradeOverride>,
  choice: TermChoice,
  today: string,
  nowMs: number,
): { term: Term | null; items: readonly Work[]; grade: TermGrade } {
  const term = chosenTerm(terms, choice, today);
  const items = term ? work.filter((w) => assignmentTerm(w.dueDay, w.createdDay, terms)?.id === term.id) : work;
  return {
    term,
    items,
    grade: computeTermGrade(items, settings, term ? (overrides.get(term.id) ?? null) : null, nowMs),
  };
}

export interface ViewOptions {
  /** Who reads "why": staff see a private override reason, families do not (default: family). */
  audience?: Audience;
  /** Published terms, and the stored cards of this student (or class) in them, by term id. */
  published?: ReadonlySet<number>;
  stored?: ReadonlyMap<number, StoredTermGrade>;
  /** The school's letter scale (the default scale when not given). */
  scale?: LetterScale;
}

/** The pure half of loadStudentTermGrade, for tests and for screens that load many students. */
export function termGradeView(
  terms: readonly Term[],
  settings: GradeSettings,
  work: readonly Work[],
  overrides: ReadonlyMap<number, GradeOverride>,
  choice: TermChoice,
  today: string,
  nowMs: number,
  options: ViewOptions = {},
): TermGradeView {
  const { term, items, grade: g } = termGradeOf(terms, settings, work, overrides, choice, today, nowMs);
  const base = {
    terms: terms.map((t) => ({ id: t.id, title: t.title })),
    term: term ? { id: term.id, title: term.title } : null,
    assignmentIds: items.map((i) => i.id),
    marked: {
      missing: g.items
        .filter((i) => i.missingFlag && i.status !== "excused" && i.status !== "counted")
        .map((i) => i.title),
      excused: g.items.filter((i) => i.status === "excused").map((i) => i.title),
    },
    customized:
      settings.mode !== "points" || settings.latePolicy !== null || settings.categories.some((c) => c.dropLowest > 0),
  };
  const audience = options.audience ?? "family";
  if (term && options.published?.has(term.id)) {
    // A published term is its stored card, whatever has happened since (issue 27). A student who
    // was not in the class when it was published has no card for it.
    const s = options.stored?.get(term.id);
    return {
      ...base,
      percent: s?.percent ?? 0,
      letter: s?.percent == null ? null : s.letter,
      empty: s?.percent == null,
      overridden: s?.override != null,
      why: s ? (audience === "staff" ? s.why.staff : s.why.family) : [msg("why.notPublished")],
      points: s ? storedPoints(s) : null,
      published: true,
    };
  }
  return {
    ...base,
    percent: g.percent,
    letter: g.exact === null && !g.override ? null : letterOn(options.scale ?? DEFAULT_LETTER_SCALE, g.percent),
    empty: g.exact === null && !g.override,
    overridden: g.override !== null,
    why: explainTermGrade(g, audience),
    points: countedPoints(g),
    published: false,
  };
}
