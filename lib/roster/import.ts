import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { schoolTimeZone } from "@/lib/env";
import { holdImportGradeWrites } from "@/lib/gradebook/imported-grades";
import { applyPlan } from "./apply";
import { readRoster } from "./dataset";
import { readOneRoster } from "./oneroster";
import { ProblemList } from "./problems";
import { readUpload } from "./read-upload";
import { isDistrictSet } from "./district";
import { recordImport } from "./history";
import { type Plan } from "./plan";
import type { RosterUpload } from "./read-upload";
import {
  DELETION_SHARE,
  type DeletionGuard,
  LOCK,
  type RosterRun,
  type RosterRunOptions,
  deletionGuardOf,
  fingerprintOf,
  planIn,
  refusalOf,
  reportOf,
  runOf,
  summaryOf,
  touchesGrades,
  guardProblem,
  recordApplied,
  staleProblem,
} from "./import-run";

// The roster import's entry points (decision 012), for the admin page and the command line:
//   previewRosterImport(upload, opts)  — the dry run: counts, problems, warnings; writes only its history row
//   applyRosterImport(upload, opts)    — the same plan, computed again and carried out in one transaction
// Both take the uploaded bytes as they came (a .zip, loose CSV files, or filled-in templates).
// The caller authorises (admins only) before calling.

export type { RosterUpload } from "./read-upload";
export { rosterUploadFromFiles } from "./read-upload";
export type { RosterProblem } from "./problems";
export type { RosterProgress, RosterPhase } from "./apply";
export { ROSTER_PHASES } from "./apply";
export { formatGroup, formatProblem, groupsCsv, problemsCsv } from "./problems";
export { listRosterImports, newUsersOfLastImport } from "./history";
export type { DeletionGuard, RosterRun, RosterRunOptions } from "./import-run";
export { DELETION_SHARE, deletionGuardOf } from "./import-run";

/** Whether the upload is a district's OneRoster set (its orgs.csv names several schools). */
export function isDistrictUpload(upload: RosterUpload): boolean {
  // Only orgs.csv is read (the upload's other files are read once, by the import itself).
  const texts = readUpload(upload, new Set(["orgs.csv", "manifest.csv"])).texts;
  if (!texts.some((t) => t.base === "orgs.csv")) return false;
  const quiet = new ProblemList(1);
  return isDistrictSet(readOneRoster(texts, quiet, new ProblemList(1), { timeZone: "UTC" }));
}

/** The dry run: what the import would do, and every problem. Writes nothing but its history row. */
export async function previewRosterImport(upload: RosterUpload, opts: RosterRunOptions): Promise<RosterRun> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => {});
  const timeZone = opts.timeZone ?? schoolTimeZone();
  progress({ phase: "reading", done: 0, total: 1 });
  const read = readRoster(upload, opts.format, { timeZone });
  progress({ phase: "checking", done: 0, total: 1 });
  const plan = await db().transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return planIn(tx, read, opts.actorId, timeZone, opts.allowNewAdmins);
  });
  progress({ phase: "checking", done: 1, total: 1 });
  const fingerprint = fingerprintOf(plan);
  // With skipInvalid, a plan whose problems are all one row's would apply (the rest).
  const ok = plan.problems.total === 0 || (opts.skipInvalid === true && plan.problems.blocking === 0);
  const durationMs = performance.now() - started;
  const importId = await recordImport(db(), {
    actorId: opts.actorId,
    source: opts.source,
    fileName: upload.label,
    dryRun: true,
    status: ok ? "previewed" : "refused",
    summary: summaryOf(
      plan,
      fingerprint,
      opts.filesFingerprint,
      ok ? undefined : refusalOf(plan, { guard: null, share: DELETION_SHARE, stale: false }),
    ),
    report: reportOf(plan),
    problems: plan.problems.total,
    warnings: plan.warnings.total,
    newUserIds: [],
    durationMs,
  });
  return runOf(
    plan,
    { ok, applied: false, dryRun: true, importId, createdUserIds: [], reactivatedUserIds: [], durationMs },
    fingerprint,
  );
}

/**
 * Plans again inside one transaction and, when there is no problem, carries the plan out: all or
 * nothing, audited ("roster.imported" with the counts) and recorded in the history. With
 * `expectFingerprint` (the preview's), it refuses when the portal changed since the preview.
 */
export async function applyRosterImport(
  upload: RosterUpload,
  opts: RosterRunOptions & { expectFingerprint?: string },
): Promise<RosterRun> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => {});
  const timeZone = opts.timeZone ?? schoolTimeZone();
  progress({ phase: "reading", done: 0, total: 1 });
  const read = readRoster(upload, opts.format, { timeZone });
  progress({ phase: "checking", done: 0, total: 1 });
  let planned: Plan | undefined;
  let fingerprint = "";
  const tripped = { guard: null as DeletionGuard | null, share: opts.deletionShare ?? DELETION_SHARE, stale: false };
  try {
    const outcome = await db().transaction(async (tx) => {
      // One import at a time: a second waits for the first, then plans against its result.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
      // The locks of every grade write, in a teacher's order (lib/gradebook/imported-grades.ts):
      // a teacher's save waits for the import instead of slipping in between, and a publication
      // cannot store cards between this plan's published-term check and the commit (issue 27).
      await holdImportGradeWrites(tx, { gradebook: touchesGrades(read) });
      const plan = await planIn(tx, read, opts.actorId, timeZone, opts.allowNewAdmins);
      planned = plan;
      fingerprint = fingerprintOf(plan);
      const skipping = opts.skipInvalid === true && plan.problems.blocking === 0;
      if ((plan.problems.total === 0 || skipping) && opts.expectFingerprint && opts.expectFingerprint !== fingerprint) {
        tripped.stale = true;
        plan.problems.add(staleProblem(upload.label));
      }
      // Mass removals wait for the admin's confirmation of their number (decision 012).
      const share = opts.deletionShare ?? DELETION_SHARE;
      const guard = deletionGuardOf(plan, share);
      if (guard && (opts.allowDeletions ?? 0) < guard.people) {
        tripped.guard = guard;
        plan.problems.add(guardProblem(upload.label, guard, share, opts.source));
      }
      progress({ phase: "checking", done: 1, total: 1 });
      if (plan.problems.blocking > 0 || (plan.problems.total > 0 && !opts.skipInvalid)) return null;
      const result = await applyPlan(tx, plan, opts.actorId, progress);
      progress({ phase: "recording", done: 0, total: 1 });
      const durationMs = performance.now() - started;
      const importId = await recordApplied(tx, {
        fileName: upload.label,
        opts,
        plan,
        fingerprint,
        applied: result,
        durationMs,
      });
      progress({ phase: "recording", done: 1, total: 1 });
      return { ...result, importId, durationMs };
    });
    const plan = planned!;
    if (outcome) return runOf(plan, { ok: true, applied: true, dryRun: false, ...outcome }, fingerprint);
    const durationMs = performance.now() - started;
    const importId = await recordImport(db(), {
      actorId: opts.actorId,
      source: opts.source,
      fileName: upload.label,
      dryRun: false,
      status: "refused",
      summary: summaryOf(plan, fingerprint, opts.filesFingerprint, refusalOf(plan, tripped)),
      report: reportOf(plan),
      problems: plan.problems.total,
      warnings: plan.warnings.total,
      newUserIds: [],
      durationMs,
    });
    return runOf(
      plan,
      { ok: false, applied: false, dryRun: false, importId, createdUserIds: [], reactivatedUserIds: [], durationMs },
      fingerprint,
    );
  } catch (err) {
    // Rolled back: nothing of the import stays. The history says it failed (never why: no SQL there).
    await recordImport(db(), {
      actorId: opts.actorId,
      source: opts.source,
      fileName: upload.label,
      dryRun: false,
      status: "failed",
      summary: planned ? summaryOf(planned, fingerprint, opts.filesFingerprint) : {},
      report: planned ? reportOf(planned) : {},
      problems: 0,
      warnings: 0,
      newUserIds: [],
      durationMs: performance.now() - started,
    }).catch(() => undefined);
    throw err;
  }
}
