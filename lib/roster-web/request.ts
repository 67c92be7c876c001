import "server-only";
import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import {
  formatProblem,
  problemsCsv,
  rosterUploadFromFiles,
  type RosterRun,
  type RosterUpload,
} from "@/lib/roster/import";
import { MAX_UPLOAD_BYTES } from "@/lib/roster/limits";

// The admin page's roster import requests (/admin/roster/preview and /apply): who may send them,
// how the upload is read, and what the page gets back. The engine itself is lib/roster.

export type RosterRequest =
  | {
      ok: true;
      admin: SessionUser;
      upload: RosterUpload;
      format: "auto" | "oneroster" | "spreadsheet";
      fingerprint?: string;
    }
  | { ok: false; response: Response };

const fail = (status: number, message: string) => ({
  ok: false as const,
  response: Response.json({ ok: false, message }, { status, headers: { "cache-control": "no-store" } }),
});

const fields = z.object({
  format: z.enum(["auto", "oneroster", "spreadsheet"]).default("auto"),
  fingerprint: z.string().max(100).optional(),
});

/** Admin, same origin, at most the upload limit (plus the form's own bytes), at least one file. */
export async function readRosterRequest(request: Request): Promise<RosterRequest> {
  if (!sameOrigin(request)) return fail(403, "Forbidden");
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return fail(
      decision.reason === "no-session" ? 401 : 403,
      decision.reason === "no-session"
        ? "Please log in to access this page"
        : "Access Denied. Only administrators can access this page.",
    );
  let form: FormData | null;
  try {
    form = await readForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
  } catch (err) {
    if (err instanceof BodyTooLarge)
      return fail(
        413,
        `The upload is larger than ${MAX_UPLOAD_BYTES / 2 ** 20} MB. Split it, or run npm run roster:import on the server.`,
      );
    throw err;
  }
  if (!form) return fail(400, "Choose the files to import.");
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length === 0)
    return fail(400, "Choose the files to import: a OneRoster .zip, its CSV files, or the filled-in templates.");
  if (files.length > 50) return fail(400, "Choose at most 50 files (or one .zip).");
  const parsed = fields.safeParse({
    format: form.get("format") ?? undefined,
    fingerprint: form.get("fingerprint") ?? undefined,
  });
  if (!parsed.success) return fail(400, "Choose a format.");
  return {
    ok: true,
    admin: user!,
    upload: await rosterUploadFromFiles(files),
    format: parsed.data.format,
    fingerprint: parsed.data.fingerprint,
  };
}

/** How many problems the page lists; the rest are in the downloadable list. */
export const PROBLEMS_SHOWN = 200;

export interface RosterRunView {
  ok: boolean;
  applied: boolean;
  importId: number;
  format: string;
  counts: RosterRun["counts"];
  changes: number;
  problems: string[];
  problemCount: number;
  warnings: string[];
  warningCount: number;
  /** Every problem and warning kept, as a CSV file, when there are any. */
  problemsCsv: string | null;
  deletions: { name: string; kept: boolean }[];
  fingerprint: string;
  newUsers: number;
  durationMs: number;
}

export function runView(run: RosterRun): RosterRunView {
  const any = run.problems.length + run.warnings.length > 0;
  return {
    ok: run.ok,
    applied: run.applied,
    importId: run.importId,
    format: run.format,
    counts: run.counts,
    changes: run.changes,
    problems: run.problems.slice(0, PROBLEMS_SHOWN).map(formatProblem),
    problemCount: run.problemCount,
    warnings: run.warnings.slice(0, PROBLEMS_SHOWN).map(formatProblem),
    warningCount: run.warningCount,
    problemsCsv: any
      ? problemsCsv(run.problems, "problem") + problemsCsv(run.warnings, "warning").replace(/^\uFEFF[^\n]*\n/, "")
      : null,
    deletions: run.deletions.slice(0, 50).map((d) => ({ name: d.name, kept: d.kept })),
    fingerprint: run.fingerprint,
    newUsers: run.createdUserIds.length + run.reactivatedUserIds.length,
    durationMs: Math.round(run.durationMs),
  };
}
