// npm run crashtest: the production server takes a stream of grade and attendance writes, is
// killed with SIGKILL in the middle, and is started again on the same database. Every write it
// had acknowledged must be there, and the database must open cleanly. An absence marked just
// before the kill is still waiting in the job queue (issue 20): after the restart it is delivered,
// once, to the student and their linked guardians.
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, queryRows, setDbHandle } from "@/lib/db/client";
import { freePort, freshTarget, PortalServer } from "./lib/portal-server";

async function main() {
  const target = await freshTarget();
  // A short settling delay and a quick worker: the absence's notice is due a few seconds after the kill.
  const server = new PortalServer(target, await freePort(), undefined, {
    NOTIFY_SETTLE_SECONDS: "3",
    JOBS_POLL_MS: "200",
  });
  try {
    await server.start();
    const cookie = await server.signIn("teach-chen");
    const acked: string[] = [];
    let killed = false;
    const writer = (async () => {
      for (let n = 1; !killed; n++) {
        const date = new Date(Date.UTC(2070, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
        try {
          // Demo ids on a fresh database: Biology's student 8, its first assignment 9.
          const ok = await server.callAction("setAttendance", "/level/BIO-P2/update", cookie, {
            levelCode: "BIO-P2",
            studentId: 8,
            date,
            status: "excused",
          });
          const graded = await server.callAction("saveGrade", "/level/BIO-P2/update", cookie, {
            levelCode: "BIO-P2",
            assignmentId: 9,
            studentId: 8,
            score: String(n % 10),
          });
          if (ok && graded) acked.push(date);
          else if (!killed) throw new Error(`write ${n} was refused`);
        } catch (err) {
          if (!killed) throw err;
        }
      }
    })();
    while (acked.length < 60) await new Promise((r) => setTimeout(r, 50));
    // Today (UTC): notices are only for recent days.
    const absence = {
      levelCode: "BIO-P2",
      studentId: 8,
      date: new Date().toISOString().slice(0, 10),
      status: "absent",
    };
    if (!(await server.callAction("setAttendance", "/level/BIO-P2/update", cookie, absence)))
      throw new Error("the absence was refused");
    killed = true;
    await server.stop("SIGKILL");
    await writer;
    console.log(`killed with SIGKILL after ${acked.length} acknowledged writes`);

    await server.start(); // opens the same database again: recovery, stale lock take-over
    const cookie2 = await server.signIn("teach-chen");
    if (!(await fetch(`${server.base}/level/BIO-P2/update?tab=attendance`, { headers: { cookie: cookie2 } })).ok)
      throw new Error("the dashboard did not load after restart");
    await new Promise((r) => setTimeout(r, 5000)); // the settling delay and a few worker ticks
    await server.stop("SIGTERM");

    const handle = target.engine === "PGlite" ? openPglite(target.location) : openPostgres(target.location);
    setDbHandle(handle);
    const present = new Set(
      (
        await queryRows<{ d: string }>(
          sql`select to_char(date, 'YYYY-MM-DD') as d from attendance where student_id = 8 and level_code = 'BIO-P2' and date >= '2070-01-01'`,
        )
      ).map((r) => r.d),
    );
    const notices = await queryRows<{ n: number; users: number }>(
      sql`select count(*)::int as n, count(distinct user_id)::int as users from notifications where event_key = ${`attendance:BIO-P2:8:${absence.date}`}`,
    );
    const [job] = await queryRows<{ state: string }>(
      sql`select state from jobs where dedupe_key = ${`attendance:BIO-P2:8:${absence.date}`}`,
    );
    await handle.close();
    const delivered = notices[0]!;
    console.log(
      `${target.engine}: the absence marked before the kill: job ${job?.state ?? "missing"}, ${delivered.n} notifications to ${delivered.users} people after the restart`,
    );
    if (job?.state !== "done" || delivered.n === 0 || delivered.n !== delivered.users) {
      console.error("crash test FAILED: the queued absence notice was not delivered exactly once after the restart");
      process.exitCode = 1;
    }
    const lost = acked.filter((d) => !present.has(d));
    console.log(
      `${target.engine}: ${acked.length} acknowledged, ${present.size} present after restart, ${lost.length} lost`,
    );
    if (lost.length > 0) {
      console.error(`crash test FAILED: lost ${lost.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop("SIGKILL");
    await target.cleanup();
  }
}

main().catch((err) => {
  console.error(`crash test failed: ${(err as Error).message}`);
  process.exit(1);
});
