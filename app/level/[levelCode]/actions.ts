"use server";

import { TransactionRollbackError } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { AccessDenied, requireClassAccess, requireUser } from "@/lib/auth/guards";
import { canActAsStudent } from "@/lib/auth/policy";
import { db } from "@/lib/db/client";
import { assignmentSubmissions, responses } from "@/lib/db/schema";
import {
  CONTENT_MAX_LENGTH,
  RESPONSE_RATE_LIMIT,
  RESPONSE_RATE_WINDOW_MS,
  TITLE_MAX_LENGTH,
} from "@/lib/domain/constants";
import { formatDateTime } from "@/lib/domain/format";
import { tooDeeplyNestedMessage, withinNestingLimit } from "@/lib/domain/markdown-depth";
import { MSG } from "@/lib/domain/messages";
import { isLongEnoughResponse } from "@/lib/domain/response-length";
import { schoolTimeZone } from "@/lib/env";
import { attachStaged, filesOfSubmissions, MAX_FILES_PER_RECORD, type FileView } from "@/lib/files/records";
import { listOwnSubmissions, updateInLevel } from "@/lib/queries/class-page";
import { inReaderLanguage } from "@/lib/i18n/action-message";
import { hitRateLimit } from "@/lib/rate-limit";
import { getAssignmentInLevel } from "@/lib/queries/teacher";

const levelCode = z.string().trim().min(1).max(100);
const studentId = z
  .string({ message: MSG.studentIdRequired })
  .trim()
  .min(1, MSG.studentIdRequired)
  .transform(Number)
  .pipe(z.number().int("Invalid id").positive("Invalid id").max(2_147_483_647, "Invalid id"));

/** The student a write is for must be the signed-in student, enrolled in the class. */
async function requireStudentSelf(code: string, claimedStudentId: number) {
  const user = await requireUser();
  if (user.role !== "student") throw new AccessDenied("forbidden", MSG.studentIdRequired);
  if (!canActAsStudent(user, claimedStudentId))
    throw new AccessDenied("forbidden", "You can only do this for yourself.");
  const access = await requireClassAccess(code, "view");
  return access.user;
}

const responseInput = z.object({
  levelCode,
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
});

/** Add Response to an announcement (spec §2, §5). */
export async function addResponse(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return inReaderLanguage(addResponseInEnglish(formData));
}

async function addResponseInEnglish(formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    await requireUser();
    const parsed = responseInput.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    const user = await requireStudentSelf(input.levelCode, input.studentId);
    if (!(await updateInLevel(input.updateId, input.levelCode)))
      return { ok: false, message: "That announcement is not in this class." };
    // Counted once the post is valid, so only posts that would be written use up the allowance.
    const rate = await hitRateLimit(`response:${user.id}`, RESPONSE_RATE_LIMIT, RESPONSE_RATE_WINDOW_MS);
    if (!rate.allowed) return { ok: false, message: responseRateMessage(rate.retryAfterSeconds) };
    await db()
      .insert(responses)
      .values({ updateId: input.updateId, studentId: user.id, title: input.title, content: input.content });
    revalidatePath(`/level/${encodeURIComponent(input.levelCode)}`);
    return { ok: true, message: "Response added" };
  });
}

function responseRateMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const every = RESPONSE_RATE_WINDOW_MS / 60_000;
  return `Too many responses: at most ${RESPONSE_RATE_LIMIT} every ${every} minutes. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

const submissionInput = z.object({
  levelCode,
  assignmentId: idSchema,
  studentId,
  content: z
    .string()
    .trim()
    .refine(isLongEnoughResponse, MSG.responseTooShort) // what the dialog counts (lib/domain/response-length.ts)
    .max(CONTENT_MAX_LENGTH, `Response must be at most ${CONTENT_MAX_LENGTH} characters`),
  // The student's staged attachments (issue 33), "12,13": handed in with this submission only.
  fileIds: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, "Invalid attachments")
    .default("")
    .transform((v) => (v ? [...new Set(v.split(",").map(Number))] : []))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_FILES_PER_RECORD, "Too many attachments")),
});

/** Submit or resubmit an assignment: always a new row, history is never overwritten. */
export async function submitAssignment(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return inReaderLanguage(submitAssignmentInEnglish(formData));
}

async function submitAssignmentInEnglish(formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    await requireUser();
    const parsed = submissionInput.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    const user = await requireStudentSelf(input.levelCode, input.studentId);
    if (!(await getAssignmentInLevel(input.assignmentId, input.levelCode)))
      return { ok: false, message: "That assignment is not in this class." };
    const attached = await db()
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(assignmentSubmissions)
          .values({ assignmentId: input.assignmentId, studentId: user.id, content: input.content })
          .returning({ id: assignmentSubmissions.id });
        const ok = await attachStaged(tx, {
          studentId: user.id,
          assignmentId: input.assignmentId,
          submissionId: row!.id,
          fileIds: input.fileIds,
        });
        if (!ok) tx.rollback();
        return ok;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    if (!attached) return { ok: false, message: "An attached file is no longer there. Remove it and attach it again." };
    revalidatePath(`/level/${encodeURIComponent(input.levelCode)}`);
    return { ok: true, message: MSG.submissionSent };
  }, MSG.submitFailed);
}

export interface HistoryEntry {
  id: number;
  number: number;
  submittedAt: string;
  content: string;
  files: FileView[];
}

/** The signed-in student's own submissions for one assignment, newest first, numbered. */
export async function loadSubmissionHistory(code: string, assignmentId: number): Promise<ActionResult<HistoryEntry[]>> {
  return inReaderLanguage(loadSubmissionHistoryInEnglish(code, assignmentId));
}

async function loadSubmissionHistoryInEnglish(
  code: string,
  assignmentId: number,
): Promise<ActionResult<HistoryEntry[]>> {
  return guarded(async () => {
    const user = await requireUser();
    const parsed = z.object({ levelCode, assignmentId: idSchema }).safeParse({ levelCode: code, assignmentId });
    if (!parsed.success) return invalid(parsed.error);
    await requireStudentSelf(parsed.data.levelCode, user.id);
    if (!(await getAssignmentInLevel(parsed.data.assignmentId, parsed.data.levelCode)))
      return { ok: false, message: MSG.submissionsLoadFailed };
    const rows = await listOwnSubmissions(user.id, parsed.data.assignmentId);
    const attachments = await filesOfSubmissions(rows.map((r) => r.id));
    const tz = schoolTimeZone();
    return {
      ok: true,
      data: rows.map((r, i) => ({
        id: r.id,
        number: rows.length - i,
        submittedAt: formatDateTime(r.submittedAt, tz),
        content: r.content,
        files: attachments.get(r.id) ?? [],
      })),
    };
  }, MSG.submissionsLoadFailed);
}
