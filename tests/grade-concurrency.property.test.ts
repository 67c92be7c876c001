import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteAssignment, updateAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { addGrade, bulkGrade, saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN } from "@/lib/db/demo-school";
import { MSG } from "@/lib/domain/messages";
import { seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Grade writes racing each other and a max-score change: the running totals (kept by statement
// triggers) once drifted (28 points possible instead of 30), a 9/5 grade was stored, and 20
// concurrent saves of one cell left an audit trail whose last "old → new" was not the stored
// score. Every write path takes the assignment's row lock first, then checks and reads under it.
// On PGlite (one connection) statements cannot interleave inside a transaction, but the actions'
// separate statements still can, so the fixed-scenario races run on both engines; the random
// interleavings need real concurrent sessions and run on PostgreSQL only.

const PG = Boolean(process.env.DATABASE_URL);
const SKIP_REASON = "needs PostgreSQL (DATABASE_URL): PGlite is a single connection, so transactions never interleave";
if (!PG) console.log(`grade-concurrency property test skipped: ${SKIP_REASON}`);

useTestDatabase();
const CODE = "RACE-1";
let students: number[];
let seq = 0;

beforeAll(async () => {
  await seedDemo();
  await queryRows(sql`insert into levels (code, name, period) values (${CODE}, 'Races', '9')`);
  const rows = await queryRows<{ id: number }>(sql`
    insert into users (name, username, code, role)
    select 'Racer ' || g, 'racer-' || g, 'racer-code-' || g, 'student' from generate_series(1, 4) g returning id`);
  students = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await queryRows(
    sql`insert into student_enrollment (student_id, level_code) select unnest(${`{${students.join(",")}}`}::int[]), ${CODE}`,
  );
});

async function newAssignment(maxScore: number): Promise<number> {
  const [a] = await queryRows<{ id: number }>(sql`
    insert into assignments (level_code, title, description, max_score) values (${CODE}, ${`A${++seq}`}, 'd', ${maxScore}) returning id`);
  return Number(a!.id);
}

const setMax = (assignmentId: number, maxScore: number) =>
  updateAssignment(
    { ok: true },
    form({
      levelCode: CODE,
      assignmentId,
      title: `T${assignmentId}`,
      description: "D",
      maxScore,
      dueDate: "2040-01-01T10:00:00Z",
    }),
  );
const save = (assignmentId: number, studentId: number, score: number) =>
  saveGrade({ levelCode: CODE, assignmentId, studentId, score: String(score) });

/** Fresh aggregates beside the kept totals, per class and per student (as tests/level-stats). */
async function totalsDrift(): Promise<{ kept: unknown[]; fresh: unknown[] }> {
  const fresh = await queryRows(sql`
    select k.level_code, k.student_id, coalesce(g.graded, 0)::int as graded, coalesce(g.earned, 0)::numeric(14,2)::text as earned, coalesce(g.possible, 0)::numeric(14,2)::text as possible
    from (select a.level_code, gr.student_id from grades gr join assignments a on a.id = gr.assignment_id) k
    left join (select a.level_code, gr.student_id, count(*) as graded, sum(gr.score) as earned, sum(a.max_score) as possible
               from grades gr join assignments a on a.id = gr.assignment_id group by 1, 2) g on g.level_code = k.level_code and g.student_id = k.student_id
    group by 1, 2, 3, 4, 5 order by 1, 2`);
  const kept = await queryRows(sql`
    select level_code, student_id, graded, earned::numeric(14,2)::text as earned, possible::numeric(14,2)::text as possible
    from student_level_stats where graded <> 0 or earned <> 0 or possible <> 0 order by 1, 2`);
  const freshClass = await queryRows(sql`
    select l.code, coalesce(sum(a.max_score), 0)::numeric(14,2)::text as possible, coalesce(sum(gr.score), 0)::numeric(14,2)::text as earned, count(gr.id)::int as graded
    from levels l left join assignments a on a.level_code = l.code left join grades gr on gr.assignment_id = a.id
    where gr.id is not null or a.id is null group by l.code order by l.code`);
  const keptClass = await queryRows(sql`
    select l.code, coalesce(s.possible, 0)::numeric(14,2)::text as possible, coalesce(s.earned, 0)::numeric(14,2)::text as earned, coalesce(s.graded, 0)::int as graded
    from levels l left join level_stats s on s.level_code = l.code
    where l.code in (select l2.code from levels l2 left join assignments a on a.level_code = l2.code left join grades gr on gr.assignment_id = a.id where gr.id is not null or a.id is null)
    order by l.code`);
  return { kept: [kept, keptClass], fresh: [fresh, freshClass] };
}

async function expectTotalsExact() {
  const { kept, fresh } = await totalsDrift();
  expect(kept).toEqual(fresh);
}

async function expectNoGradeAboveMax() {
  const over = await queryRows<{ id: number; score: string; max_score: number }>(sql`
    select g.id, g.score::text, a.max_score from grades g join assignments a on a.id = g.assignment_id where g.score > a.max_score`);
  expect(over).toEqual([]);
}

/** Per cell of this class, audit entries in order: each old is the previous new; the last new is the stored score. */
async function expectAuditChains() {
  const entries = await queryRows<{
    detail: { assignmentId: number; studentId: number; old: number | null; new: number };
  }>(sql`
    select detail from audit_log where action = 'grade.changed' and level_code = ${CODE} order by id`);
  const stored = await queryRows<{ assignment_id: number; student_id: number; score: string }>(sql`
    select g.assignment_id, g.student_id, g.score::text from grades g join assignments a on a.id = g.assignment_id where a.level_code = ${CODE}`);
  const chains = new Map<string, { old: number | null; new: number }[]>();
  for (const { detail: d } of entries) {
    const key = `${d.assignmentId}/${d.studentId}`;
    if (!chains.has(key)) chains.set(key, []);
    chains.get(key)!.push({ old: d.old === null ? null : Number(d.old), new: Number(d.new) });
  }
  for (const [key, chain] of chains) {
    expect(chain[0]!.old, `${key}: first entry's old`).toBeNull();
    for (let i = 1; i < chain.length; i++)
      expect(chain[i]!.old, `${key}: entry ${i} old vs entry ${i - 1} new`).toBe(chain[i - 1]!.new);
  }
  for (const g of stored)
    expect(
      chains.get(`${g.assignment_id}/${g.student_id}`)?.at(-1)?.new,
      `cell ${g.assignment_id}/${g.student_id}`,
    ).toBe(Number(g.score));
}

const answered = (results: { ok: boolean; message?: string }[]) => {
  for (const r of results) expect(r.ok || r.message !== MSG.genericError, JSON.stringify(r)).toBe(true);
};

describe("grade writes racing each other and max-score changes", () => {
  it("a save of 9 racing a max lowered to 5 never stores 9/5 (8 trials)", async () => {
    await signInAs(DEMO_ADMIN.code);
    for (let trial = 0; trial < 8; trial++) {
      const id = await newAssignment(10);
      const [saved, lowered] = await Promise.all([save(id, students[0]!, 9), setMax(id, 5)]);
      answered([saved, lowered]);
      expect(saved.ok && lowered.ok, `trial ${trial}: both succeeded`).toBe(false);
      await expectNoGradeAboveMax();
    }
    await expectTotalsExact();
  });

  it("totals equal a rebuild after new grades race a max raised from 10 to 15 (8 trials)", async () => {
    await signInAs(DEMO_ADMIN.code);
    for (let trial = 0; trial < 8; trial++) {
      const id = await newAssignment(10);
      const results = await Promise.all([
        save(id, students[0]!, 7),
        setMax(id, 15),
        save(id, students[1]!, 8),
        save(id, students[2]!, 6),
      ]);
      answered(results);
      expect(results.every((r) => r.ok)).toBe(true);
      await expectTotalsExact();
    }
  });

  it("20 concurrent saves of one cell leave an audit chain ending at the stored score", async () => {
    await signInAs(DEMO_ADMIN.code);
    const id = await newAssignment(20);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(id, students[3]!, i + 0.25)));
    answered(results);
    expect(results.every((r) => r.ok)).toBe(true);
    const entries = await queryRows(
      sql`select id from audit_log where action = 'grade.changed' and (detail->>'assignmentId')::int = ${id}`,
    );
    expect(entries).toHaveLength(20);
    await expectAuditChains();
    await expectTotalsExact();
  });
});

type Op =
  | { kind: "save" | "add"; a: number; s: number; score: number }
  | { kind: "bulk"; a: number; scores: (number | null)[] }
  | { kind: "max"; a: number; max: number }
  | { kind: "delete" };

const score = fc.integer({ min: 0, max: 60 }).map((n) => n / 4); // 0 … 15 in quarter points
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("save" as const), a: fc.nat(2), s: fc.nat(3), score }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("add" as const), a: fc.nat(2), s: fc.nat(3), score }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("bulk" as const),
      a: fc.nat(2),
      scores: fc.array(fc.option(score, { nil: null }), { minLength: 4, maxLength: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("max" as const), a: fc.nat(2), max: fc.integer({ min: 4, max: 15 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "delete" as const }) },
);

describe.skipIf(!PG)(`random interleavings (PostgreSQL only; ${PG ? "running" : `skipped: ${SKIP_REASON}`})`, () => {
  it("after any interleaving of saves, Add Grade, bulk grades, max-score changes and deletes: totals equal a rebuild, no grade above its max, audit chains end at the stored score", async () => {
    await signInAs(DEMO_ADMIN.code);
    const fixed = [await newAssignment(10), await newAssignment(12)];
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 12 }), async (ops) => {
        // Index 2 is a scratch assignment of this run, which a "delete" may remove.
        const ids = [...fixed, await newAssignment(10)];
        const run = (op: Op) => {
          switch (op.kind) {
            case "save":
              return save(ids[op.a]!, students[op.s]!, op.score);
            case "add":
              return addGrade(
                { ok: true },
                form({
                  levelCode: CODE,
                  assignmentId: ids[op.a]!,
                  studentId: students[op.s]!,
                  score: String(op.score),
                }),
              );
            case "bulk":
              return bulkGrade({
                levelCode: CODE,
                assignmentId: ids[op.a]!,
                rows: op.scores.map((v, i) => ({ studentId: students[i]!, score: v === null ? "" : String(v) })),
              });
            case "max":
              return setMax(ids[op.a]!, op.max);
            case "delete":
              return deleteAssignment({ levelCode: CODE, assignmentId: ids[2]! });
          }
        };
        const results = await Promise.all(ops.map(run));
        answered(results);
        await expectNoGradeAboveMax();
        await expectTotalsExact();
        await expectAuditChains();
      }),
      // The database carries over between runs, so a shrunk case would replay on a broken state:
      // report the first failing interleaving as generated.
      { numRuns: 40, endOnFailure: true },
    );
  }, 120_000);
});

if (!PG) {
  describe("random interleavings", () => {
    it.skip(`skipped: ${SKIP_REASON}`, () => {});
  });
}
