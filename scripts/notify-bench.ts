// npm run bench:notify [-- --no-postgres] [--no-pglite] [--jobs 5000]
// Issue 20's numbers, on the generated school preset (2,000 students in 1,600 families, 100 classes)
// on PGlite (a temporary data folder) and PostgreSQL (a fresh database on the server named by
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
//  - queue throughput: N no-op jobs enqueued in one statement, then claimed and run one by one
//    (claim, run in its transaction, mark done) as the worker does; jobs/s;
//  - one evening's digests: every family has two items waiting for the daily digest for each child
//    (an absence; a grade below 70 % with the teacher's feedback line), plus what is due in the
//    next two days; time to build and queue every digest, then to send them all to a local SMTP
//    server (a real one, smtp-server on loopback, counting what it accepts); the process's peak RSS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { db, openPglite, openPostgres, queryRows, setDbHandle, type DbHandle } from "@/lib/db/client";
import { generateSchool, PRESETS } from "@/lib/db/generate-school";
import { runMigrations } from "@/lib/db/migrate";
import { dateInTimeZone } from "@/lib/domain/dates";
import { resetEnvCache, schoolTimeZone } from "@/lib/env";
import { enqueueMany, runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { closeMail } from "@/lib/mail/transport";
import { runDigest } from "@/lib/notify/digest";
import { inFreshDatabase } from "./lib/bench-database";

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const JOBS = option("jobs", 5_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "portal_notify_bench";

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 1048576);
}

/** Resets the kernel's peak-RSS mark (VmHWM) so the next reading covers only what follows; returns the RSS now. */
function resetPeakRss(): number {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    /* not Linux: the reading then includes everything before */
  }
  return Math.round(process.memoryUsage().rss / 1048576);
}

async function startCountingSmtp(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _s, cb) {
      stream.on("data", () => {});
      stream.on("end", () => (n++, cb()));
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    count: () => n,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function measure(engine: string, handle: DbHandle): Promise<void> {
  setDbHandle(handle);
  await runMigrations(handle);
  const t0 = performance.now();
  await generateSchool(handle.ownerDb, PRESETS.school, { timeZone: schoolTimeZone(), log: () => {} });
  console.log(`\n${engine}: school preset generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Queue throughput.
  const noop = { "bench.noop": async () => {} };
  let t = performance.now();
  for (let i = 0; i < JOBS; i += 1000)
    await enqueueMany(
      db(),
      Array.from({ length: Math.min(1000, JOBS - i) }, (_, k) => ({
        kind: "bench.noop",
        dedupeKey: `bench:${i + k}`,
        payload: { i: i + k },
      })),
    );
  const enqueueS = (performance.now() - t) / 1000;
  t = performance.now();
  let ran = 0;
  for (let n; (n = await runDueJobs(noop, 1000)) > 0;) ran += n;
  const runS = (performance.now() - t) / 1000;
  console.log(
    `${engine}: queue — ${JOBS} jobs enqueued in ${enqueueS.toFixed(2)} s (${Math.round(JOBS / enqueueS)} jobs/s); ${ran} run in ${runS.toFixed(2)} s = ${Math.round(ran / runS)} jobs/s (one worker)`,
  );

  // One evening's digests.
  const today = dateInTimeZone(new Date(), schoolTimeZone());
  await db().execute(sql`
    insert into notifications (user_id, event_key, kind, title, href, detail, student_id, level_code, digest)
    select g.parent_id, 'bench:absence:' || g.student_id, 'attendance', s.name || ' was marked absent in ' || l.name || ' today', '/children/' || g.student_id, null, g.student_id, l.code, 'daily'
      from guardian_links g join users s on s.id = g.student_id
      join lateral (select l.code, l.name from student_enrollment e join levels l on l.code = e.level_code where e.student_id = g.student_id order by l.code limit 1) l on true
    union all
    select g.parent_id, 'bench:grade:' || g.student_id, 'grade', 'New grade in ' || l.name || ': Unit test', '/children/' || g.student_id,
           s.name || ': 12 / 20 (60 %) on “Unit test”.' || chr(10) || 'Teacher''s feedback: Review chapter 4 and redo exercises 3 to 9.', g.student_id, l.code, 'daily'
      from guardian_links g join users s on s.id = g.student_id
      join lateral (select l.code, l.name from student_enrollment e join levels l on l.code = e.level_code where e.student_id = g.student_id order by l.code desc limit 1) l on true`);
  const [{ families, items } = { families: 0, items: 0 }] = await queryRows<{ families: number; items: number }>(
    sql`select count(distinct user_id)::int as families, count(*)::int as items from notifications where digest = 'daily' and digested_at is null`,
  );
  const smtp = await startCountingSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Generated School <portal@generated.school>";
  process.env.PORTAL_URL = "https://portal.generated.school";
  resetEnvCache();
  const before = resetPeakRss();
  t = performance.now();
  const queued = await db().transaction((tx) => runDigest(tx, "daily", today));
  const buildS = (performance.now() - t) / 1000;
  t = performance.now();
  while ((await runDueJobs(HANDLERS, 1000)) > 0);
  const sendS = (performance.now() - t) / 1000;
  const [{ failed } = { failed: 0 }] = await queryRows<{ failed: number }>(
    sql`select count(*)::int as failed from jobs where kind = 'mail.send' and state <> 'done'`,
  );
  console.log(
    `${engine}: digests — ${items} waiting items of ${families} families → ${queued} e-mails (one per family, and one per student with work due in the next two days) built and queued in ${buildS.toFixed(2)} s; ` +
      `sent to the local SMTP server in ${sendS.toFixed(2)} s (${Math.round(smtp.count() / sendS)} e-mails/s, ${smtp.count()} accepted, ${failed} not done); total ${(buildS + sendS).toFixed(1)} s; peak RSS during the digests ${peakRssMb()} MB (${before} MB before them)`,
  );
  closeMail();
  await smtp.close();
  await handle.close();
  setDbHandle(undefined);
}

if (!process.argv.includes("--no-pglite")) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notify-bench-"));
  try {
    await measure("PGlite", openPglite(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (!process.argv.includes("--no-postgres"))
  await inFreshDatabase(PG_URL, BENCH_DB, (url) => measure("PostgreSQL", openPostgres(url)));
