import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { seededRandom } from "@/lib/domain/random";
import { listClassesWithStats } from "@/lib/queries/admin";
import { seedDemo } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";

// The admin's class figures come from level_stats, the Summary tab's and report card's from
// student_level_stats, both kept by statement triggers. Whatever happens to grades, attendance,
// max scores or class codes, one statement at a time or many rows at once, they must equal a
// fresh aggregate of the records. A draft grade (returned_at null, issue 44) is not graded yet.
useTestDatabase();
beforeAll(seedDemo);

const fresh = () =>
  queryRows<Record<string, string>>(sql`
    select l.code, coalesce(g.graded, 0)::int as graded, coalesce(g.earned, 0)::numeric(14,2)::text as earned, coalesce(g.possible, 0)::numeric(14,2)::text as possible,
      coalesce(t.present, 0)::int as present, coalesce(t.absent, 0)::int as absent, coalesce(t.late, 0)::int as late, coalesce(t.excused, 0)::int as excused
    from levels l
    left join (select a.level_code, count(*) as graded, sum(gr.score) as earned, sum(a.max_score) as possible from grades gr join assignments a on a.id = gr.assignment_id where gr.returned_at is not null group by 1) g on g.level_code = l.code
    left join (select level_code, count(*) filter (where status = 'present') as present, count(*) filter (where status = 'absent') as absent,
      count(*) filter (where status = 'late') as late, count(*) filter (where status = 'excused') as excused from attendance group by 1) t on t.level_code = l.code
    order by l.code`);
const kept = () =>
  queryRows<Record<string, string>>(sql`
    select l.code, coalesce(s.graded, 0)::int as graded, coalesce(s.earned, 0)::numeric(14,2)::text as earned, coalesce(s.possible, 0)::numeric(14,2)::text as possible,
      coalesce(s.present, 0)::int as present, coalesce(s.absent, 0)::int as absent, coalesce(s.late, 0)::int as late, coalesce(s.excused, 0)::int as excused
    from levels l left join level_stats s on s.level_code = l.code order by l.code`);

const freshPerStudent = () =>
  queryRows<Record<string, string>>(sql`
    select k.level_code, k.student_id, coalesce(g.graded, 0)::int as graded, coalesce(g.earned, 0)::numeric(14,2)::text as earned, coalesce(g.possible, 0)::numeric(14,2)::text as possible,
      coalesce(t.present, 0)::int as present, coalesce(t.absent, 0)::int as absent, coalesce(t.late, 0)::int as late, coalesce(t.excused, 0)::int as excused
    from (select a.level_code, gr.student_id from grades gr join assignments a on a.id = gr.assignment_id where gr.returned_at is not null
          union select level_code, student_id from attendance) k
    left join (select a.level_code, gr.student_id, count(*) as graded, sum(gr.score) as earned, sum(a.max_score) as possible
               from grades gr join assignments a on a.id = gr.assignment_id where gr.returned_at is not null group by 1, 2) g on g.level_code = k.level_code and g.student_id = k.student_id
    left join (select level_code, student_id, count(*) filter (where status = 'present') as present, count(*) filter (where status = 'absent') as absent,
               count(*) filter (where status = 'late') as late, count(*) filter (where status = 'excused') as excused from attendance group by 1, 2) t
      on t.level_code = k.level_code and t.student_id = k.student_id
    order by 1, 2`);
// Rows whose records were all deleted stay behind as zeros; they mean the same as no row.
const keptPerStudent = () =>
  queryRows<Record<string, string>>(sql`
    select level_code, student_id, graded, earned::numeric(14,2)::text as earned, possible::numeric(14,2)::text as possible, present, absent, late, excused
    from student_level_stats where graded <> 0 or earned <> 0 or possible <> 0 or present + absent + late + excused <> 0 order by 1, 2`);

const expectExact = async () => {
  expect(await kept()).toEqual(await fresh());
  expect(await keptPerStudent()).toEqual(await freshPerStudent());
};

describe("level_stats and student_level_stats", () => {
  it("start equal to the records (the migration's backfill and the demo's writes)", async () => {
    await expectExact();
    expect((await keptPerStudent()).length).toBeGreaterThan(20);
    expect((await kept()).some((r) => Number(r.graded) > 0 && Number(r.present) > 0)).toBe(true);
  });

  it("stays equal through 300 random grade, draft, return, attendance and max-score changes", async () => {
    const rand = seededRandom(42);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    const pairs = await queryRows<{ assignment_id: number; student_id: number }>(sql`
      select a.id as assignment_id, e.student_id from assignments a join student_enrollment e on e.level_code = a.level_code`);
    const slots = await queryRows<{ level_code: string; student_id: number }>(
      sql`select level_code, student_id from student_enrollment`,
    );
    for (let i = 0; i < 300; i++) {
      const op = rand();
      if (op < 0.35) {
        const p = pick(pairs);
        const score = Math.floor(rand() * 10);
        await queryRows(sql`insert into grades (assignment_id, student_id, score) values (${p.assignment_id}, ${p.student_id}, ${score})
          on conflict (assignment_id, student_id) do update set score = excluded.score`);
      } else if (op < 0.45) {
        const p = pick(pairs);
        await queryRows(
          sql`delete from grades where assignment_id = ${p.assignment_id} and student_id = ${p.student_id}`,
        );
      } else if (op < 0.47) {
        // Drafts (issue 44): an assignment posted on return, one draft returned, or back to "at once".
        const p = pick(pairs);
        const policy = pick(["on_return", "on_return", "immediate"]);
        await queryRows(sql`update assignments set post_policy = ${policy} where id = ${p.assignment_id}`);
      } else if (op < 0.48) {
        const p = pick(pairs);
        await queryRows(sql`update grades set returned_at = now() where assignment_id = ${p.assignment_id}
          and student_id = ${p.student_id} and returned_at is null`);
      } else if (op < 0.5) {
        const p = pick(pairs);
        await queryRows(
          sql`update assignments set max_score = ${10 + Math.floor(rand() * 20)} where id = ${p.assignment_id}`,
        );
      } else if (op < 0.85) {
        const s = pick(slots);
        const day = `2031-01-${String(1 + Math.floor(rand() * 28)).padStart(2, "0")}`;
        const status = pick(["present", "absent", "late", "excused"]);
        await queryRows(sql`insert into attendance (student_id, level_code, date, status) values (${s.student_id}, ${s.level_code}, ${day}, ${status})
          on conflict (student_id, level_code, date) do update set status = excluded.status`);
      } else {
        const s = pick(slots);
        await queryRows(
          sql`delete from attendance where student_id = ${s.student_id} and level_code = ${s.level_code} and date >= '2031-01-01' and date < '2031-01-15'`,
        );
      }
    }
    await expectExact();
  });

  it("stay equal when one statement writes many rows: a whole day, a bulk grade, a feedback-only edit", async () => {
    const [cls] = await queryRows<{ code: string }>(
      sql`select level_code as code from student_enrollment group by 1 order by count(*) desc limit 1`,
    );
    const code = cls!.code;
    await queryRows(sql`insert into attendance (student_id, level_code, date, status)
      select student_id, level_code, date '2032-02-02', case when student_id % 3 = 0 then 'absent' else 'present' end from student_enrollment where level_code = ${code}`);
    await queryRows(
      sql`update attendance set status = case status when 'present' then 'late' else 'excused' end where level_code = ${code} and date = '2032-02-02'`,
    );
    await queryRows(sql`insert into grades (assignment_id, student_id, score)
      select a.id, e.student_id, (e.student_id % 7) from assignments a join student_enrollment e on e.level_code = a.level_code where a.level_code = ${code}
      on conflict (assignment_id, student_id) do update set score = excluded.score`);
    await queryRows(
      sql`update grades set feedback = 'Seen' where assignment_id in (select id from assignments where level_code = ${code})`,
    );
    await expectExact();
    await queryRows(sql`delete from attendance where level_code = ${code} and date = '2032-02-02'`);
    await queryRows(
      sql`delete from grades where assignment_id in (select id from assignments where level_code = ${code}) and student_id % 2 = 0`,
    );
    await expectExact();
  });

  it("count a draft only once it is returned, and keep a re-graded returned grade counted", async () => {
    const [p] = await queryRows<{ assignment_id: number; student_id: number; level_code: string }>(sql`
      select a.id as assignment_id, e.student_id, a.level_code from assignments a join student_enrollment e on e.level_code = a.level_code
      where not exists (select 1 from grades g where g.assignment_id = a.id and g.student_id = e.student_id) order by 1, 2 limit 1`);
    const { assignment_id: aid, student_id: sid, level_code: code } = p!;
    const mine = async () =>
      (
        await queryRows<{ graded: number; earned: string }>(sql`select graded, earned::numeric(14,2)::text as earned
        from student_level_stats where level_code = ${code} and student_id = ${sid}`)
      )[0] ?? { graded: 0, earned: "0.00" };
    const before = await mine();
    await queryRows(sql`update assignments set post_policy = 'on_return' where id = ${aid}`);
    await queryRows(sql`insert into grades (assignment_id, student_id, score) values (${aid}, ${sid}, 7)`);
    expect(await mine()).toEqual(before);
    await queryRows(sql`update assignments set max_score = max_score + 5 where id = ${aid}`);
    await expectExact();
    await queryRows(sql`update grades set returned_at = now() where assignment_id = ${aid} and student_id = ${sid}`);
    const after = await mine();
    expect([Number(after.graded), Number(after.earned)]).toEqual([
      Number(before.graded) + 1,
      Number(before.earned) + 7,
    ]);
    await queryRows(sql`update grades set score = 3 where assignment_id = ${aid} and student_id = ${sid}`);
    const regraded = (
      await queryRows<{ returned: boolean }>(
        sql`select returned_at is not null as returned from grades where assignment_id = ${aid} and student_id = ${sid}`,
      )
    )[0];
    expect(regraded?.returned).toBe(true);
    await expectExact();
  });

  it("follows a class through a code change", async () => {
    await queryRows(sql`update levels set code = 'BIO-RENAMED' where code = 'BIO-P2'`);
    const rows = await kept();
    await expectExact();
    expect(Number(rows.find((r) => r.code === "BIO-RENAMED")!.graded)).toBeGreaterThan(0);
  });

  it("gives a new class zeros, and the admin list shows the kept figures", async () => {
    await queryRows(sql`insert into levels (code, name) values ('EMPTY-1', 'Empty class')`);
    await expectExact();
    const { rows } = await listClassesWithStats(1, 100);
    const byCode = new Map((await fresh()).map((r) => [r.code, r]));
    for (const r of rows) {
      const f = byCode.get(r.code)!;
      expect([r.earned, r.possible, r.present, r.absent, r.late, r.excused]).toEqual([
        Number(f.earned),
        Number(f.possible),
        Number(f.present),
        Number(f.absent),
        Number(f.late),
        Number(f.excused),
      ]);
    }
  });
});
