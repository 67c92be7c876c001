// npm run loadtest -- [--duration 60] [--connections 50] [--assert]
// Starts the production build on a fresh database (PGlite in a temporary folder, or a new
// database on the server named by DATABASE_URL), signs in 50 staff users, and drives a mix of
// page views and grade/attendance writes (real server-action requests) with autocannon on
// loopback. Afterwards it checks the database: every acknowledged write present, none doubled.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { openPglite, openPostgres, queryRows, setDbHandle } from "@/lib/db/client";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg("duration", 60);
const connections = arg("connections", 50);
const assert = process.argv.includes("--assert");
const port = String(arg("port", 3200));
const base = `http://localhost:${port}`;
const secret = crypto.randomBytes(24).toString("base64url");

async function main() {
  const pgUrl = process.env.DATABASE_URL;
  let target: string;
  let dropDb: (() => Promise<void>) | null = null;
  if (pgUrl) {
    const name = `portal_load_${crypto.randomBytes(4).toString("hex")}`;
    const c = new Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    target = u.toString();
    dropDb = async () => {
      const d = new Client({ connectionString: pgUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  } else {
    target = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-"));
  }
  const engine = pgUrl ? "PostgreSQL" : "PGlite";

  const server = spawn("npx", ["next", "start", "-p", port], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_MANUAL_SIG_HANDLE: "true", SESSION_SECRET: secret, SEED_DEMO: "auto", ...(pgUrl ? { DATABASE_URL: target } : { DATABASE_URL: "", DATA_DIR: target }) },
    detached: true,
  });
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    await exited;
    // npx exits first; wait until the whole group (next-server closing the database) is gone.
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-server.pid!, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/parent`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 240) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }

    console.log(`server up on ${engine}; signing in ${connections} users`);
    const manifest = JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, { exportedName?: string }> };
    const actionId = (name: string) => Object.entries(manifest.node).find(([, v]) => v.exportedName === name)?.[0] ?? (() => { throw new Error(`no action ${name}`); })();
    const setAttendanceId = actionId("setAttendance");
    const saveGradeId = actionId("saveGrade");

    // 50 signed-in staff users (half Biology's instructor, half admins).
    const cookies: string[] = [];
    for (let i = 0; i < connections; i++) {
      const res = await fetch(`${base}/api/session`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ code: i % 2 ? "admin-demo" : "teach-chen" }) });
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
      cookies.push(cookie);
    }

    // Each connection is one signed-in user: its cookie is picked on its first request.
    let conn = 0;
    function withCookie(req: Record<string, unknown>, context: Record<string, unknown>) {
      context.cookie ??= cookies[conn++ % cookies.length];
      return { ...req, headers: { ...(req.headers as Record<string, string> | undefined), cookie: context.cookie as string } };
    }

    // Demo ids are deterministic on a fresh database: Biology's students include ids 7 and 8, its first assignment is 9.
    const acked = new Set<string>();
    let writeN = 0;
    let failedWrites = 0;
    const action = (id: string, body: () => unknown, onOk?: (b: Record<string, unknown>) => void) => ({
      method: "POST" as const,
      path: "/level/BIO-P2/update",
      headers: { "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base },
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
      url: base,
      connections,
      duration,
      requests: [
        page("/"),
        page("/level/BIO-P2/update?tab=grades"),
        action(setAttendanceId, () => {
          const n = ++writeN;
          const day = new Date(Date.UTC(2060, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
          return { levelCode: "BIO-P2", studentId: 8, date: day, status: n % 3 ? "present" : "late" };
        }, (p) => acked.add(String(p.date))),
        action(saveGradeId, () => ({ levelCode: "BIO-P2", assignmentId: 9, studentId: 7 + (writeN % 2), score: String(writeN % 10) })),
        page("/level/BIO-P2/update?tab=attendance"),
      ],
    } as unknown as autocannon.Options);
    console.log(`load finished: ${result.requests.total} requests`);

    await stopServer();

    // Check the database after the server has closed it.
    const handle = pgUrl ? openPostgres(target) : openPglite(target);
    setDbHandle(handle);
    const present = new Set(
      (await queryRows<{ d: string }>(sql`select to_char(date, 'YYYY-MM-DD') as d from attendance where student_id = 8 and level_code = 'BIO-P2' and date >= '2060-01-01'`)).map((r) => r.d),
    );
    const lost = [...acked].filter((d) => !present.has(d)).length;
    const [dups] = await queryRows<{ n: number }>(sql`
      select ((select count(*) from (select 1 from attendance group by student_id, level_code, date having count(*) > 1) a)
            + (select count(*) from (select 1 from grades group by assignment_id, student_id having count(*) > 1) g))::int as n`);
    await handle.close();
    setDbHandle(undefined);

    const l = result.latency as unknown as Record<string, number>;
    const table = [
      `| engine | connections | duration | requests/s | p50 ms | p90 ms | p97.5 ms | p99 ms | errors | non-2xx | acknowledged writes | lost | duplicated |`,
      `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
      `| ${engine} | ${connections} | ${duration} s | ${result.requests.average.toFixed(0)} | ${l.p50} | ${l.p90} | ${l.p97_5} | ${l.p99} | ${result.errors + result.timeouts} | ${result.non2xx} | ${acked.size} | ${lost} | ${dups!.n} |`,
    ].join("\n");
    console.log(`\n${table}\n`);
    fs.mkdirSync("bench", { recursive: true });
    fs.appendFileSync("bench/loadtest-results.md", `\n${new Date().toISOString()}\n\n${table}\n`);
    if (assert && (result.errors + result.timeouts > 0 || result.non2xx > 0 || failedWrites > 0 || lost > 0 || dups!.n > 0 || acked.size === 0)) {
      console.error(`loadtest: FAILED (errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}, failed writes ${failedWrites}, lost ${lost}, duplicated ${dups!.n})`);
      process.exitCode = 1;
    }
  } finally {
    if (server.exitCode === null) await stopServer();
    if (dropDb) await dropDb();
    else fs.rmSync(target, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`loadtest failed: ${(err as Error).message}`);
  process.exit(1);
});
