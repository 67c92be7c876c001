"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField } from "@/lib/actions";
import { addResponse as addOwnResponse } from "@/lib/class-work/responses";
import * as submissions from "@/lib/class-work/submissions";
import { CONTENT_MAX_LENGTH, TITLE_MAX_LENGTH } from "@/lib/domain/constants";
import { tooDeeplyNestedMessage, withinNestingLimit } from "@/lib/domain/markdown-depth";
import { MSG } from "@/lib/domain/messages";
import { isCompleteSubmission } from "@/lib/domain/response-length";
import { MAX_FILES_PER_RECORD } from "@/lib/files/records";
import { inReaderLanguage, translatedAction } from "@/lib/i18n/action-message";

// A student's own writes and reads on the class page (spec §5): access "student" — a student
// enrolled in the class, and the studentId the form names must be their own (lib/actions). Each
// answers in the reader's language (translatedAction: the English below is found in the catalog).

export type HistoryEntry = submissions.HistoryEntry;

const studentId = z
  .string({ message: MSG.studentIdRequired })
  .trim()
  .min(1, MSG.studentIdRequired)
  .transform(Number)
  .pipe(z.number().int("Invalid id").positive("Invalid id").max(2_147_483_647, "Invalid id"));

/** The class page, where the student's post or submission shows. */
const classPage = { revalidate: (code: string) => revalidatePath(`/level/${encodeURIComponent(code)}`) };

/** Add Response to an announcement (spec §2, §5). */
export const addResponse = translatedAction(
  classFormAction(
    z.object({
      levelCode: levelCodeField,
      updateId: idSchema,
      studentId,
      title: z
        .string()
        .trim()
        .min(1, "Title is required")
        .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`),
      content: z
        .string()
        .trim()
        .min(1, "Your Response is required")
        .max(CONTENT_MAX_LENGTH, `Response must be at most ${CONTENT_MAX_LENGTH} characters`)
        .refine(withinNestingLimit, tooDeeplyNestedMessage("Response")),
    }),
    (v, { user, level }) => addOwnResponse(user, level, v),
    { access: "student", ...classPage },
  ),
);

/**
 * Submit or resubmit an assignment: always a new row, history is never overwritten. It needs the
 * spec's 10 characters or at least one file (issue 39, decision 023).
 */
export const submitAssignment = translatedAction(
  classFormAction(
    z
      .object({
        levelCode: levelCodeField,
        assignmentId: idSchema,
        studentId,
        content: z.string().trim().max(CONTENT_MAX_LENGTH, `Response must be at most ${CONTENT_MAX_LENGTH} characters`),
        // "12,13": the student's staged uploads and the files kept from their last submission.
        fileIds: z
          .string()
          .trim()
          .max(200)
          .regex(/^(\d{1,10}(,\d{1,10})*)?$/, "Invalid attachments")
          .default("")
          .transform((v) => (v ? [...new Set(v.split(",").map(Number))] : []))
          .pipe(
            z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_FILES_PER_RECORD, "Too many attachments"),
          ),
      })
      // What the dialog counts (lib/domain/response-length.ts), on the text box.
      .refine((v) => isCompleteSubmission(v.content, v.fileIds.length), {
        message: MSG.responseTooShort,
        path: ["content"],
      }),
    (v, { user, level }) => submissions.submitAssignment(user, level, v),
    { access: "student", failureMessage: MSG.submitFailed, ...classPage },
  ),
);

const history = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  (v, { user, level }) => submissions.submissionHistory(user, level, v.assignmentId),
  { access: "student", failureMessage: MSG.submissionsLoadFailed },
);

/** The signed-in student's own submissions for one assignment, newest first, numbered. */
export async function loadSubmissionHistory(
  levelCode: string,
  assignmentId: number,
): Promise<ActionResult<HistoryEntry[]>> {
  return inReaderLanguage(history({ levelCode, assignmentId }));
}
