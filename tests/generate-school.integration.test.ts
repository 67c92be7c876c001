import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, setDbHandle } from "@/lib/db/client";
import { generateSchool, PRESETS } from "@/lib/db/generate-school";
import { withSchool } from "@/lib/db/school-scope";
import { seedDemo } from "./support/fixtures";
import { createTestDatabase } from "./support/test-db";

// The benchmark's school must look like a school: the right sizes, one class per period, ~90 %
// graded, a realistic attendance mix, and the same school from the same seed.
const shape = { students: 150, classes: 10, assignments: 6, days: 15 };
const today = "2026-11-20";

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let a: TestDb;
let b: TestDb;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  setDbHandle(a);
  await generateSchool(a.ownerDb, shape, { seed: 7, today });
});
afterAll(async () => {
  setDbHandle(undefined);
  await Promise.all([a.drop(), b.drop()]);
});

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(q))[0]!;

describe("db:generate", () => {
  it("creates the requested people and classes", async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*) from users where role = 'student')::int as students,
      (select count(*) from users where role = 'instructor')::int as instructors,
      (select count(*) from users where role = 'admin')::int as admins,
      (select count(*) from levels)::int as classes,
      (select count(*) from assignments)::int as assignments`);
    expect(counts).toEqual({ students: 150, instructors: 2, admins: 1, classes: 10, assignments: 60 });
  });

  it("enrolls every student in one class per period (five) and spreads class sizes evenly", async () => {
    const perStudent = await queryRows<{ n: number; periods: number }>(sql`
      select count(*)::int as n, count(distinct l.period)::int as periods from student_enrollment e join levels l on l.code = e.level_code group by e.student_id`);
    expect(perStudent).toHaveLength(150);
    expect(perStudent.every((r) => r.n === 5 && r.periods === 5)).toBe(true);
    const sizes = await one<{ min: number; max: number }>(
      sql`select min(n)::int as min, max(n)::int as max from (select count(*) as n from student_enrollment group by level_code) s`,
    );
    expect(sizes.max - sizes.min).toBeLessThanOrEqual(2);
  });

  it("gives each instructor about five classes in different periods", async () => {
    const rows = await queryRows<{ n: number; periods: number }>(
      sql`select count(*)::int as n, count(distinct period)::int as periods from levels group by teacher_id`,
    );
    expect(rows.every((r) => r.n === 5 && r.periods === 5)).toBe(true);
  });

  it("grades about 90 % of students on every assignment, with scores inside the assignment's scale", async () => {
    const g = await one<{ share: number; over: number; ungraded: number }>(sql`select
      (select count(*) from grades)::float / (select count(*) from assignments a join student_enrollment e on e.level_code = a.level_code) as share,
      (select count(*) from grades g join assignments a on a.id = g.assignment_id where g.score > a.max_score or g.score < 0)::int as over,
      (select count(*) from assignments a where not exists (select 1 from grades g where g.assignment_id = a.id))::int as ungraded`);
    expect(g.share).toBeGreaterThan(0.85);
    expect(g.share).toBeLessThan(0.95);
    expect(g.over).toBe(0);
    expect(g.ungraded).toBe(0);
  });

  it("has submissions with some resubmissions", async () => {
    const s = await one<{
      students: number;
      resubmitted: number;
    }>(sql`select count(*)::int as students, count(*) filter (where n > 1)::int as resubmitted
      from (select count(*) as n from assignment_submissions group by assignment_id, student_id) x`);
    expect(s.resubmitted).toBeGreaterThan(0);
    expect(s.resubmitted / s.students).toBeLessThan(0.3);
  });

  it("takes attendance once per student per school day, mostly present, never on a weekend", async () => {
    const att = await one<{
      n: number;
      present: number;
      absent: number;
      weekend: number;
      days: number;
    }>(sql`select count(*)::int as n,
      avg((status = 'present')::int)::float as present, count(*) filter (where status = 'absent')::int as absent,
      count(*) filter (where extract(isodow from date) > 5)::int as weekend, count(distinct date)::int as days from attendance`);
    expect(att.n).toBe(150 * 15);
    expect(att.days).toBe(15);
    expect(att.weekend).toBe(0);
    expect(att.present).toBeGreaterThan(0.85);
    expect(att.absent).toBeGreaterThan(0);
  });

  it("produces the same school from the same seed", async () => {
    const fingerprint = () =>
      one<{ f: string }>(sql`select md5(
        (select string_agg(concat_ws(',', name, code, parent1_number, parent2_number, date_of_birth), ';' order by id) from users) ||
        (select string_agg(concat_ws(',', student_id, level_code), ';' order by id) from student_enrollment) ||
        (select string_agg(concat_ws(',', assignment_id, student_id, score, feedback), ';' order by id) from grades) ||
        (select string_agg(concat_ws(',', student_id, level_code, date, status), ';' order by id) from attendance)) as f`);
    const first = await fingerprint();
    setDbHandle(b);
    try {
      await generateSchool(b.ownerDb, shape, { seed: 7, today });
      expect(await fingerprint()).toEqual(first);
    } finally {
      setDbHandle(a);
    }
  });

  it("refuses a database that already has people in it, and writes nothing", async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from users`);
    await expect(generateSchool(a.ownerDb, shape, { today })).rejects.toThrow(/already has users/);
    expect(await one<{ n: number }>(sql`select count(*)::int as n from users`)).toEqual(before);
  });

  it("refuses nonsense sizes with the flag's name", async () => {
    await expect(generateSchool(a.ownerDb, { ...shape, students: -3 })).rejects.toThrow(
      "--students must be a whole number",
    );
    await expect(generateSchool(a.ownerDb, { ...shape, days: 1.5 })).rejects.toThrow("--days must be a whole number");
  });

  it("knows the presets the issue asks for", () => {
    expect(PRESETS.school).toEqual({ students: 2000, classes: 100, assignments: 40, days: 180 });
    expect(PRESETS.district).toEqual({ students: 20000, classes: 1000, assignments: 40, days: 180 });
  });
});

describe("the demo school is not mixed with a generated one", () => {
  it("refuses to generate over the demo", async () => {
    const c = await createTestDatabase();
    setDbHandle(c);
    try {
      await seedDemo();
      await expect(generateSchool(c.ownerDb, shape, { today })).rejects.toThrow(/already has users/);
    } finally {
      setDbHandle(a);
      await c.drop();
    }
  });
});

describe("class totals after a bulk load", () => {
  it("are rebuilt, and the triggers are back on for later writes", async () => {
    const stats = await queryRows<{ graded: number; present: number }>(
      sql`select sum(graded)::int as graded, sum(present)::int as present from level_stats`,
    );
    const real = await queryRows<{ graded: number; present: number }>(
      sql`select (select count(*) from grades)::int as graded, (select count(*) from attendance where status = 'present')::int as present`,
    );
    expect(stats).toEqual(real);
    const [g] = await queryRows<{ assignment_id: number; student_id: number }>(
      sql`select assignment_id, student_id from grades limit 1`,
    );
    await queryRows(
      sql`delete from grades where assignment_id = ${g!.assignment_id} and student_id = ${g!.student_id}`,
    );
    const [after] = await queryRows<{ graded: number; per_student: number }>(
      sql`select (select sum(graded) from level_stats)::int as graded, (select sum(graded) from student_level_stats)::int as per_student`,
    );
    expect(after).toEqual({ graded: real[0]!.graded - 1, per_student: real[0]!.graded - 1 });
  });
});

describe("a generated district (--schools)", () => {
  const small = { students: 40, classes: 5, assignments: 3, days: 5 };
  let schoolIds: number[] = [];
  let d: TestDb;
  beforeAll(async () => {
    d = await createTestDatabase();
    setDbHandle(d);
    await generateSchool(d.ownerDb, small, { seed: 7, today, schools: 3 });
    schoolIds = (await queryRows<{ id: number }>(sql`select id from schools order by id`, d.ownerDb)).map((r) =>
      Number(r.id),
    );
  });
  afterAll(async () => {
    setDbHandle(a);
    await d.drop();
  });

  it("makes each school whole, in its own rows, with its own totals", async () => {
    expect(schoolIds).toHaveLength(3);
    for (const id of schoolIds) {
      // Read as the portal reads: under row-level security, in that school.
      const counts = await withSchool(id, () =>
        one<Record<string, number>>(sql`select
          (select count(*) from users u join school_memberships m on m.user_id = u.id and m.school_id = ${id} where u.role = 'student')::int as students,
          (select count(*) from levels)::int as classes,
          (select count(*) from student_enrollment)::int as seats,
          (select count(*) from grades where returned_at is not null)::int as grades,
          (select coalesce(sum(graded), 0) from level_stats)::int as totalled,
          (select count(*) from attendance where status = 'present')::int as present,
          (select coalesce(sum(present), 0) from student_level_stats)::int as present_totalled`),
      );
      expect(counts.students, `school ${id}`).toBe(40);
      expect(counts.classes, `school ${id}`).toBe(5);
      expect(counts.seats, `school ${id}`).toBe(200);
      expect(counts.grades, `school ${id}`).toBeGreaterThan(0);
      expect(counts.totalled, `school ${id}'s class totals`).toBe(counts.grades);
      expect(counts.present_totalled, `school ${id}'s student totals`).toBe(counts.present);
    }
  });

  it("keeps usernames, codes and class codes unique across the install, each person in one school", async () => {
    const u = await one<Record<string, number>>(
      sql`select count(*)::int as people, count(distinct code_hash)::int as codes,
        (select count(*) from school_memberships)::int as memberships from users`,
    );
    expect(u.people).toBe(3 * (40 + 1 + 1 + 32)); // students, one teacher, the admin, 32 families
    expect(u.codes).toBe(u.people);
    expect(u.memberships).toBe(u.people);
    const codes = await queryRows<{ code: string }>(sql`select code from levels order by code`, d.ownerDb);
    expect(new Set(codes.map((r) => r.code)).size).toBe(15);
  });
});
