import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveLetterScaleAction, setTermPublishedAction } from "@/app/admin/term-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { DEFAULT_LETTER_SCALE, LETTER_SCALE_PRESETS, letterOn } from "@/lib/domain/letter-scale";
import { itemPercent } from "@/lib/domain/grades";
import { loadGradebook } from "@/lib/export/gradebook";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { reportCardFor } from "@/lib/parent/portal";
import { loadGradesView } from "@/lib/queries/class-page-view";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// A school's own letter scale (issue 42): saved by an admin, used for every live grade on every
// screen and export, while a report card published before the change keeps the letters it was
// published with.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code; // Elena Rivera's Algebra I
const TZ = "UTC";
const idle = { ok: true } as const;
const PASS_FAIL = { "min.0": "60", "label.0": "P", below: "F" };
let autumn: number; // published before the scale changes
let winter: number; // today's term
let student: number;
let before: Map<string, string | null>; // Autumn's stored letters under the default scale

const passFail = (p: number) => letterOn(LETTER_SCALE_PRESETS.passFail, p);
const save = (fields: Record<string, string>) => saveLetterScaleAction(idle, form(fields));

beforeAll(async () => {
  await seedDemo();
  // Work was due 14 and 5 days ago: Autumn ends 8 days ago, Winter holds today.
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('Autumn', 'term', current_date - 200, current_date - 8), ('Winter', 'term', current_date - 7, current_date + 200)`);
  const terms = await queryRows<{ id: number; title: string }>(sql`select id, title from school_terms`);
  autumn = terms.find((t) => t.title === "Autumn")!.id;
  winter = terms.find((t) => t.title === "Winter")!.id;
  [{ id: student }] = (await queryRows<{ id: number }>(sql`
    select e.student_id as id from student_enrollment e where e.level_code = ${CLASS}
    and exists (select 1 from grades g join assignments a on a.id = g.assignment_id
                where g.student_id = e.student_id and a.level_code = ${CLASS} and a.due_date > now() - interval '6 days')
    order by e.student_id limit 1`)) as [{ id: number }];
  await signInAs(DEMO_ADMIN.code);
  expect(await setTermPublishedAction(idle, form({ termId: autumn, publish: "on" }))).toMatchObject({ ok: true });
  const rows = await queryRows<{ level_code: string; student_id: number; letter: string | null }>(
    sql`select level_code, student_id, letter from term_grade_records where term_id = ${autumn}`,
  );
  before = new Map(rows.map((r) => [`${r.level_code}:${r.student_id}`, r.letter]));
});

describe("a school's letter scale", () => {
  it("is saved by an admin only; a wrong scale is refused in the reader's language and changes nothing", async () => {
    const settings = await databaseChecksum(["settings", "audit_log"]);
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await save(PASS_FAIL)).toMatchObject({ ok: false });
    await signInAs(DEMO_ADMIN.code);
    expect(await save({ "min.0": "90", "label.0": "A", "min.1": "90", "label.1": "B", below: "F" })).toMatchObject({
      ok: false,
      message: "Two rows have the same cut-off, 90%.",
    });
    expect(await save({ "min.0": "60", "label.0": "P", "min.1": "120", "label.1": "X", below: "F" })).toMatchObject({
      ok: false,
      message: "Row 2: a cut-off is a whole percent from 1 to 100.",
    });
    expect(await save({ "min.0": "60", "label.0": "x".repeat(200), below: "F" })).toMatchObject({ ok: false });
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await save({ "min.0": "", "label.0": "", below: "F" })).toMatchObject({
      ok: false,
      message: "Dé a la escala al menos un punto de corte.",
    });
    cookieJar.delete(LOCALE_COOKIE);
    expect(await databaseChecksum(["settings", "audit_log"])).toEqual(settings);
  });

  it("once saved, gives every live grade its letter: grid, Summary, the student's grades, the family's card, the CSV", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect(await save(PASS_FAIL)).toEqual({
      ok: true,
      message: "Letter scale saved. New grades and report cards use it.",
    });
    const [audited] = await queryRows<{ detail: unknown }>(
      sql`select detail from audit_log where action = 'grades.letter_scale_saved'`,
    );
    expect(audited!.detail).toEqual({ cutoffs: ["60 P"], below: "F" });

    const grid = await getGradeGrid(CLASS, winter, TZ);
    const shown = grid.totals.filter((t) => !t.empty);
    expect(shown.length).toBeGreaterThan(0);
    for (const t of shown) expect(t.letter).toBe(passFail(t.percent));

    const summary = await loadSummaryView(CLASS, TZ, winter);
    const graded = summary.students.filter((s) => s.gradePercent !== null);
    expect(graded.length).toBeGreaterThan(0);
    for (const s of graded) expect(s.letter).toBe(passFail(s.gradePercent!));

    const items = await loadGradesView(CLASS, student, TZ);
    expect(items.length).toBeGreaterThan(0);
    for (const g of items) expect(g.letter).toBe(passFail(itemPercent(g.score, g.maxScore)));

    const card = (await reportCardFor(student))!.classes.find((c) => c.code === CLASS)!;
    expect(card.gradeTitle).toBe("Winter");
    expect(card.letter).toBe(passFail(card.percent!));
    expect(card.letter).toMatch(/^[PF]$/);

    const csv = await loadGradebook(CLASS, winter, TZ);
    for (const s of csv.students.filter((x) => x.grade.percent !== null))
      expect(s.grade.letter).toBe(passFail(s.grade.percent!));
  });

  it("leaves a report card published before the change with the letters it was published with", async () => {
    expect([...before.values()].some((l) => l !== null && !/^[PF]$/.test(l))).toBe(true);
    const stored = await queryRows<{ level_code: string; student_id: number; letter: string | null }>(
      sql`select level_code, student_id, letter from term_grade_records where term_id = ${autumn}`,
    );
    expect(new Map(stored.map((r) => [`${r.level_code}:${r.student_id}`, r.letter]))).toEqual(before);

    const card = (await reportCardFor(student))!.classes.find((c) => c.code === CLASS)!;
    expect(card.published?.title).toBe("Autumn");
    expect(card.published?.letter).toBe(before.get(`${CLASS}:${student}`));

    const grid = await getGradeGrid(CLASS, autumn, TZ);
    for (const [i, st] of grid.students.entries()) {
      const t = grid.totals[i]!;
      expect(t.empty ? null : t.letter).toBe(before.get(`${CLASS}:${st.id}`) ?? null);
    }
    const csv = await loadGradebook(CLASS, autumn, TZ);
    const letters = csv.students.map((s) => s.grade.letter);
    expect(letters.some((l) => l !== null && !/^[PF]$/.test(l))).toBe(true);
  });

  it("goes back to spec §9's scale when an admin saves it again", async () => {
    await signInAs(DEMO_ADMIN.code);
    const rows = Object.fromEntries(
      DEFAULT_LETTER_SCALE.steps.flatMap((s, i) => [
        [`min.${i}`, String(s.min)],
        [`label.${i}`, s.label],
      ]),
    );
    expect(await save({ ...rows, below: "F" })).toMatchObject({ ok: true });
    const grid = await getGradeGrid(CLASS, winter, TZ);
    for (const t of grid.totals.filter((x) => !x.empty))
      expect(t.letter).toBe(letterOn(DEFAULT_LETTER_SCALE, t.percent));
  });
});
