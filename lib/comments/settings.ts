import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { writeSetting } from "@/lib/school-settings";
import { db, jsonColumn, queryRows, type Db } from "@/lib/db/client";

// Whether linked guardians read their child's private comments (issue 44, decision 033): a school
// setting, saved by an admin on /admin → Parents, in the settings table like the roster sync policy.
// Until an admin says so, they do not: the thread is between the student and the class's staff.

const KEY = "comments.guardians_read";

export const commentSettingsSchema = z.object({ guardiansReadPrivateComments: z.boolean() });
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = { guardiansReadPrivateComments: false };

export async function loadCommentSettings(runner?: Pick<Db, "execute">): Promise<CommentSettings> {
  const [row] = await queryRows<{ value: unknown }>(sql`select value from settings where key = ${KEY}`, runner);
  const parsed = commentSettingsSchema.safeParse(row ? jsonColumn(row.value) : null);
  return parsed.success ? parsed.data : DEFAULT_COMMENT_SETTINGS;
}

export async function saveCommentSettings(settings: CommentSettings, actorId: number): Promise<void> {
  await db().transaction(async (tx) => {
    await writeSetting(tx, KEY, settings, actorId);
    await audit(tx, { action: "comments.settings_saved", actorId, detail: settings });
  });
}
