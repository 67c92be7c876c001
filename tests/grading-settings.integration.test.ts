import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveGradingAction } from "@/app/level/[levelCode]/update/grading-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { loadGradeSettings, loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { teacherLetter } from "@/lib/domain/grades";
import { reportCardFor } from "@/lib/parent/portal";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// A class's grading settings (issue 19): saved by the class's own teacher only, checked by the
// calculator's rules on the server, audited, and followed by the student's term grade.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code; // Elena Rivera's
const TABLES = ["levels", "level_category_weights", "audit_log"];
let cats: Record<string, number>;
beforeAll(async () => {
  await seedDemo();
  cats = Object.fromEntries(
    (await queryRows<{ id: number; name: string }>(sql`select id, name from grade_categories`)).map((c) => [
      c.name,
      c.id,
    ]),
  );
});

const idle = { ok: true } as const;
const save = (fields: Record<string, string | number | undefined>) =>
  saveGradingAction(idle, form({ levelCode: CLASS, ...fields }));

describe("grading settings", () => {
  it("refuse anyone but the class's own staff, changing nothing", async () => {
    const before = await databaseChecksum(TABLES);
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(await save({ mode: "weighted" })).toMatchObject({ ok: false });
    await signInAs(DEMO_STUDENTS[0]!.code);
    expect(await save({ mode: "weighted" })).toMatchObject({ ok: false });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("say what is wrong and change nothing", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await databaseChecksum(TABLES);
    const [first, second] = Object.values(cats) as [number, number];
    const cases: [Record<string, string>, string][] = [
      [
        { mode: "weighted", [`weight.${first}`]: "40", [`weight.${second}`]: "50" },
        "Category weights must total 100 % (they total 90 %).",
      ],
      [{ mode: "weighted", [`weight.${first}`]: "abc" }, "Weights are percents such as 25 or 12.5"],
      [{ mode: "weighted", [`weight.${first}`]: "100.001" }, "Weights are percents such as 25 or 12.5"],
      [
        { mode: "weighted", [`weight.${first}`]: "150" },
        `The weight of "${Object.keys(cats).find((k) => cats[k] === first)}" must be between 0 % and 100 %. Category weights must total 100 % (they total 150 %).`,
      ],
      [
        { mode: "points", [`drop.${first}`]: "-1" },
        `"${Object.keys(cats).find((k) => cats[k] === first)}" drop lowest must be a whole number`,
      ],
      [
        { mode: "points", late: "on", latePerDay: "0", lateFloor: "50" },
        "The late penalty must be between 1 % and 100 % per day.",
      ],
      [{ mode: "sideways" }, "Choose how the class is graded"],
    ];
    for (const [fields, message] of cases)
      expect(await save(fields), JSON.stringify(fields)).toMatchObject({ ok: false, message });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("save weighted categories and a late policy, audit them, and the term grade follows", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const [{ id: student } = { id: 0 }] = await queryRows<{ id: number }>(
      sql`select g.student_id as id from grades g join assignments a on a.id = g.assignment_id where a.level_code = ${CLASS} order by g.student_id limit 1`,
    );
    const pointsBefore = await loadStudentTermGrade(CLASS, student, "year", "UTC");
    expect(whyEnglish(pointsBefore.why)[0]).toMatch(/^Total points: /);
    const used = await queryRows<{ category_id: number }>(
      sql`select distinct category_id from assignments where level_code = ${CLASS} and category_id is not null order by 1`,
    );
    const fields: Record<string, string> = { mode: "weighted", late: "on", latePerDay: "10", lateFloor: "60" };
    used.forEach(
      (u, i) => (fields[`weight.${u.category_id}`] = i === 0 ? String(100 - 12.5 * (used.length - 1)) : "12.5"),
    );
    expect(await save(fields)).toEqual({ ok: true, message: "Grading settings saved" });
    const settings = await loadGradeSettings(CLASS);
    expect(settings.mode).toBe("weighted");
    expect(settings.categories.reduce((s, c) => s + c.weight, 0)).toBe(10000);
    expect(settings.latePolicy).toEqual({ perDayPercent: 10, floorPercent: 60 });
    const [entry] = await queryRows<{ detail: { before: { mode: string }; after: { mode: string; late: string } } }>(
      sql`select detail from audit_log where action = 'grading.changed' order by id desc limit 1`,
    );
    expect([entry!.detail.before.mode, entry!.detail.after.mode, entry!.detail.after.late]).toEqual([
      "points",
      "weighted",
      "10%/day, floor 60%",
    ]);
    const weighted = await loadStudentTermGrade(CLASS, student, "year", "UTC");
    expect(whyEnglish(weighted.why)[0]).toMatch(/^Weighted categories: /);
    // The report card's grade for the class is the same calculator's, never the raw points beside it.
    const card = (await reportCardFor(student))!.classes.find((c) => c.code === CLASS)!;
    expect([card.percent, card.letter]).toEqual([weighted.percent, teacherLetter(weighted.percent)]);
    expect(weighted.percent).not.toBe(pointsBefore.percent); // the demo's scores make the two differ
    // Back to total points: the grade is spec §9's again.
    expect(await save({ mode: "points" })).toEqual({ ok: true, message: "Grading settings saved" });
    expect((await loadStudentTermGrade(CLASS, student, "year", "UTC")).percent).toBe(pointsBefore.percent);
    expect(await loadGradeSettings(CLASS)).toEqual({ mode: "points", categories: [], latePolicy: null });
  });

  // Issue 39 item 14: a teacher who writes decimals with a comma sets weights with one.
  it("take a weight written with a decimal comma, exactly", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const [first, second] = Object.values(cats) as [number, number];
    expect(await save({ mode: "weighted", [`weight.${first}`]: "12,5", [`weight.${second}`]: "87,50" })).toEqual({
      ok: true,
      message: "Grading settings saved",
    });
    const weights = (await loadGradeSettings(CLASS)).categories.map((c) => [c.id, c.weight]);
    expect(weights).toEqual([
      [first, 1250],
      [second, 8750],
    ]);
    expect(await save({ mode: "weighted", [`weight.${first}`]: "12,505" })).toMatchObject({
      ok: false,
      message: "Weights are percents such as 25 or 12.5",
    });
    expect(await save({ mode: "points" })).toMatchObject({ ok: true });
  });
});
