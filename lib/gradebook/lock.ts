// The published-term lock (issues 19 and 27), in one place. A published term's report card is
// stored (term-records.ts) and every write that feeds it is refused while it is published:
// scores, E/M/L marks, overrides, comments, creating, deleting or re-dating an assignment into or
// out of it, attendance on its days, and an admin's change to its dates. The decision itself is
// lib/auth/policy's gradeChangeAccess; this module loads its facts and holds the lock.
//
// Publishing and writing are ordered by one advisory lock: every grade-affecting write holds it
// shared for its transaction, publishing holds it exclusively while it stores the cards. So a
// write either commits before the cards are computed (and is in them) or starts after the term is
// published (and is refused): none lands in between.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { AccessDenied } from "@/lib/auth/guards";
import { gradeChangeAccess, type Actor, type LevelFacts } from "@/lib/auth/policy";
import { queryRows, type Db } from "@/lib/db/client";
import { msg } from "@/lib/i18n/message";
import { concludedMessage, concludedYearOf } from "@/lib/years/conclusion";

/** A transaction (or the database): reads through queryRows, writes and audit entries. */
export type Runner = Pick<Db, "execute" | "insert">;

const LOCK = sql`hashtext('portal:grade-writes')`;

/** Publishing (and unlocking) waits for the writes in flight and keeps new ones out until it commits. */
export async function holdAllGradeWrites(tx: Runner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
}

/** Holds the lock shared: every grade-affecting write (gradeWriteRefusal does), and an admin's term edits. */
export async function holdGradeWrites(tx: Pick<Runner, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK})`);
}

/** What a write touches: an assignment (the term it counts in), calendar days, or a term. */
export interface Touched {
  assignmentId?: number;
  /** YYYY-MM-DD in the school's calendar: attendance days, or an assignment's old or new day. */
  days?: readonly string[];
  termId?: number;
}

/** The published term a write touches, by title, or null: one read whatever it touches. */
async function publishedTermTouched(t: Touched, timeZone: string, on: Runner): Promise<string | null> {
  const days = t.days?.length ? `{${t.days.join(",")}}` : null;
  const [row] = await queryRows<{ title: string }>(
    sql`select t.title from term_publications p join school_terms t on t.id = p.term_id
        where ${t.termId === undefined ? sql`false` : sql`t.id = ${t.termId}`}
           or ${days === null ? sql`false` : sql`exists (select 1 from unnest(${days}::date[]) d where d between t.start_date and t.end_date)`}
           or ${
             t.assignmentId === undefined
               ? sql`false`
               : sql`exists (select 1 from assignments a where a.id = ${t.assignmentId}
                       and (coalesce(a.due_date, a.created_at) at time zone ${timeZone})::date between t.start_date and t.end_date)`
           }
        order by t.start_date limit 1`,
    on,
  );
  return row?.title ?? null;
}

/**
 * The one question before every grade-affecting write (lib/auth/policy gradeChangeAccess), asked
 * inside the write's transaction after taking the grade-write lock shared: null when the write
 * may go ahead, else the refusal to return (a published term's lock message).
 */
export async function gradeWriteRefusal(
  tx: Runner,
  actor: Actor,
  level: LevelFacts,
  touched: Touched,
  timeZone: string,
): Promise<Answer | null> {
  await holdGradeWrites(tx);
  const decision = gradeChangeAccess(actor, level, {
    publishedTerm: await publishedTermTouched(touched, timeZone, tx),
    // Read inside the write's transaction, after the lock: a year closed a moment ago is seen.
    concludedYear: await concludedYearOf(level.code, tx),
  });
  if (decision.allowed) return null;
  if (decision.reason === "concluded") return { ok: false, message: concludedMessage(decision.year) };
  if (decision.reason === "published")
    return { ok: false, message: msg("gradesServer.actions.locked", { term: decision.term }) };
  // The caller's page check (requireClassAccess "teach") already refused these; kept for direct callers.
  throw new AccessDenied(
    "forbidden",
    decision.reason === "not-teacher" ? msg("states.onlyTeachers") : msg("states.notAuthorizedLevel"),
  );
}
