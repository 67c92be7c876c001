// Responses to a class's announcements (spec §2, §5): a student adds their own, rate-limited; the
// class's teacher (or an admin) may remove one that floods or abuses the class, audited with who
// wrote it and when in the same transaction, so a deletion can always be accounted for.
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db } from "@/lib/db/client";
import { responses, updates } from "@/lib/db/schema";
import { RESPONSE_RATE_LIMIT, RESPONSE_RATE_WINDOW_MS } from "@/lib/domain/constants";
import { msg, type Message } from "@/lib/i18n/message";
import { updateInLevel } from "@/lib/queries/class-page";
import { hitRateLimit } from "@/lib/rate-limit";

function responseRateMessage(retryAfterSeconds: number): Message {
  return msg("classPage.actions.tooManyResponses", {
    limit: RESPONSE_RATE_LIMIT,
    every: RESPONSE_RATE_WINDOW_MS / 60_000,
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  });
}

/** Add Response to an announcement of the student's class. */
export async function addResponse(
  student: Actor,
  level: LevelFacts,
  input: { updateId: number; title: string; content: string },
): Promise<Answer> {
  if (!(await updateInLevel(input.updateId, level.code)))
    return { ok: false, message: msg("classPage.actions.announcementNotHere") };
  // Counted once the post is valid, so only posts that would be written use up the allowance.
  const rate = await hitRateLimit(`response:${student.id}`, RESPONSE_RATE_LIMIT, RESPONSE_RATE_WINDOW_MS);
  if (!rate.allowed) return { ok: false, message: responseRateMessage(rate.retryAfterSeconds) };
  await db()
    .insert(responses)
    .values({ updateId: input.updateId, studentId: student.id, title: input.title, content: input.content });
  return { ok: true, message: msg("classPage.actions.responseAdded") };
}

/** Delete one response to an announcement of this class. */
export async function deleteResponse(actor: Actor, level: LevelFacts, responseId: number): Promise<Answer> {
  const deleted = await db().transaction(async (tx) => {
    // The response must answer an announcement of this class: the id alone is not trusted.
    const [row] = await tx
      .delete(responses)
      .where(
        and(
          eq(responses.id, responseId),
          inArray(
            responses.updateId,
            tx.select({ id: updates.id }).from(updates).where(eq(updates.levelCode, level.code)),
          ),
        ),
      )
      .returning({
        updateId: responses.updateId,
        studentId: responses.studentId,
        title: responses.title,
        content: responses.content,
        createdAt: responses.createdAt,
      });
    if (!row) return false;
    await audit(tx, {
      action: "response.deleted",
      actorId: actor.id,
      levelCode: level.code,
      detail: {
        responseId,
        updateId: row.updateId,
        studentId: row.studentId,
        title: row.title,
        length: row.content.length,
        postedAt: row.createdAt.toISOString(),
      },
    });
    return true;
  });
  if (!deleted) return { ok: false, message: msg("classPage.actions.responseNotHere") };
  return { ok: true, message: msg("classPage.actions.responseDeleted") };
}
