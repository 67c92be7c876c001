import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { copySetupAction } from "@/app/level/[levelCode]/update/setup-copy-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { saveGradeSettings } from "@/lib/gradebook/settings";
import { setupSources } from "@/lib/gradebook/copy-setup";
import { closeYear } from "@/lib/years/close";
import { createYear } from "@/lib/years/create";
import { databaseChecksum, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// A class's set-up copied from a class of an earlier year (issue 41): the grading mode, weights and
// drop-lowest rules, and the late policy, exactly; a teacher copies only from their own classes.

useTestDatabase();

const idle = { ok: true } as const;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const setup = (code: string) =>
  Promise.all([
    queryRows(
      sql`select grading_mode as mode, late_per_day_percent as "perDay", late_floor_percent as floor from levels where code = ${code}`,
    ),
    queryRows(
      sql`select category_id as "categoryId", weight, drop_lowest as "dropLowest" from level_category_weights where level_code = ${code} order by category_id`,
    ),
  ]);
const TABLES = ["levels", "level_category_weights", "audit_log"];

let lastYear: number;
beforeAll(async () => {
  await seedDemo();
  const admin = await userIdByCode(DEMO_ADMIN.code);
  const now = Date.now();
  const last = await createYear(
    { title: "Last year", startDate: iso(now - 500 * DAY), endDate: iso(now - 200 * DAY) },
    admin,
  );
  await createYear({ title: "This year", startDate: iso(now - 100 * DAY), endDate: iso(now + 200 * DAY) }, admin);
  lastYear = last.ok ? last.data!.id : 0;
  // Last year's classes: Elena's Algebra and David's Biology. This year: Elena's Geometry.
  await queryRows(sql`update levels set year_id = ${lastYear} where code in ('ALG1-P1', 'BIO-P2') returning id`);
  const categories = await queryRows<{ id: number; name: string }>(
    sql`select id, name from grade_categories order by id limit 3`,
  );
  expect(categories.length).toBeGreaterThanOrEqual(2);
  const [a, b] = categories as [{ id: number; name: string }, { id: number; name: string }];
  expect(
    await saveGradeSettings(
      "ALG1-P1",
      {
        mode: "weighted",
        categories: [
          { ...a, weight: 6250, dropLowest: 1 },
          { ...b, weight: 3750, dropLowest: 0 },
        ],
        latePolicy: { perDayPercent: 10, floorPercent: 50 },
      },
      admin,
    ),
  ).toMatchObject({ ok: true });
  expect(
    await saveGradeSettings(
      "BIO-P2",
      { mode: "points", categories: [{ ...a, weight: 0, dropLowest: 2 }], latePolicy: null },
      admin,
    ),
  ).toMatchObject({ ok: true });
});

describe("copying a class's set-up from last year's", () => {
  it("offers a teacher their own classes of an earlier year only", async () => {
    const elena = { id: await userIdByCode(DEMO_INSTRUCTORS[0].code), role: "instructor" };
    expect((await setupSources("GEO-P3", elena)).map((s) => s.code)).toEqual(["ALG1-P1"]);
    const admin = { id: await userIdByCode(DEMO_ADMIN.code), role: "admin" };
    expect((await setupSources("GEO-P3", admin)).map((s) => s.code)).toEqual(["ALG1-P1", "BIO-P2"]);
  });

  it("copies the mode, weights, drop-lowest and late policy exactly, audited", async () => {
    const elena = await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await copySetupAction(idle, form({ levelCode: "GEO-P3", source: "ALG1-P1" }))).toEqual({
      ok: true,
      message: "Set-up copied from Algebra I: grading mode, category weights, drop-lowest rules and late policy.",
    });
    const [[geo], geoWeights] = await setup("GEO-P3");
    const [[alg], algWeights] = await setup("ALG1-P1");
    expect(geo).toEqual({ mode: "weighted", perDay: 10, floor: 50 });
    expect(geo).toEqual(alg);
    expect(geoWeights).toEqual(algWeights);
    expect(geoWeights).toHaveLength(2);
    const [entry] = await queryRows<{ actor: number; level: string; detail: unknown }>(
      sql`select actor_id as actor, level_code as level, detail from audit_log where action = 'class.setup_copied'`,
    );
    expect(entry).toEqual({ actor: elena.id, level: "GEO-P3", detail: { from: "ALG1-P1", year: "Last year" } });
  });

  it("refuses another teacher's class, changing nothing", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await databaseChecksum(TABLES);
    expect(await copySetupAction(idle, form({ levelCode: "GEO-P3", source: "BIO-P2" }))).toEqual({
      ok: false,
      message: "Choose one of your own classes of an earlier year.",
    });
    // Nor may a teacher copy onto a class that is not theirs.
    expect(await copySetupAction(idle, form({ levelCode: "HIST-P4", source: "ALG1-P1" }))).toMatchObject({ ok: false });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("refuses a class of the same year as a source", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(TABLES);
    expect(await copySetupAction(idle, form({ levelCode: "GEO-P3", source: "HIST-P4" }))).toEqual({
      ok: false,
      message: "Choose a class of an earlier year.",
    });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("lets an admin copy any teacher's class", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect(await copySetupAction(idle, form({ levelCode: "HIST-P4", source: "BIO-P2" }))).toMatchObject({ ok: true });
    const [[hist], histWeights] = await setup("HIST-P4");
    const [[bio], bioWeights] = await setup("BIO-P2");
    expect(hist).toEqual(bio);
    expect(histWeights).toEqual(bioWeights);
  });

  it("refuses a concluded class as the target", async () => {
    const admin = await userIdByCode(DEMO_ADMIN.code);
    expect(await closeYear(lastYear, admin)).toMatchObject({ ok: true });
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(TABLES);
    expect(await copySetupAction(idle, form({ levelCode: "ALG1-P1", source: "BIO-P2" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Last year is closed") as unknown,
    });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });
});
