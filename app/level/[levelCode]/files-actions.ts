"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, idSchema, levelCodeField } from "@/lib/actions";
import { filesOfTarget, targetInLevel, type FileView } from "@/lib/files/records";
import { responseFilesOf, type ResponseFiles as Files } from "@/lib/files/responses";
import { translatedAction } from "@/lib/i18n/action-message";

export type ResponseFiles = Files;

/** View Responses (issue 33): each submission's files and the student's score, for grading beside them. */
export const loadResponseFiles = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  async ({ assignmentId }, { level }): Promise<ActionResult<ResponseFiles>> => {
    if (!(await targetInLevel("assignment", assignmentId, level.code)))
      return { ok: false, message: "That assignment is not in this class." };
    return { ok: true, data: await responseFilesOf(assignmentId) };
  },
);

/** An assignment's or announcement's own files (the teacher's handouts): whoever sees the class page, in their language. */
export const loadAttachments = translatedAction(
  classAction(
    z.object({ levelCode: levelCodeField, kind: z.enum(["assignment", "announcement"]), id: idSchema }),
    async ({ kind, id }, { level }): Promise<ActionResult<FileView[]>> => {
      if (!(await targetInLevel(kind, id, level.code)))
        return { ok: false, message: `That ${kind} is not in this class.` };
      return { ok: true, data: await filesOfTarget(kind, id) };
    },
    { access: "view" },
  ),
);
