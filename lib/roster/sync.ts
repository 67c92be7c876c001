// The nightly roster sync (issue 29, decision 012): the folder ROSTER_SYNC_DIR, where the SIS drops
// its export (a mounted SFTP share, say), is imported every day at ROSTER_SYNC_AT, school time,
// through the job queue (decision 015): one job per day (its key), whichever process queues it.
// The run is an ordinary apply with the saved policy (sync-policy.ts): the same problems, skipping
// and removal guard as an import from the page. Nothing is applied twice: the files' fingerprint
// is kept in the history row, and files already applied by a sync are not imported again (a
// history row "unchanged" says the sync ran). A refusal, a tripped threshold or a failure e-mails
// the admins (through the queue's mail jobs), in the school's language, and shows in the history.
import "server-only";
import crypto from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { addDays, dateInTimeZone, zonedTime } from "@/lib/domain/dates";
import { env, schoolLocale, schoolTimeZone } from "@/lib/env";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { enqueue, enqueueMany, type JobHandler } from "@/lib/jobs/queue";
import { deliverableAddress, rosterSyncMail } from "@/lib/mail/compose";
import { mailSettings } from "@/lib/mail/transport";
import { MAIL_SEND } from "@/lib/notify/deliver";
import { recordImport } from "./history";
import { applyRosterImport, isDistrictUpload, type RosterRun, type RosterUpload } from "./import";
import { runDistrictImport, type DistrictRun } from "./district-import";
import { currentSchoolId, withSchool } from "@/lib/db/school-scope";
import { groupText, type ProblemGroup } from "./problems";
import { MAX_UPLOAD_BYTES } from "./limits";
import { loadSyncPolicy } from "./sync-policy";
import { currentSchoolName } from "@/lib/school-name";
import { memberHere, schoolIds } from "@/lib/db/schools";

export const ROSTER_SYNC = "roster.sync";

/** The next run at `at` (HH:MM, school time) from `now`: today's if it is still ahead, else tomorrow's. */
export function nextSyncRun(now: Date, at: string, timeZone: string): { day: string; runAt: Date } {
  const [hour, minute] = at.split(":").map(Number) as [number, number];
  const today = dateInTimeZone(now, timeZone);
  for (const day of [today, addDays(today, 1)]) {
    const runAt = new Date(zonedTime(day, hour, timeZone).getTime() + minute * 60_000);
    if (runAt.getTime() >= now.getTime()) return { day, runAt };
  }
  const day = addDays(today, 2);
  return { day, runAt: new Date(zonedTime(day, hour, timeZone).getTime() + minute * 60_000) };
}

/** Queues the next run (idempotent: its key is the day). Nothing when ROSTER_SYNC_DIR is unset. */
export async function scheduleRosterSync(on: Parameters<typeof enqueue>[0], now = new Date()): Promise<void> {
  const { ROSTER_SYNC_DIR, ROSTER_SYNC_AT } = env();
  if (!ROSTER_SYNC_DIR) return;
  const run = nextSyncRun(now, ROSTER_SYNC_AT, schoolTimeZone());
  await enqueue(on, {
    kind: ROSTER_SYNC,
    dedupeKey: `roster-sync:${run.day}`,
    payload: { day: run.day },
    runAt: run.runAt,
  });
}

/** The folder's .csv/.zip/.txt files (not its subfolders), sorted, with their fingerprint; null when it has none. */
async function readFolder(dir: string): Promise<{ upload: RosterUpload; fingerprint: string } | null> {
  const names = (await readdir(dir)).filter((n) => /\.(csv|zip|txt)$/i.test(n) && !n.startsWith(".")).sort();
  const files: RosterUpload["files"] = [];
  let total = 0;
  const hash = crypto.createHash("sha256");
  for (const name of names) {
    const full = path.join(dir, name);
    const st = await stat(full);
    if (!st.isFile()) continue;
    total += st.size;
    if (total > MAX_UPLOAD_BYTES)
      throw new SyncRefusal(msg("admin.rosterReport.text.filesAddUpMore", { a: `${MAX_UPLOAD_BYTES / 1048576} MB` }));
    const bytes = new Uint8Array(await readFile(full));
    hash.update(`${name}\u0000${bytes.length}\u0000`).update(bytes);
    files.push({ name, bytes });
  }
  if (files.length === 0) return null;
  return { upload: { label: `sync: ${path.basename(path.resolve(dir))}`, files }, fingerprint: hash.digest("hex") };
}

/** Why the folder was not imported: the history keeps it, the e-mail says it. */
class SyncRefusal extends Error {
  constructor(readonly reason: Message) {
    super(render(reason, "en"));
  }
}

export type SyncOutcome =
  | { kind: "no-files" }
  | { kind: "unchanged"; importId: number }
  | { kind: "applied" | "refused"; run: RosterRun }
  | { kind: "district"; run: DistrictRun }
  | { kind: "failed"; message: Message };

interface Applied {
  schoolId: number;
  /** The history row that applied the files. */
  sameAs: number;
}

/** The school's sync that applied these files, if one did. */
async function appliedHere(files: string): Promise<Applied[]> {
  const [done] = await queryRows<{ id: number }>(
    sql`select id from roster_imports where source = 'sync' and status = 'applied' and summary->>'files' = ${files} order by id desc limit 1`,
  );
  return done ? [{ schoolId: currentSchoolId(), sameAs: Number(done.id) }] : [];
}

/**
 * A district's set applied: the schools whose history holds a sync of these files, when in every
 * one of them the last such run applied them (or found them applied). A school whose part was
 * refused is none of that: the whole set runs again, as a refused single school's does.
 */
async function appliedInSchools(files: string): Promise<Applied[]> {
  const found: Applied[] = [];
  for (const id of await schoolIds()) {
    const [last] = await withSchool(id, () =>
      queryRows<{ id: number; status: string; same_as: string | null }>(
        sql`select id, status, summary->>'sameAs' as same_as from roster_imports
            where source = 'sync' and summary->>'files' = ${files} order by id desc limit 1`,
      ),
    );
    if (!last) continue;
    if (last.status === "applied") found.push({ schoolId: id, sameAs: Number(last.id) });
    else if (last.status === "unchanged") found.push({ schoolId: id, sameAs: Number(last.same_as) });
    else return [];
  }
  return found;
}

/** One run of the sync: read the folder, skip files already applied, else apply under the saved policy. */
export async function runRosterSync(opts: { dir: string; day: string }): Promise<SyncOutcome> {
  const started = performance.now();
  let read: Awaited<ReturnType<typeof readFolder>>;
  try {
    read = await readFolder(opts.dir);
  } catch (err) {
    const message =
      err instanceof SyncRefusal ? err.reason : msg("admin.rosterReport.sync.folderUnreadable", { dir: opts.dir });
    await recordImport(db(), failedRow(opts.dir, message, started));
    await mailAdmins(opts.day, message, []);
    return { kind: "failed", message };
  }
  if (!read) return { kind: "no-files" };
  const district = isDistrictUpload(read.upload);
  // Files a sync applied are not imported again. A district's set is each school's: every school
  // its last run of these files reached must have applied them, and each records that it ran.
  const done = district ? await appliedInSchools(read.fingerprint) : await appliedHere(read.fingerprint);
  if (done.length) {
    let importId = 0;
    for (const { schoolId, sameAs } of done) {
      const id = await withSchool(schoolId, () =>
        recordImport(db(), {
          actorId: null,
          source: "sync",
          fileName: read.upload.label,
          dryRun: false,
          status: "unchanged",
          summary: { files: read.fingerprint, sameAs },
          report: {},
          problems: 0,
          warnings: 0,
          newUserIds: [],
          durationMs: performance.now() - started,
        }),
      );
      importId ||= id;
    }
    return { kind: "unchanged", importId };
  }
  const policy = await loadSyncPolicy();
  if (district) return syncDistrict(read, policy, opts.day);
  let run: RosterRun;
  try {
    run = await applyRosterImport(read.upload, {
      actorId: null,
      source: "sync",
      skipInvalid: policy.skipInvalid,
      deletionShare: policy.deletionPercent / 100,
      filesFingerprint: read.fingerprint,
    });
  } catch (err) {
    // applyRosterImport recorded the failure; the reason stays in the server's log, not in an e-mail.
    console.error("roster sync failed:", err);
    await mailAdmins(opts.day, msg("admin.rosterReport.sync.importFailed"), []);
    return { kind: "failed", message: msg("admin.rosterReport.text.importFailed") };
  }
  if (run.applied) return { kind: "applied", run };
  await mailAdmins(
    opts.day,
    run.deletionGuard
      ? msg("admin.rosterReport.sync.overThreshold")
      : msg("admin.rosterReport.sync.problems", { count: run.problemCount }),
    run.problemGroups.slice(0, 20),
  );
  return { kind: "refused", run };
}

function failedRow(dir: string, reason: Message, started: number) {
  return {
    actorId: null,
    source: "sync" as const,
    fileName: `sync: ${path.basename(path.resolve(dir))}`,
    dryRun: false,
    status: "failed" as const,
    summary: {},
    report: { reason },
    problems: 0,
    warnings: 0,
    newUserIds: [],
    durationMs: performance.now() - started,
  };
}

/**
 * One e-mail per administrator with an address on file, through the queue (retried like every e-mail),
 * in the school's language (SCHOOL_LOCALE): the sync runs for no one reader.
 */
async function mailAdmins(day: string, reason: Message, groups: readonly ProblemGroup[]): Promise<void> {
  if (!mailSettings().enabled) return;
  const admins = await queryRows<{ id: number; email: string | null }>(
    sql`select id, email from users where role = 'admin' and roster_deleted_at is null and ${memberHere(sql.raw("users.id"))} order by id`,
  );
  const locale = schoolLocale();
  const lines = groups.map((g) => groupText(g, locale));
  const school = await currentSchoolName();
  const key = crypto.randomUUID();
  await enqueueMany(
    db(),
    admins.flatMap((a) => {
      const to = deliverableAddress(a.email);
      if (!to) return [];
      const mail = rosterSyncMail(to, { day, reason: render(reason, locale), lines, locale, school });
      return [
        {
          kind: MAIL_SEND,
          dedupeKey: `roster-sync-mail:${key}:${a.id}`,
          payload: { ...mail, recipientId: Number(a.id) },
        },
      ];
    }),
  );
}

/** The queue's handler: outside a transaction (the import has its own), then the next day is queued. */
export const rosterSyncJob: JobHandler = {
  outsideTransaction: async (job) => {
    const dir = env().ROSTER_SYNC_DIR;
    if (!dir) return;
    const day = typeof job.payload.day === "string" ? job.payload.day : dateInTimeZone(new Date(), schoolTimeZone());
    await runRosterSync({ dir, day });
  },
};

/**
 * The district's set in the sync folder (issue 42): every school's part applied in its school
 * under the saved policy; a school whose part is refused (its removal guard, its problems) is left
 * as it is, and its own admins get the e-mail.
 */
async function syncDistrict(
  read: { upload: RosterUpload; fingerprint: string },
  policy: Awaited<ReturnType<typeof loadSyncPolicy>>,
  day: string,
): Promise<SyncOutcome> {
  let run: DistrictRun;
  try {
    run = await runDistrictImport(read.upload, {
      actorId: null,
      source: "sync",
      apply: true,
      skipInvalid: policy.skipInvalid,
      deletionShare: policy.deletionPercent / 100,
      filesFingerprint: read.fingerprint,
    });
  } catch (err) {
    console.error("roster sync failed:", err);
    await mailAdmins(day, msg("admin.rosterReport.sync.importFailed"), []);
    return { kind: "failed", message: msg("admin.rosterReport.text.importFailed") };
  }
  for (const s of run.schools) {
    if (s.run.applied || s.schoolId === null) continue;
    await withSchool(s.schoolId, () =>
      mailAdmins(
        day,
        s.run.deletionGuard
          ? msg("admin.rosterReport.sync.overThreshold")
          : msg("admin.rosterReport.sync.problems", { count: s.run.problemCount }),
        s.run.problemGroups.slice(0, 20),
      ),
    );
  }
  return { kind: "district", run };
}
