import "server-only";
import { desc, eq } from "drizzle-orm";
import { users } from "@/lib/db/schema";
import { db, type Db } from "@/lib/db/client";
import { rosterImports } from "@/lib/db/schema";
import type { Message } from "@/lib/i18n/message";
import { storedMessage } from "@/lib/i18n/stored-message";
import type { Counts } from "./plan";
import type { RosterEntity } from "./model";
import type { RosterProblem } from "./problems";

// The history of roster imports (decision 012): one row per run, preview or apply, from the page
// or the command line, for /admin's list and for "sign-in cards for the new users of the last import".

/** Why a run was refused (kept in its summary; older rows have none). */
export interface Refusal {
  /** The files' own problems (rows, headers, the manifest…). */
  problems: number;
  /** The apply's fingerprint no longer matched the preview's. */
  stale: boolean;
  /** The removal guard: how many people it would remove, of how many, and the most allowed unconfirmed. */
  deletions: { people: number; inPortal: number; percent: number; limit: number; admins: number } | null;
}

/**
 * What a run reported, kept with its row as descriptors (decision 029): its first problems and
 * warnings, and a failed sync's reason. Written in its reader's language when read, so a run
 * recorded in English reads in Spanish later without parsing.
 */
export interface ImportReport {
  problems: RosterProblem[];
  warnings: RosterProblem[];
  reason?: Message;
}

/** How many problems and warnings a history row keeps (the counts say how many there were). */
export const REPORTED = 50;

/** A stored report, each message checked before it is written out (lib/i18n/stored-message.ts). */
export function storedReport(value: unknown): ImportReport {
  const r = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const list = (items: unknown): RosterProblem[] =>
    (Array.isArray(items) ? items : []).map((item) => {
      const p = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
      return {
        file: typeof p.file === "string" ? p.file : "",
        line: typeof p.line === "number" ? p.line : 0,
        column: typeof p.column === "string" ? p.column : "",
        message: storedMessage(p.message),
        fix: storedMessage(p.fix),
        ...(p.blocking === true ? { blocking: true } : {}),
      };
    });
  return {
    problems: list(r.problems),
    warnings: list(r.warnings),
    ...(r.reason !== undefined ? { reason: storedMessage(r.reason) } : {}),
  };
}

export interface RosterImportRow {
  id: number;
  at: Date;
  actorId: number | null;
  /** The admin's name; null from the command line (or when that user is gone). */
  actorName: string | null;
  source: "web" | "cli" | "sync";
  fileName: string;
  dryRun: boolean;
  status: "previewed" | "applied" | "refused" | "failed" | "unchanged";
  counts: Partial<Record<RosterEntity, Counts>>;
  problems: number;
  warnings: number;
  newUserIds: number[];
  durationMs: number;
  /** A refused run: why. */
  refusal: Refusal | null;
  /** Its first problems and warnings, and a failed sync's reason, as descriptors. */
  report: ImportReport;
}

export interface RecordInput {
  actorId: number | null;
  source: "web" | "cli" | "sync";
  fileName: string;
  dryRun: boolean;
  status: RosterImportRow["status"];
  summary: Record<string, unknown>;
  report: Partial<ImportReport>;
  problems: number;
  warnings: number;
  newUserIds: number[];
  durationMs: number;
}

export async function recordImport(tx: Pick<Db, "insert">, input: RecordInput): Promise<number> {
  const [row] = await tx
    .insert(rosterImports)
    .values({
      ...input,
      fileName: input.fileName.slice(0, 200),
      durationMs: Math.min(Math.round(input.durationMs), 2_000_000_000),
    })
    .returning({ id: rosterImports.id });
  return row!.id;
}

/** The newest runs first. */
export async function listRosterImports(opts: { limit?: number } = {}): Promise<RosterImportRow[]> {
  const rows = await db()
    .select({ r: rosterImports, actorName: users.name })
    .from(rosterImports)
    .leftJoin(users, eq(users.id, rosterImports.actorId))
    .orderBy(desc(rosterImports.at), desc(rosterImports.id))
    .limit(Math.min(Math.max(opts.limit ?? 20, 1), 200));
  return rows.map(({ r, actorName }) => ({
    id: r.id,
    at: r.at,
    actorId: r.actorId,
    actorName,
    source: r.source as RosterImportRow["source"],
    fileName: r.fileName,
    dryRun: r.dryRun,
    status: r.status as RosterImportRow["status"],
    counts: (r.summary as { counts?: RosterImportRow["counts"] }).counts ?? {},
    problems: r.problems,
    warnings: r.warnings,
    newUserIds: r.newUserIds,
    durationMs: r.durationMs,
    refusal: (r.summary as { refusal?: Refusal }).refusal ?? null,
    report: storedReport(r.report),
  }));
}

/** The users the last applied import created or re-activated (everyone it gave a new access code). */
export async function newUsersOfLastImport(): Promise<{ importId: number; at: Date; userIds: number[] } | null> {
  const [row] = await db()
    .select({ id: rosterImports.id, at: rosterImports.at, newUserIds: rosterImports.newUserIds })
    .from(rosterImports)
    .where(eq(rosterImports.status, "applied"))
    .orderBy(desc(rosterImports.id))
    .limit(1);
  return row ? { importId: row.id, at: row.at, userIds: row.newUserIds } : null;
}
