// What every term-grade screen needs besides the work itself (issue 19): the school's grading
// terms, which are published, each class's grading settings and, for one student, their
// overrides, in ONE statement. Term screens are the everyday pages (the class page's tiles, the
// Summary, the grid); each statement there costs the database and the driver on the same two
// cores, so the small facts travel together as JSON.
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { GradeOverride, GradeSettings } from "@/lib/domain/term-grade";
import { gradingTerms, type Term } from "@/lib/domain/terms";

export interface GradingContext {
  /** The terms grades are kept by (lib/domain/terms gradingTerms), in date order. */
  terms: Term[];
  /** Published terms (their report cards are out, their grades locked). */
  published: Set<number>;
  /** Each class's settings (the defaults for a class that has none). */
  settings: Map<string, GradeSettings>;
  /** The student's overrides by class, then by term (empty without a student). */
  overrides: Map<string, Map<number, GradeOverride>>;
}

const DEFAULTS: GradeSettings = { mode: "points", categories: [], latePolicy: null };

interface SettingsJson {
  code: string;
  mode: "points" | "weighted";
  late_per_day: number | null;
  late_floor: number | null;
  categories: { id: number; name: string; weight: number; drop: number }[] | null;
}

// json and json_agg arrive parsed from pg and as text from some PGlite versions.
const parsed = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** `in ${codeList(codes)}`: drizzle expands an array parameter into ($1, $2, …); an empty list matches nothing. */
export const codeList = (levelCodes: readonly string[]) => (levelCodes.length ? sql`${[...levelCodes]}` : sql`(null)`);

export async function loadGradingContext(levelCodes: readonly string[], studentId: number | null = null): Promise<GradingContext> {
  const codes = codeList(levelCodes);
  const [row] = await queryRows<{ terms: Term[] | string | null; published: number[] | string | null; settings: SettingsJson[] | string | null; overrides: { code: string; term: number; percent_h: number; reason: string }[] | string | null }>(sql`
    select
      (select json_agg(json_build_object('id', t.id, 'title', t.title, 'type', t.type, 'startDate', t.start_date::text, 'endDate', t.end_date::text, 'imported', t.sourced_id is not null) order by t.start_date, t.id)
         from school_terms t) as terms,
      (select json_agg(p.term_id) from term_publications p) as published,
      (select json_agg(json_build_object('code', l.code, 'mode', l.grading_mode, 'late_per_day', l.late_per_day_percent, 'late_floor', l.late_floor_percent,
          'categories', (select json_agg(json_build_object('id', c.id, 'name', c.name, 'weight', w.weight, 'drop', w.drop_lowest) order by c.name)
                           from level_category_weights w join grade_categories c on c.id = w.category_id where w.level_code = l.code)))
         from levels l where l.code in ${codes}) as settings,
      (select json_agg(json_build_object('code', o.level_code, 'term', o.term_id, 'percent_h', (o.percent * 100)::int, 'reason', o.reason))
         from term_grade_overrides o where ${studentId === null ? sql`false` : sql`o.student_id = ${studentId} and o.level_code in ${codes}`}) as overrides`);
  const settings = new Map<string, GradeSettings>(levelCodes.map((c) => [c, DEFAULTS]));
  for (const s of parsed(row?.settings ?? null) ?? []) {
    settings.set(s.code, {
      mode: s.mode,
      categories: (s.categories ?? []).map((c) => ({ id: c.id, name: c.name, weight: c.weight, dropLowest: c.drop })),
      latePolicy: s.late_per_day !== null && s.late_floor !== null ? { perDayPercent: s.late_per_day, floorPercent: s.late_floor } : null,
    });
  }
  const overrides = new Map<string, Map<number, GradeOverride>>(levelCodes.map((c) => [c, new Map()]));
  for (const o of parsed(row?.overrides ?? null) ?? []) overrides.get(o.code)?.set(o.term, { percent: o.percent_h / 100, reason: o.reason });
  return {
    terms: gradingTerms(parsed(row?.terms ?? null) ?? []),
    published: new Set(parsed(row?.published ?? null) ?? []),
    settings,
    overrides,
  };
}
