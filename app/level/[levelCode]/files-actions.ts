"use server";

import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { classAction, idSchema, levelCodeField } from "@/lib/actions";
import { env } from "@/lib/env";
import { filesOfLastSubmission, filesOfTarget, targetInLevel, type FileView } from "@/lib/files/records";
import { responseFilesOf, type ResponseFiles as Files } from "@/lib/files/responses";
import { msg } from "@/lib/i18n/message";

export type ResponseFiles = Files;

/** View Responses (issue 33): each submission's files and the student's score, for grading beside them. */
export const loadResponseFiles = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  async ({ assignmentId }, { level }): Promise<Answer<ResponseFiles>> => {
    if (!(await targetInLevel("assignment", assignmentId, level.code)))
      return { ok: false, message: msg("classPage.actions.assignmentNotHere") };
    return { ok: true, data: await responseFilesOf(assignmentId) };
  },
  { reads: true },
);

/** An assignment's or announcement's own files (the teacher's handouts): whoever sees the class page, in their language. */
export const loadAttachments = classAction(
  z.object({ levelCode: levelCodeField, kind: z.enum(["assignment", "announcement"]), id: idSchema }),
  async ({ kind, id }, { level }): Promise<Answer<FileView[]>> => {
    if (!(await targetInLevel(kind, id, level.code)))
      return {
        ok: false,
        message: msg(
          kind === "assignment" ? "classPage.actions.assignmentNotHere" : "classPage.actions.announcementNotHere",
        ),
      };
    return { ok: true, data: await filesOfTarget(kind, id) };
  },
  { access: "view", reads: true },
);

export interface HandInFiles {
  /** The teacher's handouts on the assignment. */
  handouts: FileView[];
  /** What the student's last submission handed in: each one kept unless they remove it. */
  previous: FileView[];
  /** The size limit (FILES_MAX_MB), checked in the browser before a file is sent. */
  maxMb: number;
}

/** The hand-in dialog as it opens (issue 39), for the signed-in student, in their language. */
export const loadHandIn = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  async ({ assignmentId }, { user, level }): Promise<Answer<HandInFiles>> => {
    if (!(await targetInLevel("assignment", assignmentId, level.code)))
      return { ok: false, message: msg("classPage.actions.assignmentNotHere") };
    const [handouts, previous] = await Promise.all([
      filesOfTarget("assignment", assignmentId),
      filesOfLastSubmission(user.id, assignmentId),
    ]);
    return { ok: true, data: { handouts, previous, maxMb: env().FILES_MAX_MB } };
  },
  { access: "student" },
);
