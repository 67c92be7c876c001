"use server";

import { z } from "zod";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { markdownField, titleField as title } from "@/lib/class-fields";
import * as announcements from "@/lib/class-work/announcements";
import { zmsg } from "@/lib/i18n/message";

// Announcements of the class dashboard (spec §2 Updates): the class's own instructor or an admin.

const content = markdownField("Content");
const refresh = { revalidate: refreshClass };

export const createAnnouncement = classFormAction(
  z.object({ levelCode: levelCodeField, title, content }),
  (v, { user, level }) => announcements.createAnnouncement(user, level, v),
  refresh,
);

/** Inline edit and Edit Full: either field or both, trimmed; empty values are refused. */
export const editAnnouncement = classAction(
  z
    .object({ levelCode: levelCodeField, updateId: idSchema, title: title.optional(), content: content.optional() })
    .refine((v) => v.title !== undefined || v.content !== undefined, zmsg("teacherActions.nothingToChange")),
  (v, { level }) => announcements.editAnnouncement(level, v.updateId, { title: v.title, content: v.content }),
  refresh,
);

export const deleteAnnouncement = classAction(
  z.object({ levelCode: levelCodeField, updateId: idSchema }),
  (v, { level }) => announcements.deleteAnnouncement(level, v.updateId),
  refresh,
);
