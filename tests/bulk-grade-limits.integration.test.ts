import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { bulkGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { queryRows } from "@/lib/db/client";
import { countQueries } from "@/lib/db/query-stats";
import { DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Bulk Grade once took 5,000 rows for one student: 5,000 upserts and 5,000 audit entries in one
// transaction (a 30 s stall on PGlite, everyone else waiting). Rows must name distinct enrolled
// students, no more than the class has, and be written in one statement.
useTestDatabase();

const RIVERA = DEMO_INSTRUCTORS[0].code;
const ALG = "ALG1-P1";
let roster: number[];

async function freshAssignment(title: string, maxScore = 20): Promise<number> {
  await createAssignment(
    { ok: true },
    form({ levelCode: ALG, title, description: "D", maxScore, dueDate: "2040-01-01T10:00:00Z" }),
  );
  const [a] = await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${ALG} and title = ${title}`,
  );
  return Number(a!.id);
}

const gradeWrites = (statements: string[]) => statements.filter((s) => /insert\s+into\s+"?grades"?/i.test(s));

beforeAll(async () => {
  await seedDemo();
  roster = (
    await queryRows<{ id: number }>(
      sql`select student_id as id from student_enrollment where level_code = ${ALG} order by student_id`,
    )
  ).map((r) => Number(r.id));
});

describe("bulk grade rows", () => {
  it("refuses 5,000 rows for one student at once, writing nothing", async () => {
    await signInAs(RIVERA);
    const id = await freshAssignment("Dupes");
    const before = await databaseChecksum();
    const t0 = performance.now();
    const res = await bulkGrade({
      levelCode: ALG,
      assignmentId: id,
      rows: Array.from({ length: 5000 }, (_, i) => ({ studentId: roster[0]!, score: String(i % 20) })),
    });
    const ms = performance.now() - t0;
    expect(res).toMatchObject({ ok: false });
    expect(res.message).toMatch(/more than once/);
    expect(await databaseChecksum()).toEqual(before);
    expect(ms).toBeLessThan(2000);
  });

  it("refuses a student listed twice even when one row is blank", async () => {
    await signInAs(RIVERA);
    const id = await freshAssignment("Twice");
    const before = await databaseChecksum();
    const res = await bulkGrade({
      levelCode: ALG,
      assignmentId: id,
      rows: [
        { studentId: roster[0]!, score: "5" },
        { studentId: roster[1]!, score: "6" },
        { studentId: roster[0]!, score: "" },
      ],
    });
    expect(res).toMatchObject({
      ok: false,
      message: "1 student appears more than once. Each student can be graded once per bulk grade.",
    });
    expect(await databaseChecksum()).toEqual(before);
  });

  it("refuses more rows than the class has students", async () => {
    await signInAs(RIVERA);
    const id = await freshAssignment("Too many");
    const before = await databaseChecksum();
    const rows = [...roster.map((s) => ({ studentId: s, score: "10" })), { studentId: 2_000_000, score: "" }];
    const res = await bulkGrade({ levelCode: ALG, assignmentId: id, rows });
    expect(res).toMatchObject({
      ok: false,
      message: `This class has ${roster.length} students, so a bulk grade can have at most ${roster.length} rows.`,
    });
    expect(await databaseChecksum()).toEqual(before);
  });

  it("writes the whole roster in one statement, with one audit entry per grade (old → new)", async () => {
    await signInAs(RIVERA);
    const id = await freshAssignment("Whole class");
    const small = await countQueries(() =>
      bulkGrade({
        levelCode: ALG,
        assignmentId: id,
        rows: roster.slice(0, 2).map((s) => ({ studentId: s, score: "4.5" })),
      }),
    );
    expect(small.result).toMatchObject({ ok: true, data: { saved: 2 } });
    const all = await countQueries(() =>
      bulkGrade({
        levelCode: ALG,
        assignmentId: id,
        rows: roster.map((s, i) => ({
          studentId: s,
          score: String(10 + (i % 10)),
          feedback: i === 0 ? "Well done" : undefined,
        })),
      }),
    );
    expect(all.result).toMatchObject({ ok: true, data: { saved: roster.length } });
    expect(gradeWrites(small.statements)).toHaveLength(1);
    expect(gradeWrites(all.statements)).toHaveLength(1);
    expect(all.count).toBe(small.count);

    const stored = await queryRows<{ student_id: number; score: string; feedback: string | null }>(
      sql`select student_id, score::text, feedback from grades where assignment_id = ${id} order by student_id`,
    );
    expect(stored.map((r) => [Number(r.student_id), Number(r.score)])).toEqual(
      roster.map((s, i) => [s, 10 + (i % 10)]),
    );
    expect(stored[0]!.feedback).toBe("Well done");
    const entries = await queryRows<{ detail: { studentId: number; old: number | null; new: number } }>(sql`
      select detail from audit_log where action = 'grade.changed' and (detail->>'assignmentId')::int = ${id} order by id`);
    expect(entries).toHaveLength(2 + roster.length);
    const last = entries.slice(2).map((e) => e.detail);
    expect(last.map((d) => [d.studentId, d.old === null ? null : Number(d.old), Number(d.new)])).toEqual(
      roster.map((s, i) => [s, i < 2 ? 4.5 : null, 10 + (i % 10)]),
    );
  });

  it("keeps feedback a row leaves out, clears feedback sent blank", async () => {
    await signInAs(RIVERA);
    const id = await freshAssignment("Feedback");
    const [a, b] = roster;
    expect(
      (
        await bulkGrade({
          levelCode: ALG,
          assignmentId: id,
          rows: [
            { studentId: a!, score: "1", feedback: "Keep me" },
            { studentId: b!, score: "1", feedback: "Clear me" },
          ],
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await bulkGrade({
          levelCode: ALG,
          assignmentId: id,
          rows: [
            { studentId: a!, score: "2" },
            { studentId: b!, score: "2", feedback: "  " },
          ],
        })
      ).ok,
    ).toBe(true);
    const stored = await queryRows<{ student_id: number; score: string; feedback: string | null }>(
      sql`select student_id, score::text, feedback from grades where assignment_id = ${id} order by student_id`,
    );
    expect(stored.map((r) => [Number(r.student_id), Number(r.score), r.feedback])).toEqual([
      [a, 2, "Keep me"],
      [b, 2, null],
    ]);
  });
});
