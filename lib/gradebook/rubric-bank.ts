// The rubric bank (issue 44, decision 033 "Rubrics"): a teacher's own rubrics and the school's
// (shared), which admins make and change. An assignment copies the rubric it uses, so nothing here
// ever changes an assignment or a score. Every write checks who may (lib/auth/policy), validates
// the rubric (lib/domain/rubrics) and writes with its audit entry in one transaction.
import "server-only";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { canUseRubric, rubricEditAccess, type Actor } from "@/lib/auth/policy";
import { db, type Db } from "@/lib/db/client";
import { rubrics } from "@/lib/db/schema";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { parseRubric, rubricMaxHundredths } from "@/lib/domain/rubrics";
import { msg } from "@/lib/i18n/message";

/** The most rubrics one person keeps in the bank (shared ones count for the admin who made them). */
export const RUBRICS_PER_OWNER = 200;

export interface BankRubric {
  id: number;
  title: string;
  shared: boolean;
  /** The viewer may change or delete it. */
  editable: boolean;
  body: RubricBody;
  /** The highest total, in hundredths. */
  maxHundredths: number;
}

const NOT_FOUND: Answer = { ok: false, message: msg("rubrics.errors.notFound") };

/** What a teacher may choose from: their own rubrics and the school's, the school's first, by title. */
export async function listBankRubrics(actor: Actor): Promise<BankRubric[]> {
  const rows = await db()
    .select({
      id: rubrics.id,
      title: rubrics.title,
      criteria: rubrics.criteria,
      shared: rubrics.shared,
      ownerId: rubrics.ownerId,
    })
    .from(rubrics)
    .where(or(eq(rubrics.shared, true), eq(rubrics.ownerId, actor.id)))
    .orderBy(sql`${rubrics.shared} desc`, asc(rubrics.title), asc(rubrics.id))
    // Every admin's shared rubrics and one's own: bounded by the per-owner limit times the admins.
    .limit(2_000);
  return rows
    .filter((r) => canUseRubric(actor, r))
    .map((r) => {
      const body = { title: r.title, criteria: r.criteria };
      return {
        id: r.id,
        title: r.title,
        shared: r.shared,
        editable: rubricEditAccess(actor, r).allowed,
        body,
        maxHundredths: rubricMaxHundredths(body),
      };
    });
}

/** A bank rubric the actor may attach to an assignment (own or shared), read in `tx`; null otherwise. */
export async function usableRubric(
  actor: Actor,
  id: number,
  tx: Pick<Db, "select"> = db(),
): Promise<RubricBody | null> {
  const [r] = await tx
    .select({ title: rubrics.title, criteria: rubrics.criteria, shared: rubrics.shared, ownerId: rubrics.ownerId })
    .from(rubrics)
    .where(eq(rubrics.id, id));
  if (!r || !canUseRubric(actor, r)) return null;
  const parsed = parseRubric({ title: r.title, criteria: r.criteria });
  return parsed.ok ? parsed.rubric : null;
}

/** Creates a rubric in the actor's bank; `shared` (the school's) by an admin only. */
export async function createRubric(
  actor: Actor,
  input: { rubric: unknown; shared: boolean },
): Promise<Answer<{ id: number }>> {
  const parsed = parseRubric(input.rubric);
  if (!parsed.ok) return parsed;
  const refused = rubricEditAccess(actor, { ownerId: actor.id, shared: input.shared });
  if (!refused.allowed) return { ok: false, message: msg("rubrics.errors.adminsOnly") };
  return db().transaction(async (tx) => {
    // One owner's creations one at a time, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal:rubrics'), ${actor.id})`);
    const [kept] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rubrics)
      .where(eq(rubrics.ownerId, actor.id));
    if (Number(kept?.n ?? 0) >= RUBRICS_PER_OWNER)
      return { ok: false, message: msg("rubrics.errors.tooMany", { max: RUBRICS_PER_OWNER }) };
    const [row] = await tx
      .insert(rubrics)
      .values({ ownerId: actor.id, shared: input.shared, title: parsed.rubric.title, criteria: parsed.rubric.criteria })
      .returning({ id: rubrics.id });
    await audit(tx, {
      action: "grading.changed",
      actorId: actor.id,
      detail: { rubric: "created", rubricId: row!.id, shared: input.shared },
    });
    return { ok: true, message: msg("rubrics.actions.created"), data: { id: row!.id } };
  });
}

/** Locks a bank rubric's row and answers whether the actor may change it. */
async function lockedForEdit(tx: Pick<Db, "select">, actor: Actor, id: number): Promise<Answer | null> {
  const [r] = await tx
    .select({ ownerId: rubrics.ownerId, shared: rubrics.shared })
    .from(rubrics)
    .where(eq(rubrics.id, id))
    .for("update");
  if (!r || !canUseRubric(actor, r)) return NOT_FOUND;
  const access = rubricEditAccess(actor, r);
  if (access.allowed) return null;
  return {
    ok: false,
    message: msg(access.reason === "admins-only" ? "rubrics.errors.adminsOnly" : "rubrics.errors.notYours"),
  };
}

/** Changes a bank rubric (never an assignment's copy of it). */
export async function updateRubric(actor: Actor, input: { rubricId: number; rubric: unknown }): Promise<Answer> {
  const parsed = parseRubric(input.rubric);
  if (!parsed.ok) return parsed;
  return db().transaction(async (tx): Promise<Answer> => {
    const refused = await lockedForEdit(tx, actor, input.rubricId);
    if (refused) return refused;
    await tx
      .update(rubrics)
      .set({ title: parsed.rubric.title, criteria: parsed.rubric.criteria, updatedAt: new Date() })
      .where(eq(rubrics.id, input.rubricId));
    await audit(tx, {
      action: "grading.changed",
      actorId: actor.id,
      detail: { rubric: "updated", rubricId: input.rubricId },
    });
    return { ok: true, message: msg("rubrics.actions.updated") };
  });
}

/** Deletes a bank rubric; assignments that copied it keep their copy (rubric_id then names nothing). */
export async function deleteRubric(actor: Actor, input: { rubricId: number }): Promise<Answer> {
  return db().transaction(async (tx): Promise<Answer> => {
    const refused = await lockedForEdit(tx, actor, input.rubricId);
    if (refused) return refused;
    await tx.delete(rubrics).where(and(eq(rubrics.id, input.rubricId)));
    await audit(tx, {
      action: "grading.changed",
      actorId: actor.id,
      detail: { rubric: "deleted", rubricId: input.rubricId },
    });
    return { ok: true, message: msg("rubrics.actions.deleted") };
  });
}
