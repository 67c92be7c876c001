// What every term-grade screen needs besides the work itself (issue 19): the school's grading
// terms, which are published, each class's grading settings and, for one student, their
// overrides, as JSON columns of one statement. Term screens are the everyday pages (the class
// page's tiles, the Summary, the grid) and each statement costs the driver a socket write and the
// database its work on the same two cores, so these small facts travel as JSON beside what each
// screen reads itself, in that screen's own statement (issue 21).
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import { storedScale, type LetterScale } from "@/lib/domain/letter-scale";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import type { GradeOverride, GradeSettings } from "@/lib/domain/term-grade";
import { gradingTerms, type Term } from "@/lib/domain/terms";
import { letterScaleColumn } from "./letter-scale";
import { storedCardFrom, storedCardJson } from "./stored-cards";

export interface GradingContext {
  /** The terms grades are kept by (lib/domain/terms gradingTerms), in date order. */
  terms: Term[];
  /** Published terms (their report cards are out, their grades locked). */
  published: Set<number>;
  /** Each class's settings (the defaults for a class that has none). */
  settings: Map<string, GradeSettings>;
  /** The student's overrides by class, then by term (empty without a student). */
  overrides: Map<string, Map<number, GradeOverride>>;
  /** The student's stored cards of published terms by class, then by term (issue 27; empty without a student). */
  stored: Map<string, Map<number, StoredTermGrade>>;
  /** The school's letter scale (issue 42): every live grade's letter; a stored card keeps its own. */
  letterScale: LetterScale;
}

const DEFAULTS: GradeSettings = { mode: "points", categories: [], latePolicy: null };

interface SettingsJson {
  code: string;
  mode: "points" | "weighted";
  late_per_day: number | null;
  late_floor: number | null;
  categories: { id: number; name: string; weight: number; drop: number }[] | null;
}

/** `in ${codeList(codes)}`: drizzle expands an array parameter into ($1, $2, …); an empty list matches nothing. */
export const codeList = (levelCodes: readonly string[]) => (levelCodes.length ? sql`${[...levelCodes]}` : sql`(null)`);

/** The context's columns as read; a screen selects them beside its own JSON columns in one statement. */
export interface GradingContextColumns {
  terms: Term[] | string | null;
  published: number[] | string | null;
  settings: SettingsJson[] | string | null;
  overrides:
    | { code: string; term: number; percent_h: number; reason: string; shared: boolean; note: string | null }[]
    | string
    | null;
  stored: { code: string; term: number; card: StoredTermGrade | string }[] | string | null;
  letter_scale: unknown;
}

/** `select ${gradingContextColumns(…)}, (…) as mine`: the columns of GradingContextColumns. */
export function gradingContextColumns(levelCodes: readonly string[], studentId: number | null = null): SQL {
  const codes = codeList(levelCodes);
  return sql`
      (select json_agg(json_build_object('id', t.id, 'title', t.title, 'type', t.type, 'startDate', t.start_date::text, 'endDate', t.end_date::text, 'imported', t.sourced_id is not null) order by t.start_date, t.id)
         from school_terms t
         -- The terms of these classes' years (issue 41): a class of a year sees that year's terms
         -- only; a class without a year (the current year's) those of every year not closed and
         -- the terms outside every year (a school without years), as does a screen of no class.
         where exists (select 1 from levels l where l.code in ${codes}
             and (l.year_id = t.year_id or (l.year_id is null and (t.year_id is null or not exists (
               select 1 from school_years y where y.id = t.year_id and y.closed_at is not null)))))
           or (t.year_id is null and not exists (select 1 from levels l where l.code in ${codes}))) as terms,
      (select json_agg(p.term_id) from term_publications p) as published,
      (select json_agg(json_build_object('code', l.code, 'mode', l.grading_mode, 'late_per_day', l.late_per_day_percent, 'late_floor', l.late_floor_percent,
          'categories', (select json_agg(json_build_object('id', c.id, 'name', c.name, 'weight', w.weight, 'drop', w.drop_lowest) order by c.name)
                           from level_category_weights w join grade_categories c on c.id = w.category_id where w.level_code = l.code)))
         from levels l where l.code in ${codes}) as settings,
      (select json_agg(json_build_object('code', o.level_code, 'term', o.term_id, 'percent_h', (o.percent * 100)::int, 'reason', o.reason,
          'shared', o.reason_shared, 'note', o.family_note))
         from term_grade_overrides o where ${studentId === null ? sql`false` : sql`o.student_id = ${studentId} and o.level_code in ${codes}`}) as overrides,
      (select json_agg(json_build_object('code', r.level_code, 'term', r.term_id, 'card', ${storedCardJson("r")}))
         from term_grade_records r join term_publications p on p.term_id = r.term_id
         where ${studentId === null ? sql`false` : sql`r.student_id = ${studentId} and r.level_code in ${codes}`}) as stored,
      ${letterScaleColumn}`;
}

/** The context from its columns (gradingContextColumns), for these classes. */
export function gradingContextFrom(
  row: GradingContextColumns | undefined,
  levelCodes: readonly string[],
): GradingContext {
  const settings = new Map<string, GradeSettings>(levelCodes.map((c) => [c, DEFAULTS]));
  for (const s of jsonColumn(row?.settings) ?? []) {
    settings.set(s.code, {
      mode: s.mode,
      categories: (s.categories ?? []).map((c) => ({ id: c.id, name: c.name, weight: c.weight, dropLowest: c.drop })),
      latePolicy:
        s.late_per_day !== null && s.late_floor !== null
          ? { perDayPercent: s.late_per_day, floorPercent: s.late_floor }
          : null,
    });
  }
  const overrides = new Map<string, Map<number, GradeOverride>>(levelCodes.map((c) => [c, new Map()]));
  for (const o of jsonColumn(row?.overrides) ?? [])
    overrides
      .get(o.code)
      ?.set(o.term, { percent: o.percent_h / 100, reason: o.reason, shared: o.shared, note: o.note });
  const stored = new Map<string, Map<number, StoredTermGrade>>(levelCodes.map((c) => [c, new Map()]));
  for (const r of jsonColumn(row?.stored) ?? []) stored.get(r.code)?.set(r.term, storedCardFrom(r.card));
  return {
    terms: gradingTerms(jsonColumn(row?.terms) ?? []),
    published: new Set(jsonColumn(row?.published) ?? []),
    settings,
    overrides,
    stored,
    letterScale: storedScale(jsonColumn(row?.letter_scale)),
  };
}

export async function loadGradingContext(
  levelCodes: readonly string[],
  studentId: number | null = null,
): Promise<GradingContext> {
  const [row] = await queryRows<GradingContextColumns>(sql`select ${gradingContextColumns(levelCodes, studentId)}`);
  return gradingContextFrom(row, levelCodes);
}
