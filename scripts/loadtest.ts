// npm run loadtest -- [--duration 60] [--connections 50] [--workers N] [--assert]
// Starts the production build on a fresh database (PGlite in a temporary folder, or a new
// database on the server named by DATABASE_URL), signs in 50 staff users, and drives a mix of
// page views and grade/attendance writes (real server-action requests) with autocannon on
// loopback. Afterwards it checks the database: every acknowledged write present, none doubled.
// --workers N (PostgreSQL) serves with WEB_CONCURRENCY=N processes, started together on the
// fresh database, so the writes also cross processes.
import fs from "node:fs";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, queryRows, setDbHandle } from "@/lib/db/client";
import { freePort, freshTarget, PortalServer } from "./lib/portal-server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg("duration", 60);
const connections = arg("connections", 50);
const assert = process.argv.includes("--assert");
const workers = arg("workers", 1);

async function main() {
  const target = await freshTarget();
  const server = new PortalServer(
    target,
    process.argv.includes("--port") ? String(arg("port", 0)) : await freePort(),
    undefined,
    workers > 1 ? { WEB_CONCURRENCY: String(workers) } : {},
  );
  try {
    await server.start();
    const cookies: string[] = [];
    for (let i = 0; i < connections; i++) cookies.push(await server.signIn(i % 2 ? "admin-demo" : "teach-chen"));

    // Each connection is one signed-in user: its cookie is picked on its first request.
    let conn = 0;
    function withCookie(req: Record<string, unknown>, context: Record<string, unknown>) {
      context.cookie ??= cookies[conn++ % cookies.length];
      return {
        ...req,
        headers: { ...(req.headers as Record<string, string> | undefined), cookie: context.cookie as string },
      };
    }

    // Demo ids are deterministic on a fresh database: Biology's students include ids 7 and 8, its first assignment is 9.
    const acked = new Set<string>();
    let writeN = 0;
    let failedWrites = 0;
    const action = (name: string, body: () => unknown, onOk?: (b: Record<string, unknown>) => void) => ({
      method: "POST" as const,
      path: "/level/BIO-P2/update",
      headers: server.actionHeaders(name, ""),
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const payload = body();
        context.payload = payload;
        return withCookie({ ...req, body: JSON.stringify([payload]) }, context);
      },
      onResponse: (status: number, resBody: string, context: Record<string, unknown>) => {
        if (status === 200 && resBody.includes('"ok":true')) onOk?.(context.payload as Record<string, unknown>);
        else failedWrites++;
      },
    });
    const page = (p: string) => ({ method: "GET" as const, path: p, setupRequest: withCookie });
    const result = await autocannon({
      url: server.base,
      connections,
      duration,
      // A machine busy with other work answers slowly, not wrongly: latency is reported for people,
      // and only a request with no answer after a minute counts as an error (autocannon's default,
      // 10 s, failed CI at load 14 with every write kept).
      timeout: 60,
      requests: [
        page("/"),
        page("/level/BIO-P2/update?tab=grades"),
        action(
          "setAttendance",
          () => {
            const n = ++writeN;
            const day = new Date(Date.UTC(2060, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
            return { levelCode: "BIO-P2", studentId: 8, date: day, status: n % 3 ? "present" : "late" };
          },
          (p) => acked.add(String(p.date)),
        ),
        action("saveGrade", () => ({
          levelCode: "BIO-P2",
          assignmentId: 9,
          studentId: 7 + (writeN % 2),
          score: String(writeN % 10),
        })),
        page("/level/BIO-P2/update?tab=attendance"),
      ],
    } as unknown as autocannon.Options);
    await server.stop();

    // Check the database after the server has closed it.
    const handle = target.engine === "PGlite" ? openPglite(target.location) : openPostgres(target.location);
    setDbHandle(handle);
    const present = new Set(
      (
        await queryRows<{ d: string }>(
          sql`select to_char(date, 'YYYY-MM-DD') as d from attendance where student_id = 8 and level_code = 'BIO-P2' and date >= '2060-01-01'`,
        )
      ).map((r) => r.d),
    );
    const lost = [...acked].filter((d) => !present.has(d)).length;
    const [dups] = await queryRows<{ n: number }>(sql`
      select ((select count(*) from (select 1 from attendance group by student_id, level_code, date having count(*) > 1) a)
            + (select count(*) from (select 1 from grades group by assignment_id, student_id having count(*) > 1) g))::int as n`);
    await handle.close();
    setDbHandle(undefined);

    const l = result.latency as unknown as Record<string, number>;
    const table = [
      `| engine | processes | connections | duration | requests/s | p50 ms | p90 ms | p97.5 ms | p99 ms | errors | timeouts | non-2xx | acknowledged writes | failed writes | lost | duplicated |`,
      `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
      `| ${target.engine} | ${target.engine === "PGlite" ? 1 : workers} | ${connections} | ${duration} s | ${result.requests.average.toFixed(0)} | ${l.p50} | ${l.p90} | ${l.p97_5} | ${l.p99} | ${result.errors} | ${result.timeouts} | ${result.non2xx} | ${acked.size} | ${failedWrites} | ${lost} | ${dups!.n} |`,
    ].join("\n");
    console.log(`\n${table}\n`);
    fs.mkdirSync("bench", { recursive: true });
    fs.appendFileSync("bench/loadtest-results.md", `\n${new Date().toISOString()}\n\n${table}\n`);
    if (
      assert &&
      (result.errors + result.timeouts > 0 ||
        result.non2xx > 0 ||
        failedWrites > 0 ||
        lost > 0 ||
        dups!.n > 0 ||
        acked.size === 0)
    ) {
      console.error("loadtest: FAILED");
      process.exitCode = 1;
    }
  } finally {
    await server.stop("SIGKILL");
    await target.cleanup();
  }
}

main().catch((err) => {
  console.error(`loadtest failed: ${(err as Error).message}`);
  process.exit(1);
});
