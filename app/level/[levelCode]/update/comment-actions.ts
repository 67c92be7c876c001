"use server";

import { z } from "zod";
import { classAction, idSchema, levelCodeField } from "@/lib/actions";
import * as comments from "@/lib/class-work/comments";
import { COMMENT_MAX_LENGTH, MARKDOWN_MAX_DEPTH } from "@/lib/domain/constants";
import { MAX_FILES_PER_RECORD } from "@/lib/files/records";
import { withinNestingLimit } from "@/lib/domain/markdown-depth";
import { zmsg } from "@/lib/i18n/message";

// Private comments on one student's work (issue 44, decision 033). Access "view" lets in the class
// page's readers (enrolled students, staff); lib/class-work/comments then asks the policy
// (canWritePrivateComments, canReadPrivateComments): the student on their own thread only, the
// class's own teacher and admins on any of its students'. Another student, another class's
// teacher: the thread "is not found". A concluded class refuses posting and hiding (classAction).
// No revalidation: the thread shows the answer's comment, then router.refresh() reads the page again.

const body = z
  .string({ message: zmsg("privateComments.actions.bodyRequired") })
  .trim()
  .min(1, zmsg("privateComments.actions.bodyRequired"))
  .max(COMMENT_MAX_LENGTH, zmsg("privateComments.actions.bodyTooLong", { max: COMMENT_MAX_LENGTH }))
  .refine(withinNestingLimit, zmsg("privateComments.actions.bodyNested", { max: MARKDOWN_MAX_DEPTH }));

/** Post a comment in the thread of one student's work on one assignment, with the files uploaded in its box (draft). */
export const postComment = classAction(
  z.object({
    levelCode: levelCodeField,
    assignmentId: idSchema,
    studentId: idSchema,
    body,
    fileIds: z
      .array(idSchema)
      .max(MAX_FILES_PER_RECORD, zmsg("uploads.tooManyFiles", { max: MAX_FILES_PER_RECORD }))
      .optional(),
    draft: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  }),
  (v, { user, level }) => comments.postComment(user, level, v),
  { access: "view" },
);

/** Hide one comment (moderation): the class's teacher or an admin; audited. */
export const hideComment = classAction(
  z.object({ levelCode: levelCodeField, commentId: idSchema }),
  (v, { user, level }) => comments.hideComment(user, level, v.commentId),
);

/** One student's thread on one assignment, for the teacher's View Responses (a read: a concluded class answers too). */
export const loadCommentThread = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema, studentId: idSchema }),
  async (v, { user, level }) => {
    const answer = await comments.readThread(user, level, v);
    if (!answer.ok || !answer.data || level.concludedYear === null) return answer;
    return { ...answer, data: { ...answer.data, canPost: false, canHide: false } };
  },
  { access: "view", reads: true },
);
