import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { loadGradingContext } from "@/lib/gradebook/grading-context";
import { closeYear } from "@/lib/years/close";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { publishTerms } from "./support/publish";
import { useTestDatabase } from "./support/test-db";

// Issue 41: a term is its year's. Publishing next year's term stores cards for next year's classes
// only — a concluded class of last year gets no card for a term it never had — and a class's
// grade screens list its own year's terms.

useTestDatabase();
const ids: Record<string, number | undefined> = {};

beforeAll(async () => {
  await seedDemo();
  const years = await queryRows<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values
          ('2025–2026', '2025-08-20', '2026-06-19'), ('2026–2027', '2026-08-19', '2027-06-18') returning id`,
  );
  [ids.y1, ids.y2] = years.map((y) => Number(y.id));
  const terms = await queryRows<{ id: number }>(
    sql`insert into school_terms (title, type, start_date, end_date, year_id) values
          ('Fall 2025', 'semester', '2025-08-20', '2026-01-16', ${ids.y1}),
          ('Fall 2026', 'semester', '2026-08-19', '2027-01-15', ${ids.y2}) returning id`,
  );
  [ids.fall25, ids.fall26] = terms.map((t) => Number(t.id));
  // Geometry and Biology were last year's; Algebra I and World History are this year's.
  await queryRows(
    sql`update levels set year_id = case when code in ('GEO-P3', 'BIO-P2') then ${ids.y1}::int else ${ids.y2}::int end`,
  );
  await publishTerms([ids.fall25!]);
  expect(await closeYear(ids.y1!, await userIdByCode("admin-demo"))).toMatchObject({ ok: true });
});

describe("a term is its year's", () => {
  it("publishing this year's term stores no card in last year's concluded classes", async () => {
    const before = await queryRows(
      sql`select term_id, level_code, student_id, display_hash from term_grade_records order by 1, 2, 3`,
    );
    expect(before.length).toBeGreaterThan(0);
    await publishTerms([ids.fall26!]);
    const classes = await queryRows<{ level_code: string }>(
      sql`select distinct level_code from term_grade_records where term_id = ${ids.fall26} order by 1`,
    );
    expect(classes.map((c) => c.level_code)).toEqual(["ALG1-P1", "HIST-P4"]);
    const lastYear = await queryRows(
      sql`select term_id, level_code, student_id, display_hash from term_grade_records where term_id = ${ids.fall25} order by 1, 2, 3`,
    );
    expect(lastYear).toEqual(before);
  });

  it("a class's grade screens list its own year's terms", async () => {
    expect((await loadGradingContext(["GEO-P3"])).terms.map((t) => t.title)).toEqual(["Fall 2025"]);
    expect((await loadGradingContext(["ALG1-P1"])).terms.map((t) => t.title)).toEqual(["Fall 2026"]);
  });
});
