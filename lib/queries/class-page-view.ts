import "server-only";
import type { AssignmentView } from "@/components/class-page/assignment-list";
import type { AttendanceView, GradeView } from "@/components/class-page/student-records";
import type { UpdateView } from "@/components/class-page/update-list";
import { assignmentState, descriptionPreview } from "@/lib/domain/assignments";
import { countStatuses, studentAttendanceRate } from "@/lib/domain/attendance";
import { gradePercent, itemPercent, studentLetter } from "@/lib/domain/grades";
import { formatDate, formatDateTime, formatDay, formatTime } from "@/lib/domain/format";
import { listClassAssignments, listStudentAttendance, listStudentGrades, listUpdatesWithResponses } from "./class-page";

export interface ClassPageView {
  updates: UpdateView[];
  assignments: AssignmentView[];
  /** Markdown sources by assignment id, rendered by the page. */
  descriptions: { id: number; source: string }[];
  student: null | {
    grades: GradeView[];
    attendance: AttendanceView[];
    tiles: { average: number; completed: number; attendanceRate: number };
  };
}

/**
 * Everything the class page shows, in a fixed number of queries (4 for staff, 5 for a student)
 * whatever the class size. Students get only their own rows.
 */
export async function loadClassPageView(levelCode: string, studentId: number | null, timeZone: string, now = new Date()): Promise<ClassPageView> {
  const [updates, assignments, grades, attendance] = await Promise.all([
    listUpdatesWithResponses(levelCode),
    listClassAssignments(levelCode, studentId),
    studentId === null ? Promise.resolve([]) : listStudentGrades(studentId, levelCode),
    studentId === null ? Promise.resolve([]) : listStudentAttendance(studentId, levelCode),
  ]);

  const assignmentViews: AssignmentView[] = assignments.map((a) => ({
    id: a.id,
    title: a.title,
    state: studentId === null ? null : assignmentState(a.dueDate, a.submissionCount, now),
    due: a.dueDate ? `Due ${formatDateTime(a.dueDate, timeZone)}` : "No due date",
    maxScore: a.maxScore,
    lastSubmitted: a.lastSubmittedAt ? formatDateTime(a.lastSubmittedAt, timeZone) : null,
    preview: descriptionPreview(a.description),
    category: a.category,
  }));

  return {
    updates: updates.map((u) => ({
      id: u.id,
      title: u.title,
      content: u.content,
      date: formatDate(u.createdAt, timeZone),
      responses: u.responses.map((r) => ({ id: r.id, title: r.title, content: r.content, authorName: r.authorName, date: formatDateTime(r.createdAt, timeZone) })),
    })),
    assignments: assignmentViews,
    descriptions: assignments.map((a) => ({ id: a.id, source: a.description })),
    student:
      studentId === null
        ? null
        : {
            grades: grades.map((g) => {
              const percent = itemPercent(g.score, g.maxScore);
              return {
                id: g.id,
                title: g.assignmentTitle,
                score: g.score,
                maxScore: g.maxScore,
                percent,
                letter: studentLetter((g.score / g.maxScore) * 100),
                category: g.category,
                feedback: g.feedback,
                gradedAt: formatDate(g.gradedAt, timeZone),
              };
            }),
            attendance: attendance.map((r) => ({ id: r.id, status: r.status, levelCode: r.levelCode, date: formatDay(r.date), time: formatTime(r.recordedAt, timeZone) })),
            tiles: {
              average: gradePercent(grades),
              completed: assignments.filter((a) => a.submissionCount > 0).length,
              attendanceRate: studentAttendanceRate(countStatuses(attendance.map((r) => r.status))),
            },
          },
  };
}
