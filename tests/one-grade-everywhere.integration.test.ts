import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { gradebookCsv } from "@/lib/export/gradebook";
import { reportCardFor } from "@/lib/parent/portal";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { loadStudentTiles } from "@/lib/queries/class-page-view";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { renderReportCards } from "@/lib/report-pdf/render";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { setTermPublished } from "@/lib/terms/publishing";
import { pdfText } from "./support/pdf";
import { useTestDatabase } from "./support/test-db";

// Issue 27: one student, one grade. In five grading set-ups, worked out by hand, the parent's
// report card, the Summary, the grade grid, the student's tiles and the gradebook CSV show the
// same percent and letter for the term while it is open (computed), and again with the PDF once
// it is published (stored); "—" (nothing) where nothing is graded.

useTestDatabase();
const DAY = 86_400_000;
let term: { id: number; title: string; type: string; startDate: string; endDate: string; imported: boolean };
let admin: number;

interface Setup {
  code: string;
  /** [max, score | null, mark, category] per assignment. */
  work: [number, number | null, "" | "excused" | "missing" | "late", "A" | "B" | null][];
  settings?: {
    mode: "points" | "weighted";
    weights?: { A: number; B: number };
    dropA?: number;
    late?: [number, number];
  };
  override?: number;
  /** The hand-worked result: percent and the 12-step letter; null: nothing counts. */
  expected: [number, string] | null;
}

const SETUPS: Setup[] = [
  // 8/10 + 15/20 = 23/30 = 76.67 % → 77 C+
  {
    code: "G-POINTS",
    work: [
      [10, 8, "", null],
      [20, 15, "", null],
    ],
    expected: [77, "C+"],
  },
  // A (60 %, drop 1): 5/10 dropped, 9/10 + 10/10 = 95 %; B (40 %): 7/10 = 70 % → 57 + 28 = 85 → B
  {
    code: "G-WEIGHTED",
    work: [
      [10, 5, "", "A"],
      [10, 9, "", "A"],
      [10, 10, "", "A"],
      [10, 7, "", "B"],
    ],
    settings: { mode: "weighted", weights: { A: 6000, B: 4000 }, dropA: 1 },
    expected: [85, "B"],
  },
  // 10/10, one excused (out), one missing past due (0/10), one late 10/10 at 10 %/day → 9: 19/30 = 63.3 % → 63 D
  {
    code: "G-MARKS",
    work: [
      [10, 10, "", null],
      [10, null, "excused", null],
      [10, null, "missing", null],
      [10, 10, "late", null],
    ],
    settings: { mode: "points", late: [10, 50] },
    expected: [63, "D"],
  },
  // 23/30 computed 77, overridden to 92 → A-
  {
    code: "G-OVERRIDE",
    work: [
      [10, 8, "", null],
      [20, 15, "", null],
    ],
    override: 92,
    expected: [92, "A-"],
  },
  // Nothing graded yet
  { code: "G-NOTHING", work: [[10, null, "", null]], expected: null },
];
const students = new Map<string, number>();

beforeAll(async () => {
  [term] = (await queryRows<typeof term>(sql`
    insert into school_terms (title, type, start_date, end_date) values ('Term', 'term', current_date - 100, current_date + 100)
    returning id, title, type, start_date::text as "startDate", end_date::text as "endDate", false as imported`)) as [
    typeof term,
  ];
  [{ id: admin }] = (await queryRows<{ id: number }>(
    sql`insert into users (name, username, role) values ('Ada Admin', 'ada', 'admin') returning id`,
  )) as [{ id: number }];
  const cats = await queryRows<{ id: number; name: string }>(
    sql`insert into grade_categories (name) values ('A'), ('B') returning id, name`,
  );
  const cat = (n: "A" | "B" | null) => (n === null ? null : cats.find((c) => c.name === n)!.id);
  for (const s of SETUPS) {
    await queryRows(sql`insert into levels (code, name, period) values (${s.code}, ${s.code}, '1')`);
    const [st] = await queryRows<{ id: number }>(
      sql`insert into users (name, username, role) values (${`Student ${s.code}`}, ${s.code.toLowerCase()}, 'student') returning id`,
    );
    students.set(s.code, st!.id);
    await queryRows(sql`insert into student_enrollment (student_id, level_code) values (${st!.id}, ${s.code})`);
    for (const [i, [max, score, mark, category]] of s.work.entries()) {
      const due = new Date(Date.now() - (10 - i) * DAY);
      const [a] = await queryRows<{ id: number }>(sql`
        insert into assignments (level_code, title, description, max_score, due_date, category_id)
        values (${s.code}, ${`Work ${i + 1}`}, 'd', ${max}, ${due}, ${cat(category)}) returning id`);
      if (score !== null)
        await queryRows(
          sql`insert into grades (assignment_id, student_id, score) values (${a!.id}, ${st!.id}, ${score})`,
        );
      if (mark)
        await queryRows(sql`insert into grade_marks (assignment_id, student_id, excused, missing, late)
          values (${a!.id}, ${st!.id}, ${mark === "excused"}, ${mark === "missing"}, ${mark === "late"})`);
    }
    const g = s.settings;
    if (g) {
      await queryRows(sql`update levels set grading_mode = ${g.mode}, late_per_day_percent = ${g.late?.[0] ?? null},
        late_floor_percent = ${g.late?.[1] ?? null} where code = ${s.code}`);
      if (g.weights)
        for (const [name, weight] of Object.entries(g.weights))
          await queryRows(sql`insert into level_category_weights (level_code, category_id, weight, drop_lowest)
            values (${s.code}, ${cat(name as "A")}, ${weight}, ${name === "A" ? (g.dropA ?? 0) : 0})`);
    }
    if (s.override !== undefined)
      await queryRows(sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason)
        values (${s.code}, ${st!.id}, ${term.id}, ${s.override}, 'Oral exam')`);
  }
});

/** [percent, letter] as each screen shows it, null where it shows "—". */
async function everyScreen(s: Setup): Promise<Record<string, [number, string] | null>> {
  const id = students.get(s.code)!;
  const card = (await reportCardFor(id))!.classes.find((c) => c.code === s.code)!;
  const summary = (await loadSummaryView(s.code, "UTC", term.id)).students[0]!;
  const grid = (await getGradeGrid(s.code, term.id, "UTC")).totals[0]!;
  const tiles = await loadStudentTiles(s.code, id, term.id, "UTC");
  const text = (await gradebookCsv(s.code, term.id, "UTC")).csv.replace(/^\uFEFF/, "");
  const [header, , row]: string[][] = parse(text);
  const at = (name: string) => row![header!.indexOf(name)]!;
  return {
    "parent's report card": card.percent === null ? null : [card.percent, card.letter!],
    Summary: summary.gradePercent === null ? null : [summary.gradePercent, summary.letter!],
    "grade grid": grid.empty ? null : [grid.percent, grid.letter],
    "student's tile": tiles.average === null ? null : [tiles.average, card.letter!],
    "gradebook CSV": at("Percent") === "" ? null : [Number(at("Percent")), at("Letter")],
  };
}

describe("one grade per student per class on every screen", () => {
  it.each(SETUPS.map((s) => [s.code, s] as const))("%s, while the term is open", async (_code, s) => {
    const shown = await everyScreen(s);
    for (const [screen, value] of Object.entries(shown)) expect(value, screen).toEqual(s.expected);
  });

  it("the same once the term is published: the stored cards, the PDF too", async () => {
    expect(await setTermPublished(term.id, true, admin)).toMatchObject({ ok: true });
    for (const s of SETUPS) {
      const shown = await everyScreen(s);
      for (const [screen, value] of Object.entries(shown)) expect(value, `${s.code}: ${screen}`).toEqual(s.expected);
      const card = (await reportCardFor(students.get(s.code)!))!.classes.find((c) => c.code === s.code)!;
      expect(card.published?.empty ? null : [card.published!.percent, card.published!.letter], s.code).toEqual(
        s.expected,
      );
      const chunks: Uint8Array[] = [];
      await renderReportCards(
        await loadTermReportCards(term, { kind: "student", id: students.get(s.code)! }, "UTC"),
        { school: "Test School", term: term.title, printedDay: "2026-11-26", language: null },
        (c) => chunks.push(c),
      );
      const pdf = pdfText(Buffer.concat(chunks));
      if (s.expected) {
        expect(pdf, s.code).toContain(`${s.expected[0]}%`);
        expect(pdf, s.code).toMatch(new RegExp(`\\b${s.expected[1].replace("+", "\\+")}(\\s|$)`, "m"));
      } else expect(pdf, s.code).toContain("No graded work");
    }
  });
});
