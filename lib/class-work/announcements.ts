// Announcements of the class dashboard (spec §2 Updates). Posting one tells the class's students
// and families after it settles (lib/notify/announcements), up to ANNOUNCEMENT_NOTICES_PER_HOUR a
// poster: past that it is posted and tells nobody.
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db } from "@/lib/db/client";
import { updates } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { ANNOUNCEMENT_NOTICES_PER_HOUR, noticeAnnouncement } from "@/lib/notify/announcements";
import { hitRateLimit } from "@/lib/rate-limit";

const NOT_HERE: Answer = { ok: false, message: msg("classPage.actions.announcementNotHere") };

export async function createAnnouncement(
  actor: Actor,
  level: LevelFacts,
  v: { title: string; content: string },
): Promise<Answer> {
  const notify = (await hitRateLimit(`announcement-notice:${actor.id}`, ANNOUNCEMENT_NOTICES_PER_HOUR, 3_600_000))
    .allowed;
  await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(updates)
      .values({ levelCode: level.code, teacherId: actor.id, title: v.title, content: v.content })
      .returning({ id: updates.id });
    if (notify) await noticeAnnouncement(tx, { updateId: row!.id, actorId: actor.id });
  });
  return { ok: true, message: msg("teacherActions.announcementPosted") };
}

/** Inline edit and Edit Full: either field or both. */
export async function editAnnouncement(
  level: LevelFacts,
  updateId: number,
  set: { title?: string; content?: string },
): Promise<Answer> {
  const done = await db()
    .update(updates)
    .set(Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)))
    .where(and(eq(updates.id, updateId), eq(updates.levelCode, level.code)))
    .returning({ id: updates.id });
  return done.length ? { ok: true, message: msg("teacherActions.announcementUpdated") } : NOT_HERE;
}

export async function deleteAnnouncement(level: LevelFacts, updateId: number): Promise<Answer> {
  const deleted = await db()
    .delete(updates)
    .where(and(eq(updates.id, updateId), eq(updates.levelCode, level.code)))
    .returning({ id: updates.id });
  return deleted.length ? { ok: true, message: msg("teacherActions.announcementDeleted") } : NOT_HERE;
}
