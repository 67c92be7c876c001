"use server";

import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { db } from "@/lib/db/client";
import { updates } from "@/lib/db/schema";
import { markdownField, titleField as title } from "@/lib/class-fields";
import { ANNOUNCEMENT_NOTICES_PER_HOUR, noticeAnnouncement } from "@/lib/notify/announcements";
import { hitRateLimit } from "@/lib/rate-limit";

// Announcements of the class dashboard (spec §2 Updates): the class's own instructor or an admin.

const content = markdownField("Content");
const NOT_HERE = { ok: false, message: "That announcement is not in this class." } as const;
const refresh = { revalidate: refreshClass };

export const createAnnouncement = classFormAction(
  z.object({ levelCode: levelCodeField, title, content }),
  async (v, { user, level }) => {
    // The class's students and families hear of it after it settles (lib/notify/announcements.ts),
    // up to ANNOUNCEMENT_NOTICES_PER_HOUR a poster: past that it is posted and tells nobody.
    const notify = (await hitRateLimit(`announcement-notice:${user.id}`, ANNOUNCEMENT_NOTICES_PER_HOUR, 3_600_000))
      .allowed;
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(updates)
        .values({ levelCode: level.code, teacherId: user.id, title: v.title, content: v.content })
        .returning({ id: updates.id });
      if (notify) await noticeAnnouncement(tx, { updateId: row!.id, actorId: user.id });
    });
    return { ok: true, message: "Announcement posted" };
  },
  refresh,
);

/** Inline edit and Edit Full: either field or both, trimmed; empty values are refused. */
export const editAnnouncement = classAction(
  z
    .object({ levelCode: levelCodeField, updateId: idSchema, title: title.optional(), content: content.optional() })
    .refine((v) => v.title !== undefined || v.content !== undefined, "Nothing to change"),
  async (v, { level }) => {
    const set: { title?: string; content?: string } = {};
    if (v.title !== undefined) set.title = v.title;
    if (v.content !== undefined) set.content = v.content;
    const done = await db()
      .update(updates)
      .set(set)
      .where(and(eq(updates.id, v.updateId), eq(updates.levelCode, level.code)))
      .returning({ id: updates.id });
    return done.length ? { ok: true, message: "Announcement updated" } : NOT_HERE;
  },
  refresh,
);

export const deleteAnnouncement = classAction(
  z.object({ levelCode: levelCodeField, updateId: idSchema }),
  async (v, { level }) => {
    const deleted = await db()
      .delete(updates)
      .where(and(eq(updates.id, v.updateId), eq(updates.levelCode, level.code)))
      .returning({ id: updates.id });
    return deleted.length ? { ok: true, message: "Announcement deleted" } : NOT_HERE;
  },
  refresh,
);
