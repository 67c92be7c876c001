// View Responses (issue 33): each submission's files beside the student's current score, for the
// teacher grading an assignment. Reads only; the caller has checked the assignment is in the class.
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { assignmentSubmissions, grades } from "@/lib/db/schema";
import { filesOfSubmissions, type FileView } from "./records";

export interface ResponseFiles {
  /** submission id → the student and that submission's files */
  submissions: Record<number, { studentId: number; files: FileView[] }>;
  /** student id → current score (a draft too: the teacher's screen) */
  scores: Record<number, number>;
  /** Students whose score is a draft, not yet returned (issue 44, decision 033). */
  drafts: number[];
}

export async function responseFilesOf(assignmentId: number): Promise<ResponseFiles> {
  const subs = await db()
    .select({ id: assignmentSubmissions.id, studentId: assignmentSubmissions.studentId })
    .from(assignmentSubmissions)
    .where(eq(assignmentSubmissions.assignmentId, assignmentId));
  const byId = await filesOfSubmissions(subs.map((s) => s.id));
  const studentIds = [...new Set(subs.map((s) => s.studentId))];
  const scoreRows = studentIds.length
    ? await db()
        .select({ studentId: grades.studentId, score: grades.score, returnedAt: grades.returnedAt })
        .from(grades)
        .where(and(eq(grades.assignmentId, assignmentId), inArray(grades.studentId, studentIds)))
    : [];
  return {
    submissions: Object.fromEntries(subs.map((s) => [s.id, { studentId: s.studentId, files: byId.get(s.id) ?? [] }])),
    scores: Object.fromEntries(scoreRows.map((g) => [g.studentId, Number(g.score)])),
    drafts: scoreRows.filter((g) => g.returnedAt === null).map((g) => g.studentId),
  };
}
