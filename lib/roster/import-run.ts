// What both entry points of lib/roster/import.ts share: their options and answer, the deletion guard, the plan made in a transaction, its fingerprint and the refusal.
import "server-only";
import crypto from "node:crypto";
import { type Db } from "@/lib/db/client";
import { ratioPercent } from "@/lib/domain/percent";
import { type ApplyOutcome, type ProgressCallback } from "./apply";
import { audit } from "@/lib/audit";
import { type FormatChoice, type ReadRoster } from "./dataset";
import { REPORTED, recordImport, type Refusal } from "./history";
import type { RosterEntity, RosterFormat } from "./model";
import { buildPlan, changeCount, type Counts, type DeletionNote, type Plan } from "./plan";
import type { ProblemGroup, RosterProblem } from "./problems";
import { loadState, peopleNamed, withRecords } from "./state";
import { msg, type Message } from "@/lib/i18n/message";

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

export const LOCK = "classroom-portal:roster-import";

export interface DeletionGuard {
  /** People the import removes (deleted, or kept with their access code cleared). */
  people: number;
  /** Why it needs a confirmation ("the import would remove 8 people (…)"), written by its reader. */
  reason: Message;
}

/** More than this share of the portal's people removed at once needs a confirmation (decision 012). */
export const DELETION_SHARE = 0.05;

/**
 * Whether the plan's removals need the admin's confirmation: more than 5 % of people, or any
 * administrator. People only in classes of closed years are not counted (issue 41): a new year's
 * file leaves out last year's leavers, and that is no mass removal.
 */
export function deletionGuardOf(plan: Plan, allowedShare = DELETION_SHARE): DeletionGuard | null {
  const people = plan.changes.users.delete.length + plan.changes.users.keep.length - plan.leavers;
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
export const touchesGrades = (read: ReadRoster) =>
  read.dataset.modes.assignments !== undefined || read.dataset.modes.grades !== undefined;

export async function planIn(
  tx: Db,
  read: ReadRoster,
  actorId: number | null,
  timeZone: string,
  allowNewAdmins = false,
  /** The district's roster: its whole set's people and the portal's schools of the set (plan-context.ts). */
  districtSet?: { sourcedIds: Set<string>; schoolIds: Set<number> },
  /** The other schools' class codes, when the caller read them (a district's run, once). */
  codesElsewhere?: Set<string>,
): Promise<Plan> {
  const district = districtSet !== undefined;
  const modes = read.dataset.modes;
  const state = await loadState(tx, {
    timeZone,
    gradebook: modes.categories !== undefined || modes.assignments !== undefined || modes.grades !== undefined,
    grades: modes.grades !== undefined,
    named: peopleNamed(read.dataset),
    codesElsewhere,
  });
  let plan = buildPlan(read, state, { actorId, timeZone, allowNewAdmins, district, districtSet });
  const userIds = [...plan.changes.users.delete, ...plan.changes.users.keep];
  const levelIds = [...plan.changes.classes.delete, ...plan.changes.classes.keep];
  if (userIds.length || levelIds.length) {
    // Whether a removal deletes or keeps depends on records: plan again knowing them.
    const records = await withRecords(tx, userIds, levelIds);
    state.usersWithRecords = records.users;
    state.levelsWithRecords = records.levels;
    plan = buildPlan(read, state, { actorId, timeZone, allowNewAdmins, district, districtSet });
  }
  return plan;
}

/** A hash of the counts and every change, fed list by list (360,000 grades never become one string). */
export function fingerprintOf(plan: Plan): string {
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

export function runOf(
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

export const summaryOf = (plan: Plan, fingerprint: string, filesFingerprint?: string, refusal?: Refusal) => ({
  ...(filesFingerprint ? { files: filesFingerprint } : {}),
  format: plan.format,
  modes: plan.modes,
  counts: plan.counts,
  fingerprint,
  ...(refusal ? { refusal } : {}),
});

/** The history row's first problems and warnings, as descriptors. */
export const reportOf = (plan: Plan) => ({
  problems: plan.problems.items.slice(0, REPORTED),
  warnings: plan.warnings.items.slice(0, REPORTED),
});

/**
 * Why a run was refused, as data for the history (issue 39: the nightly sync's history says why):
 * the removal guard with its numbers, a preview gone stale, and the files' own problems. The page
 * words it in the reader's language (admin.roster.refusal).
 */
export function refusalOf(
  plan: Plan,
  tripped: { guard: DeletionGuard | null; share: number; stale: boolean },
): Refusal {
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

/** Counts without the zeros, for the audit entry (whose detail is bounded). */
export function compactCounts(counts: Record<RosterEntity, Counts>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [entity, c] of Object.entries(counts)) {
    const nonZero = Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));
    if (Object.keys(nonZero).length) out[entity] = nonZero;
  }
  return out;
}

/** The problem a plan gets when the portal changed since the preview the admin saw. */
export const staleProblem = (file: string): RosterProblem => ({
  file,
  line: 0,
  column: "file",
  message: msg("admin.rosterReport.text.portalSDataFiles"),
  fix: msg("admin.rosterReport.text.previewImportAgainCheck"),
});

/** The problem a plan gets when its removals are above the share and not confirmed (decision 012). */
export const guardProblem = (
  file: string,
  guard: DeletionGuard,
  share: number,
  source: RosterRunOptions["source"],
): RosterProblem => ({
  file,
  line: 0,
  column: "file",
  message: msg("admin.rosterReport.text.moreThanPeopleAdministrator", {
    a: guard.reason,
    b: ratioPercent(share * 1000, 1000, 1),
  }),
  fix:
    source === "sync"
      ? msg("admin.rosterReport.text.checkListRemovalsLet")
      : msg("admin.rosterReport.text.checkListRemovalsGo", { a: guard.people, b: guard.people }),
});

/**
 * The history row and the "roster.imported" audit entry of an applied plan, in the import's own
 * transaction. `extra`: more of the audit's detail (a district's part says so).
 */
export async function recordApplied(
  tx: Db,
  run: {
    fileName: string;
    opts: RosterRunOptions;
    plan: Plan;
    fingerprint: string;
    applied: ApplyOutcome;
    durationMs: number;
    extra?: Record<string, unknown>;
  },
): Promise<number> {
  const { plan, opts } = run;
  // The sign-in cards of "the new people of the last import" (lib/export/cards.ts) read them.
  const newUserIds = [...run.applied.createdUserIds, ...run.applied.reactivatedUserIds];
  const importId = await recordImport(tx, {
    actorId: opts.actorId,
    source: opts.source,
    fileName: run.fileName,
    dryRun: false,
    status: "applied",
    summary: summaryOf(plan, run.fingerprint, opts.filesFingerprint),
    report: reportOf(plan),
    // Rows skipped with the admin's consent (listed in the summary).
    problems: plan.problems.total,
    warnings: plan.warnings.total,
    newUserIds,
    durationMs: run.durationMs,
  });
  await audit(tx, {
    action: "roster.imported",
    actorId: opts.actorId,
    detail: {
      importId,
      source: opts.source,
      file: run.fileName,
      format: plan.format,
      counts: compactCounts(plan.counts),
      newUsers: newUserIds.length,
      warnings: plan.warnings.total,
      ...(plan.problems.total ? { skipped: plan.problems.total } : {}),
      ...(plan.newAdmins.length ? { newAdmins: plan.newAdmins.length } : {}),
      ...run.extra,
    },
  });
  return importId;
}
