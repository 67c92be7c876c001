"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField } from "@/lib/actions";
import { addResponse as addOwnResponse } from "@/lib/class-work/responses";
import * as submissions from "@/lib/class-work/submissions";
import { CONTENT_MAX_LENGTH, MARKDOWN_MAX_DEPTH, MIN_RESPONSE_LENGTH, TITLE_MAX_LENGTH } from "@/lib/domain/constants";
import { withinNestingLimit } from "@/lib/domain/markdown-depth";
import { isCompleteSubmission } from "@/lib/domain/response-length";
import { MAX_FILES_PER_RECORD } from "@/lib/files/records";
import { msg, zmsg } from "@/lib/i18n/message";

// A student's own writes and reads on the class page (spec §5): access "student" — a student
// enrolled in the class, and the studentId the form names must be their own (lib/actions). Every
// answer is a descriptor of classPage.actions (or a guard's of states), written in the reader's
// language as it leaves the action (guarded, lib/actions.ts).

export type HistoryEntry = submissions.HistoryEntry;

const invalidId = zmsg("classPage.actions.invalidId");
const studentId = z
  .string({ message: zmsg("classPage.actions.studentIdRequired") })
  .trim()
  .min(1, zmsg("classPage.actions.studentIdRequired"))
  .transform(Number)
  .pipe(z.number({ message: invalidId }).int(invalidId).positive(invalidId).max(2_147_483_647, invalidId));

/** The class page, where the student's post or submission shows. */
const classPage = { revalidate: (code: string) => revalidatePath(`/level/${encodeURIComponent(code)}`) };

const responseTooLong = zmsg("classPage.actions.responseTooLong", { max: CONTENT_MAX_LENGTH });

/** Add Response to an announcement (spec §2, §5). */
export const addResponse = classFormAction(
  z.object({
    levelCode: levelCodeField,
    updateId: idSchema,
    studentId,
    title: z
      .string({ message: zmsg("classPage.actions.titleRequired") })
      .trim()
      .min(1, zmsg("classPage.actions.titleRequired"))
      .max(TITLE_MAX_LENGTH, zmsg("classPage.actions.titleTooLong", { max: TITLE_MAX_LENGTH })),
    content: z
      .string({ message: zmsg("classPage.actions.responseRequired") })
      .trim()
      .min(1, zmsg("classPage.actions.responseRequired"))
      .max(CONTENT_MAX_LENGTH, responseTooLong)
      .refine(withinNestingLimit, zmsg("classPage.actions.responseNested", { max: MARKDOWN_MAX_DEPTH })),
  }),
  (v, { user, level }) => addOwnResponse(user, level, v),
  { access: "student", ...classPage },
);

const invalidAttachments = zmsg("classPage.actions.invalidAttachments");

/**
 * Submit or resubmit an assignment: always a new row, history is never overwritten. It needs the
 * spec's 10 characters or at least one file (issue 39, decision 023).
 */
export const submitAssignment = classFormAction(
  z
    .object({
      levelCode: levelCodeField,
      assignmentId: idSchema,
      studentId,
      content: z.string({ message: responseTooLong }).trim().max(CONTENT_MAX_LENGTH, responseTooLong),
      // "12,13": the student's staged uploads and the files kept from their last submission.
      fileIds: z
        .string({ message: invalidAttachments })
        .trim()
        .max(200, invalidAttachments)
        .regex(/^(\d{1,10}(,\d{1,10})*)?$/, invalidAttachments)
        .default("")
        .transform((v) => (v ? [...new Set(v.split(",").map(Number))] : []))
        .pipe(
          z
            .array(
              z.number().int(invalidAttachments).positive(invalidAttachments).max(2_147_483_647, invalidAttachments),
            )
            .max(MAX_FILES_PER_RECORD, zmsg("classPage.actions.tooManyAttachments")),
        ),
    })
    // What the dialog counts (lib/domain/response-length.ts), on the text box.
    .refine((v) => isCompleteSubmission(v.content, v.fileIds.length), {
      message: zmsg("classPage.actions.responseTooShort", { min: MIN_RESPONSE_LENGTH }),
      path: ["content"],
    }),
  (v, { user, level }) => submissions.submitAssignment(user, level, v),
  { access: "student", failureMessage: msg("classPage.actions.submitFailed"), ...classPage },
);

const history = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  (v, { user, level }) => submissions.submissionHistory(user, level, v.assignmentId),
  // A read: a concluded class (issue 41) still shows a student what they handed in.
  { access: "student", failureMessage: msg("classPage.actions.submissionsLoadFailed"), reads: true },
);

/** The signed-in student's own submissions for one assignment, newest first, numbered. */
export async function loadSubmissionHistory(
  levelCode: string,
  assignmentId: number,
): Promise<ActionResult<HistoryEntry[]>> {
  return history({ levelCode, assignmentId });
}
