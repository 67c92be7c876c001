import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveClass } from "@/app/admin/actions";
import { saveTermsAction } from "@/app/admin/term-actions";
import {
  chooseCurrentYearAction,
  closePreviewAction,
  closeYearAction,
  createYearAction,
  reopenYearAction,
  startNextYearAction,
} from "@/app/admin/year-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { listYears } from "@/lib/queries/school-years";
import { listYearTerms } from "@/lib/terms/terms";
import { nextYearDraft } from "@/lib/years/next";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { publishTerms } from "./support/publish";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// /admin → Years (issue 41): making years (refused when they overlap), closing with the preview's
// numbers and reopening, both audited; the next year with its terms a year later; the Terms tab
// saving one year's terms; the class form's year.

useTestDatabase();
beforeAll(seedDemo);

const idle = { ok: true } as const;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Around the clock's today (the school's calendar may be a day off UTC: a few days' margin).
const NOW = Date.now();
const THIS_YEAR = { title: "This year", startDate: iso(NOW - 90 * DAY), endDate: iso(NOW + 180 * DAY) };
const OLD_YEAR = { title: "2023–2024", startDate: "2023-09-01", endDate: "2024-06-30" };

const yearId = async (title: string) => (await listYears()).find((y) => y.title === title)!.id;
const audits = (action: string) =>
  queryRows<{ detail: Record<string, unknown> }>(
    sql`select detail from audit_log where action = ${action} order by id`,
  );
const titles = async (id: number | null) =>
  (await listYearTerms(id)).map((t) => `${t.title} ${t.startDate} ${t.endDate}`);
const YEAR_TABLES = ["school_years", "school_terms", "audit_log", "settings", "levels"];

describe("creating a school year", () => {
  it("is for admins only", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await databaseChecksum(YEAR_TABLES);
    expect(await createYearAction(idle, form(THIS_YEAR))).toMatchObject({ ok: false });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });

  it("creates a year and audits it; terms of no year within its dates join it", async () => {
    await signInAs(DEMO_ADMIN.code);
    // A term saved before the school had years.
    const early = { start: iso(NOW - 10 * DAY), end: iso(NOW + 10 * DAY) };
    expect(
      await saveTermsAction(idle, form({ "title.0": "Early", "start.0": early.start, "end.0": early.end })),
    ).toMatchObject({ ok: true });
    expect(await titles(null)).toEqual([`Early ${early.start} ${early.end}`]);
    expect(await createYearAction(idle, form(THIS_YEAR))).toMatchObject({ ok: true, message: "This year created." });
    expect(await createYearAction(idle, form(OLD_YEAR))).toMatchObject({ ok: true, message: "2023–2024 created." });
    expect((await listYears()).map((y) => `${y.title} ${y.startDate} ${y.endDate}`)).toEqual([
      "2023–2024 2023-09-01 2024-06-30",
      `This year ${THIS_YEAR.startDate} ${THIS_YEAR.endDate}`,
    ]);
    expect((await audits("year.created")).map((a) => a.detail.title)).toEqual(["This year", "2023–2024"]);
    expect(await titles(await yearId(THIS_YEAR.title))).toEqual([`Early ${early.start} ${early.end}`]);
    expect(await titles(null)).toEqual([]);
  });

  it("refuses overlapping dates, a last day before the first and a bad title, changing nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(YEAR_TABLES);
    expect(
      await createYearAction(idle, form({ title: "Overlap", startDate: "2024-06-30", endDate: "2024-08-01" })),
    ).toMatchObject({
      ok: false,
      message: "These dates share days with 2023–2024 (2023-09-01 – 2024-06-30); years may not overlap.",
    });
    expect(
      await createYearAction(idle, form({ title: "Backwards", startDate: "2022-06-01", endDate: "2021-09-01" })),
    ).toMatchObject({ ok: false, message: "The last day cannot come before the first." });
    expect(
      await createYearAction(idle, form({ title: "  ", startDate: "2021-09-01", endDate: "2022-06-01" })),
    ).toMatchObject({ ok: false, message: "Give the year a title." });
    expect(
      await createYearAction(idle, form({ title: "x".repeat(101), startDate: "2021-09-01", endDate: "2022-06-01" })),
    ).toMatchObject({ ok: false, message: "A year's title has at most 100 characters." });
    expect(
      await createYearAction(idle, form({ title: "Feb", startDate: "2021-02-30", endDate: "2022-06-01" })),
    ).toMatchObject({ ok: false, message: "Give the first and last day as dates." });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });
});

describe("each year's terms", () => {
  it("the Terms tab saves the current year's terms and leaves another year's alone", async () => {
    await signInAs(DEMO_ADMIN.code);
    const old = await yearId(OLD_YEAR.title);
    const current = await yearId(THIS_YEAR.title);
    // The old year's terms, saved for that year by name (29 February ends the first).
    expect(
      await saveTermsAction(
        idle,
        form({
          year: old,
          "title.0": "Winter",
          "start.0": "2023-12-01",
          "end.0": "2024-02-29",
          "title.1": "Spring",
          "start.1": "2024-03-01",
          "end.1": "2024-06-30",
        }),
      ),
    ).toMatchObject({ ok: true });
    const oldTerms = await listYearTerms(old);
    // The Terms tab posts the current year's id: its terms are replaced as a set, the old year's stay.
    const t1 = { start: iso(NOW - 80 * DAY), end: iso(NOW - 1 * DAY) };
    const t2 = { start: iso(NOW), end: iso(NOW + 170 * DAY) };
    expect(
      await saveTermsAction(idle, form({ year: current, "title.0": "First", "start.0": t1.start, "end.0": t1.end })),
    ).toMatchObject({ ok: true });
    const [first] = await listYearTerms(current);
    expect(
      await saveTermsAction(
        idle,
        form({
          year: current,
          "id.0": first!.id,
          "title.0": "Term 1",
          "start.0": t1.start,
          "end.0": t1.end,
          "title.1": "Term 2",
          "start.1": t2.start,
          "end.1": t2.end,
        }),
      ),
    ).toEqual({ ok: true, message: "2 terms saved" });
    expect(await titles(current)).toEqual([`Term 1 ${t1.start} ${t1.end}`, `Term 2 ${t2.start} ${t2.end}`]);
    expect(await listYearTerms(old)).toEqual(oldTerms);
  });

  it("refuses another year's term, and a term outside the year's dates", async () => {
    await signInAs(DEMO_ADMIN.code);
    const [winter] = await listYearTerms(await yearId(OLD_YEAR.title));
    const before = await databaseChecksum(YEAR_TABLES);
    // Without `year` the form saves the current year's: the old year's Winter is not one of them.
    expect(
      await saveTermsAction(
        idle,
        form({ "id.0": winter!.id, "title.0": "Winter", "start.0": "2023-12-01", "end.0": "2024-02-29" }),
      ),
    ).toMatchObject({ ok: false });
    expect(
      await saveTermsAction(
        idle,
        form({ year: await yearId(OLD_YEAR.title), "title.0": "Late", "start.0": "2024-06-01", "end.0": "2024-07-15" }),
      ),
    ).toMatchObject({ ok: false, message: "Late is outside the year's dates (2023-09-01 – 2024-06-30)." });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });
});

describe("the next year in one step", () => {
  it("is made from a year with its terms a year later, 29 February becoming 28 February", async () => {
    const draft = await nextYearDraft(await yearId(OLD_YEAR.title));
    expect(draft).toMatchObject({
      title: "2024–2025",
      startDate: "2024-09-01",
      endDate: "2025-06-30",
      terms: [
        { title: "Winter", startDate: "2024-12-01", endDate: "2025-02-28" },
        { title: "Spring", startDate: "2025-03-01", endDate: "2025-06-30" },
      ],
    });
  });

  it("refuses a term outside the new year's dates, changing nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(YEAR_TABLES);
    const from = await yearId(OLD_YEAR.title);
    expect(
      await startNextYearAction(
        idle,
        form({
          fromId: from,
          title: "2024–2025",
          startDate: "2024-09-01",
          endDate: "2025-06-30",
          "title.0": "Summer",
          "start.0": "2025-06-01",
          "end.0": "2025-07-31",
        }),
      ),
    ).toMatchObject({ ok: false, message: "Summer is outside the year's dates (2024-09-01 – 2025-06-30)." });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });

  it("saves the year and its edited terms as the admin's own, audited", async () => {
    await signInAs(DEMO_ADMIN.code);
    const from = await yearId(OLD_YEAR.title);
    expect(
      await startNextYearAction(
        idle,
        form({
          fromId: from,
          title: "2024–2025",
          startDate: "2024-09-01",
          endDate: "2025-06-30",
          "title.0": "Winter",
          "start.0": "2024-12-01",
          "end.0": "2025-02-28",
          "title.1": "Spring term",
          "start.1": "2025-03-01",
          "end.1": "2025-06-30",
          "title.2": "",
          "start.2": "",
          "end.2": "",
        }),
      ),
    ).toMatchObject({ ok: true, message: "2024–2025 created with 2 terms." });
    const id = await yearId("2024–2025");
    expect(
      await queryRows(
        sql`select title, type, sourced_id as "sourcedId", start_date::text as "start", end_date::text as "end"
            from school_terms where year_id = ${id} order by start_date`,
      ),
    ).toEqual([
      { title: "Winter", type: "term", sourcedId: null, start: "2024-12-01", end: "2025-02-28" },
      { title: "Spring term", type: "term", sourcedId: null, start: "2025-03-01", end: "2025-06-30" },
    ]);
    const [audit] = await audits("year.next_started");
    expect(audit!.detail).toMatchObject({ from: "2023–2024", year: "2024–2025" });
  });

  it("refuses a next year that overlaps one already made", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(YEAR_TABLES);
    expect(
      await startNextYearAction(
        idle,
        form({ fromId: await yearId(OLD_YEAR.title), title: "Again", startDate: "2024-09-01", endDate: "2025-06-30" }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining("share days with 2024–2025") as unknown });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });
});

describe("closing and reopening a year", () => {
  it("previews what closing concludes: classes, students, unpublished terms, ungraded submissions", async () => {
    await signInAs(DEMO_ADMIN.code);
    const current = await yearId(THIS_YEAR.title);
    // The demo's classes have no year and were made in this year: they are its.
    const [{ students }] = (await queryRows<{ students: number }>(
      sql`select count(distinct student_id)::int as students from student_enrollment`,
    )) as [{ students: number }];
    const first = await closePreviewAction({ yearId: current });
    expect(first).toMatchObject({ ok: true, data: { classes: 4, students } });
    expect(first.ok && first.data!.unpublishedTerms.map((t) => t.title)).toEqual(["Term 1", "Term 2"]);
    // One more submission no one graded, in Biology; and Term 1 published.
    const [a] = await queryRows<{ id: number; student: number }>(
      sql`select a.id, e.student_id as student from assignments a join student_enrollment e on e.level_code = a.level_code
          where a.level_code = 'BIO-P2'
            and not exists (select 1 from assignment_submissions s where s.assignment_id = a.id and s.student_id = e.student_id)
            and not exists (select 1 from grades g where g.assignment_id = a.id and g.student_id = e.student_id)
          order by a.id, e.student_id limit 1`,
    );
    await queryRows(
      sql`insert into assignment_submissions (assignment_id, student_id, content) values (${a!.id}, ${a!.student}, 'late work') returning id`,
    );
    await publishTerms([(await listYearTerms(current))[0]!.id]);
    const bio = (p: Awaited<ReturnType<typeof closePreviewAction>>) =>
      (p.ok && p.data!.ungraded.find((u) => u.code === "BIO-P2")?.count) || 0;
    const second = await closePreviewAction({ yearId: current });
    expect(second.ok && second.data!.unpublishedTerms.map((t) => t.title)).toEqual(["Term 2"]);
    expect(bio(second)).toBe(bio(first) + 1);
    // A grade not returned yet (issue 44) is named too: once closed, nobody can return it.
    expect(second.ok && second.data!.drafts).toEqual([]);
    await queryRows(sql`update assignments set post_policy = 'on_return' where id = ${a!.id}`);
    await queryRows(sql`insert into grades (assignment_id, student_id, score) values (${a!.id}, ${a!.student}, 1)`);
    const third = await closePreviewAction({ yearId: current });
    expect(third.ok && third.data!.drafts).toEqual([{ code: "BIO-P2", name: "Biology", count: 1 }]);
  });

  it("closes a year (its classes concluded), audited, and reopens it, audited", async () => {
    await signInAs(DEMO_ADMIN.code);
    const current = await yearId(THIS_YEAR.title);
    expect(await closeYearAction({ yearId: current })).toMatchObject({
      ok: true,
      message: "This year is closed: 4 classes are concluded.",
    });
    expect((await listYears()).find((y) => y.id === current)!.closed).toBe(true);
    expect((await audits("year.closed")).map((a) => a.detail)).toEqual([
      expect.objectContaining({ year: "This year", classes: 4, unpublishedTerms: 1 }),
    ]);
    // A concluded class's edit is refused.
    const [alg] = await queryRows<{ id: number }>(sql`select id from levels where code = 'ALG1-P1'`);
    expect(await saveClass(idle, form({ id: alg!.id, code: "ALG1-P1", name: "Algebra I renamed" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("This year is closed") as unknown,
    });
    expect(await closeYearAction({ yearId: current })).toMatchObject({
      ok: false,
      message: "This year is already closed.",
    });

    expect(await reopenYearAction({ yearId: current })).toEqual({
      ok: true,
      message: "This year is open again: its classes can be changed.",
    });
    expect((await audits("year.reopened")).map((a) => a.detail)).toEqual([{ year: "This year" }]);
    expect(await saveClass(idle, form({ id: alg!.id, code: "ALG1-P1", name: "Algebra I" }))).toMatchObject({
      ok: true,
    });
  });

  it("chooses the current year, and follows the dates again", async () => {
    await signInAs(DEMO_ADMIN.code);
    const old = await yearId(OLD_YEAR.title);
    expect(await chooseCurrentYearAction(idle, form({ yearId: old }))).toMatchObject({ ok: true });
    expect((await listYears()).find((y) => y.chosen)?.title).toBe(OLD_YEAR.title);
    expect(await chooseCurrentYearAction(idle, form({ yearId: "" }))).toEqual({
      ok: true,
      message: "The current year now follows the dates.",
    });
    expect((await listYears()).some((y) => y.chosen)).toBe(false);
    expect((await audits("year.current_chosen")).map((a) => a.detail.year)).toEqual([OLD_YEAR.title, null]);
  });
});

describe("the admin's class form names the class's year", () => {
  it("puts a new class in the current year by default, or in the open year chosen", async () => {
    await signInAs(DEMO_ADMIN.code);
    const current = await yearId(THIS_YEAR.title);
    const next = await yearId("2024–2025");
    expect(await saveClass(idle, form({ code: "CHEM-1", name: "Chemistry" }))).toMatchObject({ ok: true });
    expect(await saveClass(idle, form({ code: "CHEM-2", name: "Chemistry", yearId: next }))).toMatchObject({
      ok: true,
    });
    expect(
      await queryRows(sql`select code, year_id as "yearId" from levels where code like 'CHEM-%' order by code`),
    ).toEqual([
      { code: "CHEM-1", yearId: current },
      { code: "CHEM-2", yearId: next },
    ]);
  });

  it("refuses a closed year", async () => {
    await signInAs(DEMO_ADMIN.code);
    const old = await yearId(OLD_YEAR.title);
    expect(await closeYearAction({ yearId: old })).toMatchObject({ ok: true });
    const before = await databaseChecksum(YEAR_TABLES);
    expect(await saveClass(idle, form({ code: "CHEM-3", name: "Chemistry", yearId: old }))).toMatchObject({
      ok: false,
      message: "2023–2024 is closed: choose an open year.",
    });
    expect(await databaseChecksum(YEAR_TABLES)).toEqual(before);
  });
});
