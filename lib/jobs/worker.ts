// The in-process worker (decision 015): every JOBS_POLL_MS it runs the due jobs, one tick at a
// time (a slow tick is never overlapped by the next), and stops before the database closes. Once
// a minute it also makes sure the next digests and roster sync are queued (any process may: the key makes it one
// job) and clears finished jobs older than a month.
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { schoolIds } from "@/lib/db/schools";
import { announcementNotice, ANNOUNCEMENT_NOTICE } from "@/lib/notify/announcements";
import { attendanceNotice, ATTENDANCE_NOTICE } from "@/lib/notify/attendance";
import { MAIL_SEND } from "@/lib/notify/deliver";
import { digestJob, DIGEST_RUN, scheduleDigests } from "@/lib/notify/digest";
import { gradeNotice, GRADE_NOTICE } from "@/lib/notify/grades";
import { sendMailJob } from "@/lib/notify/mail-job";
import { reportCardNotice, REPORT_CARD_NOTICE } from "@/lib/notify/report-cards";
import { missingMarkNotice, missingWorkCheck, WORK_MISSING, WORK_MISSING_MARK } from "@/lib/notify/work";
import { sweepFiles } from "@/lib/files/sweep";
import { ROSTER_SYNC, rosterSyncJob, scheduleRosterSync } from "@/lib/roster/sync";
import { runDueJobs, type JobHandler } from "./queue";

export const HANDLERS: Readonly<Record<string, JobHandler>> = {
  [ATTENDANCE_NOTICE]: attendanceNotice,
  [GRADE_NOTICE]: gradeNotice,
  [WORK_MISSING]: missingWorkCheck,
  [WORK_MISSING_MARK]: missingMarkNotice,
  [ANNOUNCEMENT_NOTICE]: announcementNotice,
  [REPORT_CARD_NOTICE]: reportCardNotice,
  [DIGEST_RUN]: digestJob,
  [MAIL_SEND]: sendMailJob,
  [ROSTER_SYNC]: rosterSyncJob,
};

const HOUSEKEEPING_MS = 60_000;
/** Finished jobs are kept this long (what was sent, and why a failure failed), then cleared. */
const KEEP_FINISHED_DAYS = 30;

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;
let lastHousekeeping = 0;
let lastOrphanScan = 0;

/** Queues the coming digests and the next roster sync, and clears old finished jobs. */
export async function housekeeping(now = new Date()): Promise<void> {
  // Each school's digests are its own jobs, run in that school (issue 42), at its own hour.
  await refreshSchoolSettings();
  for (const school of await schoolIds()) await withSchool(school, () => scheduleDigests(db(), now));
  // The roster folder is the first school's (a roster import elsewhere waits for district rostering).
  await scheduleRosterSync(db(), now);
  await db().execute(
    sql`delete from jobs where state in ('done', 'failed') and finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`,
  );
  // Attachments whose rows are gone, never handed in, or never given a row (decision 023).
  const scanOrphans = now.getTime() - lastOrphanScan >= 3_600_000;
  if (scanOrphans) lastOrphanScan = now.getTime();
  await sweepFiles(now, { scanOrphans }).catch((err) =>
    console.warn("file sweep:", err instanceof Error ? err.message : err),
  );
}

export function startWorker(pollMs: number): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = (async () => {
      if (Date.now() - lastHousekeeping >= HOUSEKEEPING_MS) {
        lastHousekeeping = Date.now();
        await housekeeping();
      }
      await runDueJobs(HANDLERS);
    })()
      .catch((err) => console.error("job worker:", err instanceof Error ? err.message : err))
      .finally(() => (running = null));
  };
  timer = setInterval(tick, pollMs);
  timer.unref();
}

/** Stops polling and waits for the tick in progress, so the database can close under no job. */
export async function stopWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
