// A student's submissions to an assignment of their class (spec §5): each one is a new row, so the
// history is never overwritten, handed in with the student's staged attachments (issue 33) and the
// files it keeps from their previous submission (issue 39).
import "server-only";
import { TransactionRollbackError } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db } from "@/lib/db/client";
import { assignmentSubmissions } from "@/lib/db/schema";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { msg } from "@/lib/i18n/message";
import { requestLocale } from "@/lib/i18n/request-locale";
import { filesOfSubmissions, handInFiles, type FileView } from "@/lib/files/records";
import { listOwnSubmissions } from "@/lib/queries/class-page";
import { getAssignmentInLevel } from "@/lib/queries/teacher";

/** Submit or resubmit: the row and its attachments together, or neither. */
export async function submitAssignment(
  student: Actor,
  level: LevelFacts,
  input: { assignmentId: number; content: string; fileIds: number[] },
): Promise<Answer> {
  if (!(await getAssignmentInLevel(input.assignmentId, level.code)))
    return { ok: false, message: msg("classPage.actions.assignmentNotHere") };
  const attached = await db()
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(assignmentSubmissions)
        .values({ assignmentId: input.assignmentId, studentId: student.id, content: input.content })
        .returning({ id: assignmentSubmissions.id });
      const ok = await handInFiles(tx, {
        studentId: student.id,
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
  if (!attached) return { ok: false, message: msg("classPage.actions.fileGone") };
  return { ok: true, message: msg("classPage.actions.submissionSent") };
}

export interface HistoryEntry {
  id: number;
  number: number;
  submittedAt: string;
  content: string;
  files: FileView[];
}

/** The student's own submissions for one assignment, newest first, numbered. */
export async function submissionHistory(
  student: Actor,
  level: LevelFacts,
  assignmentId: number,
): Promise<Answer<HistoryEntry[]>> {
  if (!(await getAssignmentInLevel(assignmentId, level.code)))
    return { ok: false, message: msg("classPage.actions.submissionsLoadFailed") };
  const rows = await listOwnSubmissions(student.id, assignmentId);
  const attachments = await filesOfSubmissions(rows.map((r) => r.id));
  const tz = schoolTimeZone();
  const locale = intlLocaleOf(await requestLocale());
  return {
    ok: true,
    data: rows.map((r, i) => ({
      id: r.id,
      number: rows.length - i,
      submittedAt: formatDateTime(r.submittedAt, tz, locale),
      content: r.content,
      files: attachments.get(r.id) ?? [],
    })),
  };
}
