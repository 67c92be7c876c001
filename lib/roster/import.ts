import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, type Db } from "@/lib/db/client";
import { ratioPercent } from "@/lib/domain/percent";
import { schoolTimeZone } from "@/lib/env";
import { holdImportGradeWrites } from "@/lib/gradebook/imported-grades";
import { applyPlan, type ProgressCallback } from "./apply";
import { readRoster, type FormatChoice, type ReadRoster } from "./dataset";
import { recordImport, REPORTED, type Refusal } from "./history";
import type { RosterEntity, RosterFormat } from "./model";
import { buildPlan, changeCount, type Counts, type DeletionNote, type Plan } from "./plan";
import type { ProblemGroup, RosterProblem } from "./problems";
import type { RosterUpload } from "./read-upload";
import { loadState, withRecords } from "./state";
import { msg, type Message } from "@/lib/i18n/message";

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

export interface RosterRunOptions {
  /** The admin running it (null from the command line). */
  actorId: number | null;
  source: "web" | "cli" | "sync";
  /** "auto" (default): OneRoster when any OneRoster file is present, else the spreadsheet templates. */
  format?: FormatChoice;
  /** The school's time zone (default: SCHOOL_TIMEZONE): dates without a time or an offset are its days. */
  timeZone?: string;
  onProgress?: ProgressCallback;
  /** Apply everything else when every problem is one row's: those rows (and the rows that need them) are skipped. */
  skipInvalid?: boolean;
  /** The import may create administrators ("Allow new administrators", --allow-new-admins). */
  allowNewAdmins?: boolean;
  /** Removals the admin confirmed (typed on the page, --allow-deletions N): needed above the threshold. */
  allowDeletions?: number;
  /** The share of people an import may remove without a confirmation (default DELETION_SHARE; the sync's saved policy). */
  deletionShare?: number;
  /** The scheduled sync's fingerprint of the files it read, kept in the history row (nothing is applied twice). */
  filesFingerprint?: string;
}

export interface RosterRun {
  /** No problems (and, for an apply, the changes were made). */
  ok: boolean;
  applied: boolean;
  dryRun: boolean;
  /** The history row of this run. */
  importId: number;
  format: RosterFormat;
  modes: Plan["modes"];
  counts: Record<RosterEntity, Counts>;
  /** Creates + updates + deletes + kept, all entities: 0 for a re-import of the same files. */
  changes: number;
  problems: RosterProblem[];
  problemCount: number;
  warnings: RosterProblem[];
  warningCount: number;
  /** People and classes the import would remove or keep without access: every one (issue 39). */
  deletions: DeletionNote[];
  /** Alike problems and warnings as one line each, root causes first. */
  problemGroups: ProblemGroup[];
  warningGroups: ProblemGroup[];
  /** Every problem is one row's: the rest can be applied, skipping them. */
  skippable: boolean;
  /** Rows skipped by an import applied with skipInvalid. */
  skipped: number;
  /** Administrators the import creates (allowed). */
  newAdmins: { name: string; sourcedId: string | null }[];
  /** Above the removal threshold: the removals the admin must confirm (type, or --allow-deletions N). */
  deletionGuard: DeletionGuard | null;
  /** Identifies the plan: pass it to applyRosterImport to refuse if the portal changed since the preview. */
  fingerprint: string;
  /** Users created; users the roster brought back (both got new access codes). */
  createdUserIds: number[];
  reactivatedUserIds: number[];
  durationMs: number;
}

const LOCK = "classroom-portal:roster-import";

export interface DeletionGuard {
  /** People the import removes (deleted, or kept with their access code cleared). */
  people: number;
  /** Why it needs a confirmation ("the import would remove 8 people (…)"), written by its reader. */
  reason: Message;
}

/** More than this share of the portal's people removed at once needs a confirmation (decision 012). */
export const DELETION_SHARE = 0.05;

/** Whether the plan's removals need the admin's confirmation: more than 5 % of people, or any administrator. */
export function deletionGuardOf(plan: Plan, allowedShare = DELETION_SHARE): DeletionGuard | null {
  const people = plan.changes.users.delete.length + plan.changes.users.keep.length;
  if (people === 0) return null;
  const share = plan.peopleInPortal > 0 ? people / plan.peopleInPortal : 1;
  if (share <= allowedShare && plan.adminsRemoved.length === 0) return null;
  const percent = plan.peopleInPortal > 0 ? ratioPercent(people, plan.peopleInPortal, 1) : 100;
  const who = msg(people === 1 ? "admin.rosterReport.parts.personPortal" : "admin.rosterReport.parts.peoplePortal", {
    count: people,
    percent,
    total: plan.peopleInPortal,
  });
  const what = plan.adminsRemoved.length
    ? msg(
        plan.adminsRemoved.length === 1
          ? "admin.rosterReport.parts.amongThemAdministrator"
          : "admin.rosterReport.parts.amongThemAdministrators",
        { what: who, names: plan.adminsRemoved.join(", ") },
      )
    : who;
  return { people, reason: msg("admin.rosterReport.parts.importWouldRemove", { what }) };
}

/** Whether the upload writes the gradebook (line items, results): the apply then locks the assignments first. */
const touchesGrades = (read: ReadRoster) =>
  read.dataset.modes.assignments !== undefined || read.dataset.modes.grades !== undefined;

async function planIn(
  tx: Db,
  read: ReadRoster,
  actorId: number | null,
  timeZone: string,
  allowNewAdmins = false,
): Promise<Plan> {
  const modes = read.dataset.modes;
  const state = await loadState(tx, {
    timeZone,
    gradebook: modes.categories !== undefined || modes.assignments !== undefined || modes.grades !== undefined,
    grades: modes.grades !== undefined,
  });
  let plan = buildPlan(read, state, { actorId, timeZone, allowNewAdmins });
  const userIds = [...plan.changes.users.delete, ...plan.changes.users.keep];
  const levelIds = [...plan.changes.classes.delete, ...plan.changes.classes.keep];
  if (userIds.length || levelIds.length) {
    // Whether a removal deletes or keeps depends on records: plan again knowing them.
    const records = await withRecords(tx, userIds, levelIds);
    state.usersWithRecords = records.users;
    state.levelsWithRecords = records.levels;
    plan = buildPlan(read, state, { actorId, timeZone, allowNewAdmins });
  }
  return plan;
}

/** A hash of the counts and every change, fed list by list (360,000 grades never become one string). */
function fingerprintOf(plan: Plan): string {
  const hash = crypto.createHash("sha256").update(JSON.stringify(plan.counts));
  for (const [entity, parts] of Object.entries(plan.changes)) {
    for (const [part, value] of Object.entries(parts as Record<string, unknown>)) {
      hash.update(`|${entity}.${part}:`);
      if (!Array.isArray(value)) hash.update(JSON.stringify(value));
      else for (const item of value) hash.update(JSON.stringify(item));
    }
  }
  return hash.digest("base64url").slice(0, 32);
}

function runOf(
  plan: Plan,
  extra: Pick<
    RosterRun,
    "ok" | "applied" | "dryRun" | "importId" | "createdUserIds" | "reactivatedUserIds" | "durationMs"
  >,
  fingerprint: string,
): RosterRun {
  return {
    ...extra,
    problemGroups: plan.problems.groups(),
    warningGroups: plan.warnings.groups(),
    skippable: plan.problems.total > 0 && plan.problems.blocking === 0,
    skipped: extra.applied ? plan.problems.total : 0,
    newAdmins: plan.newAdmins,
    deletionGuard: deletionGuardOf(plan),
    format: plan.format,
    modes: plan.modes,
    counts: plan.counts,
    changes: changeCount(plan),
    problems: plan.problems.items,
    problemCount: plan.problems.total,
    warnings: plan.warnings.items,
    warningCount: plan.warnings.total,
    deletions: plan.deletions,
    fingerprint,
  };
}

const summaryOf = (plan: Plan, fingerprint: string, filesFingerprint?: string, refusal?: Refusal) => ({
  ...(filesFingerprint ? { files: filesFingerprint } : {}),
  format: plan.format,
  modes: plan.modes,
  counts: plan.counts,
  fingerprint,
  ...(refusal ? { refusal } : {}),
});

/** The history row's first problems and warnings, as descriptors. */
const reportOf = (plan: Plan) => ({
  problems: plan.problems.items.slice(0, REPORTED),
  warnings: plan.warnings.items.slice(0, REPORTED),
});

/**
 * Why a run was refused, as data for the history (issue 39: the nightly sync's history says why):
 * the removal guard with its numbers, a preview gone stale, and the files' own problems. The page
 * words it in the reader's language (admin.roster.refusal).
 */
function refusalOf(plan: Plan, tripped: { guard: DeletionGuard | null; share: number; stale: boolean }): Refusal {
  const own = plan.problems.total - (tripped.guard ? 1 : 0) - (tripped.stale ? 1 : 0);
  return {
    problems: own,
    stale: tripped.stale,
    deletions: tripped.guard && {
      people: tripped.guard.people,
      inPortal: plan.peopleInPortal,
      percent: Math.round(tripped.share * 10_000) / 100,
      // The most the share lets go without a confirmation; none when an administrator is among them.
      limit: plan.adminsRemoved.length ? 0 : Math.floor(tripped.share * plan.peopleInPortal),
      admins: plan.adminsRemoved.length,
    },
  };
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
        plan.problems.add({
          file: upload.label,
          line: 0,
          column: "file",
          message: msg("admin.rosterReport.text.portalSDataFiles"),
          fix: msg("admin.rosterReport.text.previewImportAgainCheck"),
        });
      }
      // Mass removals wait for the admin's confirmation of their number (decision 012).
      const share = opts.deletionShare ?? DELETION_SHARE;
      const guard = deletionGuardOf(plan, share);
      if (guard && (opts.allowDeletions ?? 0) < guard.people) {
        tripped.guard = guard;
        plan.problems.add({
          file: upload.label,
          line: 0,
          column: "file",
          message: msg("admin.rosterReport.text.moreThanPeopleAdministrator", {
            a: guard.reason,
            b: ratioPercent(share * 1000, 1000, 1),
          }),
          fix:
            opts.source === "sync"
              ? msg("admin.rosterReport.text.checkListRemovalsLet")
              : msg("admin.rosterReport.text.checkListRemovalsGo", { a: guard.people, b: guard.people }),
        });
      }
      progress({ phase: "checking", done: 1, total: 1 });
      if (plan.problems.blocking > 0 || (plan.problems.total > 0 && !opts.skipInvalid)) return null;
      const result = await applyPlan(tx, plan, opts.actorId, progress);
      progress({ phase: "recording", done: 0, total: 1 });
      const newUserIds = [...result.createdUserIds, ...result.reactivatedUserIds];
      const durationMs = performance.now() - started;
      const importId = await recordImport(tx, {
        actorId: opts.actorId,
        source: opts.source,
        fileName: upload.label,
        dryRun: false,
        status: "applied",
        summary: summaryOf(plan, fingerprint, opts.filesFingerprint),
        report: reportOf(plan),
        // Rows skipped with the admin's consent (listed in the summary).
        problems: plan.problems.total,
        warnings: plan.warnings.total,
        newUserIds,
        durationMs,
      });
      await audit(tx, {
        action: "roster.imported",
        actorId: opts.actorId,
        detail: {
          importId,
          source: opts.source,
          file: upload.label,
          format: plan.format,
          counts: compactCounts(plan.counts),
          newUsers: newUserIds.length,
          warnings: plan.warnings.total,
          ...(plan.problems.total ? { skipped: plan.problems.total } : {}),
          ...(plan.newAdmins.length ? { newAdmins: plan.newAdmins.length } : {}),
        },
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

/** Counts without the zeros, for the audit entry (whose detail is bounded). */
function compactCounts(counts: Record<RosterEntity, Counts>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [entity, c] of Object.entries(counts)) {
    const nonZero = Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));
    if (Object.keys(nonZero).length) out[entity] = nonZero;
  }
  return out;
}
