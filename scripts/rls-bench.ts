// npm run bench:rls [-- --no-postgres] [--no-pglite] [--rounds 5]
// What keeping schools apart in the database costs (issue 42, decision 034): the same statements
// through the portal's database (each transaction as `portal_app` in its school, under row-level
// security) and through the tables' owner (a superuser: no role, no school, no policy), on the
// generated `school` preset (2,000 students, 100 classes), alternating in rounds so a busy machine slows both alike. Printed, never
// asserted. PostgreSQL: a fresh database on BENCH_DATABASE_URL (default the local server).
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, queryRows, type Db, type DbHandle } from "@/lib/db/client";
import { generateSchool, PRESETS } from "@/lib/db/generate-school";
import { runMigrations } from "@/lib/db/migrate";
import { inFreshDatabase } from "./lib/bench-database";

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = option("rounds", 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "portal_rls_bench";

interface Probe {
  name: string;
  /** How many statements one run sends. */
  statements: number;
  run(on: Db): Promise<unknown>;
}

function probes(level: string, assignment: number): Probe[] {
  // A class's grades and attendance: the reads a gradebook page makes, each a statement alone.
  const read = (on: Db) =>
    Promise.all([
      queryRows(sql`select student_id, score from grades where assignment_id = ${assignment}`, on),
      queryRows(sql`select count(*) from attendance where level_code = ${level}`, on),
    ]);
  return [
    { name: "two reads, each alone", statements: 2, run: read },
    {
      name: "five reads in one transaction",
      statements: 5,
      run: (on) =>
        on.transaction(async (tx) => {
          for (let i = 0; i < 5; i++)
            await queryRows(sql`select count(*) from grades where assignment_id = ${assignment}`, tx);
        }),
    },
    {
      name: "a write in a transaction",
      statements: 1,
      run: (on) =>
        on.transaction(async (tx) => {
          await tx.execute(sql`update levels set name = name where code = ${level}`);
        }),
    },
  ];
}

async function timePerRun(on: Db, probe: Probe, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await probe.run(on);
  return (performance.now() - started) / n;
}

async function measure(engine: string, handle: DbHandle): Promise<void> {
  try {
    await runMigrations(handle);
    await generateSchool(handle.ownerDb, PRESETS.school, { log: () => {} });
    const [pick] = await queryRows<{ level: string; assignment: number }>(
      sql`select level_code as level, id as assignment from assignments order by id limit 1`,
      handle.db,
    );
    const n = engine === "PGlite" ? 300 : 500;
    for (const probe of probes(pick!.level, pick!.assignment)) {
      const owner: number[] = [];
      const portal: number[] = [];
      await timePerRun(handle.db, probe, 50); // warm both paths and the caches
      await timePerRun(handle.ownerDb, probe, 50);
      for (let r = 0; r < ROUNDS; r++) {
        owner.push(await timePerRun(handle.ownerDb, probe, n));
        portal.push(await timePerRun(handle.db, probe, n));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const o = median(owner);
      const p = median(portal);
      console.log(
        `| ${engine} | ${probe.name} | ${o.toFixed(3)} | ${p.toFixed(3)} | ${p >= o ? "+" : ""}${(p - o).toFixed(3)} | ${(((p - o) / o) * 100).toFixed(0)} % |`,
      );
    }
  } finally {
    await handle.close();
  }
}

console.log(
  "ms per run, median of rounds; owner: superuser without role, school or policy; portal: as the portal runs",
);
console.log("| engine | what | owner ms | portal ms | difference | |");
console.log("| --- | --- | --- | --- | --- | --- |");
if (!process.argv.includes("--no-pglite")) await measure("PGlite", openPglite(null));
if (!process.argv.includes("--no-postgres"))
  await inFreshDatabase(PG_URL, BENCH_DB, (url) => measure("PostgreSQL", openPostgres(url)));
