"use server";

import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { translatedAction } from "@/lib/i18n/action-message";
import { responses, updates } from "@/lib/db/schema";

// Students' responses to announcements, moderated by the class's teacher (or an admin): a
// response that floods or abuses the class can be removed. Each removal is audited with who
// wrote it and when, so a deletion can be accounted for.

/** Delete one response to an announcement of this class, answering in the reader's language. */
export const deleteResponse = translatedAction((...args: Parameters<typeof deleteResponseInEnglish>) =>
  deleteResponseInEnglish(...args),
);

const deleteResponseInEnglish = classAction(
  z.object({ levelCode: levelCodeField, responseId: idSchema }),
  async ({ responseId }, { user, level }): Promise<ActionResult> => {
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
        actorId: user.id,
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
    if (!deleted) return { ok: false, message: "That response is not in this class." };
    return { ok: true, message: "Response deleted" };
  },
  { revalidate: refreshClass },
);
