import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { holdAllGradeWrites } from "@/lib/gradebook/lock";
import { applyRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { GRADEBOOK_BULK, resultRow, smallGradebook, smallSchool, zipUpload } from "@/lib/roster/test-support";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// Issue 27: the roster import's grade writes take the grade-write lock like every other grade
// write. A publication in flight (it holds the lock exclusively while it stores the cards) makes
// the import wait, so the import plans against the published term and refuses its grade instead
// of changing a card the publication has just stored. Needs two concurrent sessions: PostgreSQL.

const PG = Boolean(process.env.DATABASE_URL);
if (!PG) console.log("roster grade-lock test skipped: needs PostgreSQL (DATABASE_URL), PGlite is one connection");

useTestDatabase();

const opts = { ...cli, timeZone: "UTC" };
const school = (results?: string[][]) => ({
  ...smallSchool({ modes: GRADEBOOK_BULK }),
  ...smallGradebook(results ? { results } : {}),
});
const score = async (sourcedId: string) =>
  (await queryRows<{ score: string }>(sql`select score::text as score from grades where sourced_id = ${sourcedId}`))[0]
    ?.score;

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
    expect((await applyRosterImport(zipUpload(school()), opts)).ok).toBe(true);
    expect(await score("r1")).toBe("8.50");

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
    const changed = school([
      resultRow({ id: "r1", item: "li1", student: "s1", score: 9, date: "2024-09-22", comment: "Good, but check Q7" }),
      resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
      resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
      resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
      resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
    ]);
    const importing = applyRosterImport(zipUpload(changed), opts);
    const first = await waiterOrDone(importing);
    release();
    await publication;
    const run = await importing;

    // The published card's grade did not change under it: the import refused it, naming the term.
    expect(await score("r1")).toBe("8.50");
    expect(run.applied).toBe(false);
    expect(run.problems.map(formatProblem)).toEqual([
      'results.csv:2: score — the grade falls in the term "Fall", which is published: its grades are locked — leave the result out, or unlock the term on the admin page (Terms) and import again',
    ]);
    expect(first).toBe("waiting");
  });
});
