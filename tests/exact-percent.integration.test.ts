import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadClassStudentStats } from "@/app/admin/actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN } from "@/lib/db/demo-school";
import { scorePercent } from "@/lib/domain/percent";
import { reportCardFor } from "@/lib/parent/portal";
import { listClassesWithStats } from "@/lib/queries/admin";
import { loadGradesView, loadStudentTiles } from "@/lib/queries/class-page-view";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// 8.95/10 and 187.95/210 are 89.5 % exactly; as binary floats they are 89.49999999999999 and
// Math.round showed 89 % B+ beside 179/200 at 90 % A-. Every screen that shows a grade percent
// must say 90 for them: one exact function (lib/domain/percent.ts) behind all of them.
useTestDatabase();

const CODE = "ROUND-1";
let one: number; // 8.95 / 10
let many: number; // 90.35 + 88.3 + 9.3 = 187.95 / 210

beforeAll(async () => {
  await seedDemo();
  await queryRows(sql`insert into levels (code, name, period) values (${CODE}, 'Rounding', '9')`);
  const students = await queryRows<{ id: number }>(sql`
    insert into users (name, username, code, role) values ('Ro One', 'ro-one', 'ro-one-code', 'student'), ('Ro Many', 'ro-many', 'ro-many-code', 'student') returning id`);
  [one, many] = students.map((s) => Number(s.id)) as [number, number];
  await queryRows(
    sql`insert into student_enrollment (student_id, level_code) values (${one}, ${CODE}), (${many}, ${CODE})`,
  );
  const a = await queryRows<{ id: number }>(sql`
    insert into assignments (level_code, title, description, max_score) values (${CODE}, 'Quiz', 'd', 10), (${CODE}, 'Test 1', 'd', 100), (${CODE}, 'Test 2', 'd', 100) returning id`);
  const [quiz, t1, t2] = a.map((r) => Number(r.id)) as [number, number, number];
  await queryRows(sql`insert into grades (assignment_id, student_id, score) values
    (${quiz}, ${one}, 8.95), (${t1}, ${many}, 90.35), (${t2}, ${many}, 88.3), (${quiz}, ${many}, 9.3)`);
});

describe("grade percent at 89.5 % is 90 on every screen", () => {
  it("teacher Summary tab: each student 90 % A-, class average 90", async () => {
    const view = await loadSummaryView(CODE, "UTC");
    const byId = new Map(view.students.map((s) => [s.id, s]));
    expect(byId.get(one)).toMatchObject({ gradePercent: 90, letter: "A-" });
    expect(whyEnglish(byId.get(one)!.why)).toEqual(["Total points: 8.95 of 10 = 89.5 %"]);
    expect(byId.get(many)).toMatchObject({ gradePercent: 90, letter: "A-" });
    expect(whyEnglish(byId.get(many)!.why)).toEqual(["Total points: 187.95 of 210 = 89.5 %"]);
    expect(view.averageGrade).toBe(90);
  });
  it("admin View Students and the Classes tab's average (196.9 / 220 = 89.5 %)", async () => {
    await signInAs(DEMO_ADMIN.code);
    const res = await loadClassStudentStats(CODE);
    expect(res.ok && res.data!.map((r) => r.grade)).toEqual([90, 90]);
    const { rows } = await listClassesWithStats(1, 100);
    const row = rows.find((r) => r.code === CODE)!;
    expect([row.earned, row.possible]).toEqual([196.9, 220]);
    expect(scorePercent(row.earned, row.possible)).toBe(90);
  });
  it("student class page: Average tile and each grade's percent and letter", async () => {
    expect((await loadStudentTiles(CODE, one)).average).toBe(90);
    expect((await loadStudentTiles(CODE, many)).average).toBe(90);
    const [g] = await loadGradesView(CODE, one, "UTC");
    // One letter scale on every screen (issue 27, decision 017): 90 % is A- for the student too.
    expect(g).toMatchObject({ percent: 90, letter: "A-" });
  });
  it("parent report card: 90 % A-, the item at 90 %, points summed exactly", async () => {
    const card = (await reportCardFor(many))!;
    expect(card.classes[0]).toMatchObject({
      percent: 90,
      letter: "A-",
      points: { earned: "187.95", possible: "210.00" },
    });
    const single = (await reportCardFor(one))!;
    expect(single.classes[0]).toMatchObject({ percent: 90, letter: "A-" });
    expect(single.classes[0]!.grades[0]).toMatchObject({ percent: 90 });
  });
});

describe("no percent is rounded from a binary float outside lib/domain/percent.ts", () => {
  // A guard against the next Math.round((earned / possible) * 100): percent maths goes through
  // scorePercent / ratioPercent / gradePercent / itemPercent and the attendance helpers.
  const root = path.resolve(__dirname, "..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(p);
    }
  };
  ["app", "components", "lib"].forEach((d) => walk(path.join(root, d)));
  it.each(files.map((f) => path.relative(root, f)).filter((f) => f !== path.join("lib", "domain", "percent.ts")))(
    "%s",
    (file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      expect(text).not.toMatch(/Math\.round\([^;\n]*(\*\s*100\b|\*\s*1000\b)/);
    },
  );
});
