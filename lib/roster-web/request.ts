import "server-only";
import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import {
  groupsCsv,
  isDistrictUpload,
  rosterUploadFromFiles,
  type RosterRun,
  type RosterUpload,
} from "@/lib/roster/import";
import { SPREADSHEET, toCsv } from "@/lib/export/csv";
import type { AnyLocale } from "@/lib/i18n/locales";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { MAX_UPLOAD_BYTES } from "@/lib/roster/limits";
import type { PortalRole } from "@/lib/roster/model";
import { groupText, type ProblemGroup } from "@/lib/roster/problems";

// The admin page's roster import requests (/admin/roster/preview and /apply): who may send them,
// how the upload is read, and what the page gets back. The engine itself is lib/roster.

export type RosterRequest =
  | {
      ok: true;
      admin: SessionUser;
      upload: RosterUpload;
      format: "auto" | "oneroster" | "spreadsheet";
      fingerprint?: string;
      skipInvalid: boolean;
      allowNewAdmins: boolean;
      allowDeletions: number;
      /** The district's set (several schools): imported school by school, by a district admin only. */
      district: boolean;
    }
  | { ok: false; response: Response };

/** A refusal of the routes (`admin.rosterReport.refusals`; English is the spec's) in the reader's language. */
export const refusalResponse = (status: number, message: Message, locale: AnyLocale) =>
  Response.json({ ok: false, message: render(message, locale) }, { status, headers: { "cache-control": "no-store" } });

const fields = z.object({
  format: z.enum(["auto", "oneroster", "spreadsheet"]).default("auto"),
  fingerprint: z.string().max(100).optional(),
  skipInvalid: z.enum(["0", "1"]).default("0"),
  allowNewAdmins: z.enum(["0", "1"]).default("0"),
  // The number of removals the admin typed to confirm them (0: none confirmed).
  allowDeletions: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** Admin, same origin, at most the upload limit (plus the form's own bytes), at least one file. */
export async function readRosterRequest(request: Request): Promise<RosterRequest> {
  const locale = await requestLocale();
  const fail = (status: number, message: Message) => ({
    ok: false as const,
    response: refusalResponse(status, message, locale),
  });
  if (!sameOrigin(request)) return fail(403, msg("admin.rosterReport.refusals.forbidden"));
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return fail(
      decision.reason === "no-session" ? 401 : 403,
      msg(
        decision.reason === "no-session"
          ? "admin.rosterReport.refusals.logIn"
          : "admin.rosterReport.refusals.accessDenied",
      ),
    );
  let form: FormData | null;
  try {
    form = await readForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
  } catch (err) {
    if (err instanceof BodyTooLarge)
      return fail(413, msg("admin.rosterReport.refusals.uploadTooLarge", { mb: MAX_UPLOAD_BYTES / 2 ** 20 }));
    throw err;
  }
  if (!form) return fail(400, msg("admin.rosterReport.refusals.chooseFiles"));
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length === 0) return fail(400, msg("admin.rosterReport.refusals.chooseFilesKinds"));
  if (files.length > 50) return fail(400, msg("admin.rosterReport.refusals.atMost50"));
  const parsed = fields.safeParse({
    format: form.get("format") ?? undefined,
    fingerprint: form.get("fingerprint") ?? undefined,
    skipInvalid: form.get("skipInvalid") ?? undefined,
    allowNewAdmins: form.get("allowNewAdmins") ?? undefined,
    allowDeletions: form.get("allowDeletions") || undefined,
  });
  if (!parsed.success) return fail(400, msg("admin.rosterReport.refusals.badFields"));
  const upload = await rosterUploadFromFiles(files);
  const district = parsed.data.format !== "spreadsheet" && isDistrictUpload(upload);
  // One school's admin changes one school: the district's set is the district admin's (issue 42).
  if (district && !user!.districtAdmin) return fail(403, msg("admin.rosterReport.refusals.districtSet"));
  return {
    ok: true,
    admin: user!,
    upload,
    district,
    format: parsed.data.format,
    fingerprint: parsed.data.fingerprint,
    skipInvalid: parsed.data.skipInvalid === "1",
    allowNewAdmins: parsed.data.allowNewAdmins === "1",
    allowDeletions: parsed.data.allowDeletions,
  };
}

/** The run options a request carries. */
export const runOptionsOf = (req: Extract<RosterRequest, { ok: true }>) => ({
  actorId: req.admin.id,
  source: "web" as const,
  format: req.format,
  skipInvalid: req.skipInvalid,
  allowNewAdmins: req.allowNewAdmins,
  allowDeletions: req.allowDeletions,
});

/** How many problems the page lists; the rest are in the downloadable list. */
export const PROBLEMS_SHOWN = 200;

export interface RosterRunView {
  ok: boolean;
  applied: boolean;
  importId: number;
  format: string;
  counts: RosterRun["counts"];
  changes: number;
  /** Alike problems as one line each (with a count and their first lines), root causes first. */
  problems: string[];
  problemCount: number;
  warnings: string[];
  warningCount: number;
  /** Every problem and warning group, as a CSV file, when there are any. */
  problemsCsv: string | null;
  /**
   * Everyone and every class the import removes, deleted or kept with the access code cleared: every
   * one, with a person's username and role (the page shows them a page at a time).
   */
  deletions: RemovalView[];
  deletionCount: number;
  /** The same list as a CSV file, in the reader's language, when there is one. */
  deletionsCsv: string | null;
  /** The removals to confirm, and why, in the reader's language. */
  deletionGuard: { people: number; reason: string } | null;
  skippable: boolean;
  skipped: number;
  newAdmins: string[];
  fingerprint: string;
  newUsers: number;
  durationMs: number;
  /** A district's set (issue 42): its schools in import order, each with its changes and whether it was refused. */
  schools?: { name: string; isNew: boolean; changes: number; refused: boolean }[];
}

export interface RemovalView {
  entity: "users" | "classes";
  name: string;
  username: string | null;
  role: PortalRole | null;
  kept: boolean;
}

/** The removals as a spreadsheet (formulas neutralised: names come from an upload). */
function removalsCsv(removals: readonly RemovalView[], locale: AnyLocale): string {
  const t = translatorFor(locale, "adminRoster");
  return toCsv(
    [
      [t("removalCols.outcome"), t("removalCols.name"), t("removalCols.username"), t("removalCols.role")],
      ...removals.map((d) => [
        t(d.kept ? "outcome.kept" : "outcome.deleted"),
        d.entity === "classes" ? t("outcome.class", { name: d.name }) : d.name,
        d.username ?? "",
        d.role ? t(`roles.${d.role}`) : "",
      ]),
    ],
    SPREADSHEET,
  );
}

/**
 * What the page shows of a run: its problems, warnings and removal reason (descriptors from
 * lib/roster) written in the reader's language, `locale`.
 */
export function runView(run: RosterRun, locale: AnyLocale): RosterRunView {
  const groups = [
    ...run.problemGroups.map((g) => ({ g, severity: "problem" })),
    ...run.warningGroups.map((g) => ({ g, severity: "warning" })),
  ];
  const format = (g: ProblemGroup) => groupText(g, locale);
  const deletions = run.deletions.map((d): RemovalView => ({
    entity: d.entity,
    name: d.name,
    username: d.username,
    role: d.role,
    kept: d.kept,
  }));
  return {
    ok: run.ok,
    applied: run.applied,
    importId: run.importId,
    format: run.format,
    counts: run.counts,
    changes: run.changes,
    problems: run.problemGroups.slice(0, PROBLEMS_SHOWN).map(format),
    problemCount: run.problemCount,
    warnings: run.warningGroups.slice(0, PROBLEMS_SHOWN).map(format),
    warningCount: run.warningCount,
    problemsCsv: groups.length ? groupsCsv(groups, locale) : null,
    deletions,
    deletionCount:
      run.counts.users.delete + run.counts.users.kept + run.counts.classes.delete + run.counts.classes.kept,
    deletionsCsv: deletions.length ? removalsCsv(deletions, locale) : null,
    deletionGuard: run.deletionGuard && {
      people: run.deletionGuard.people,
      reason: render(run.deletionGuard.reason, locale),
    },
    skippable: run.skippable,
    skipped: run.skipped,
    newAdmins: run.newAdmins.map((a) => a.name),
    fingerprint: run.fingerprint,
    newUsers: run.createdUserIds.length + run.reactivatedUserIds.length,
    durationMs: Math.round(run.durationMs),
  };
}
