import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { holdAllGradeWrites } from "@/lib/gradebook/lock";
import { applyRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { zipUpload } from "@/lib/roster/test-support";
import { cli, FALL_LOCKED, fallGradeChanged, schoolWithGrades, scoreOf } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// Issue 27: the roster import's grade writes take the grade-write lock like every other grade
// write. A publication in flight (it holds the lock exclusively while it stores the cards) makes
// the import wait, so the import plans against the published term and refuses its grade instead
// of changing a card the publication has just stored. Needs two concurrent sessions: PostgreSQL.

const PG = Boolean(process.env.DATABASE_URL);
if (!PG) console.log("roster grade-lock test skipped: needs PostgreSQL (DATABASE_URL), PGlite is one connection");

useTestDatabase();

const opts = { ...cli, timeZone: "UTC" };

/** Resolves when a session waits for an advisory lock, or when `done` settles first. */
async function waiterOrDone(done: Promise<unknown>): Promise<"waiting" | "done"> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 1200; i++) {
    if (settled) return "done";
    const [row] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
    );
    if (Number(row?.n) > 0) return "waiting";
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("neither waiting nor done after 60 s");
}

describe.skipIf(!PG)("a roster import and a publication at the same time", () => {
  it("the import waits for the publication, then refuses the grade in the now published term", async () => {
    expect((await applyRosterImport(zipUpload(schoolWithGrades()), opts)).ok).toBe(true);
    expect(await scoreOf("r1")).toBe("8.50");

    // A publication of Fall in flight: the grade-write lock held exclusively, not yet committed.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const publication = db().transaction(async (tx) => {
      await holdAllGradeWrites(tx);
      await tx.execute(
        sql`insert into term_publications (term_id) select id from school_terms where sourced_id = 'f1'`,
      );
      locked();
      await gate;
    });
    await holding;

    // r1 is Chapter 1's result, due in Fall: 8.5 → 9.
    const changed = schoolWithGrades(fallGradeChanged());
    const importing = applyRosterImport(zipUpload(changed), opts);
    const first = await waiterOrDone(importing);
    release();
    await publication;
    const run = await importing;

    // The published card's grade did not change under it: the import refused it, naming the term.
    expect(await scoreOf("r1")).toBe("8.50");
    expect(run.applied).toBe(false);
    expect(run.problems.map(formatProblem)).toEqual([FALL_LOCKED]);
    expect(first).toBe("waiting");
  });
});
