import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { PostPolicy, RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { filesOfLastSubmission, type FileView } from "@/lib/files/records";
import type { Mark } from "@/lib/gradebook/scores";

// The grading queue (issue 44): one assignment, one student at a time. Three statements whatever
// the class size — the roster with each student's state, the assignment, the shown student's work
// and grade — plus that student's files; the caller has checked requireClassAccess(code, "teach").

/** One student in the queue's order (by name), with what the teacher needs to choose the next. */
export interface QueueStudent {
  id: number;
  name: string;
  submitted: boolean;
  graded: boolean;
  /** Graded but not returned yet (an assignment posted on return). */
  draft: boolean;
}

export interface QueueAssignment {
  id: number;
  title: string;
  maxScore: number;
  rubric: RubricBody | null;
  postPolicy: PostPolicy;
}

/** The shown student's newest submission and their grade, as the queue's form starts from. */
export interface QueueEntry {
  studentId: number;
  name: string;
  submission: { content: string; submittedAt: string; count: number } | null;
  files: FileView[];
  grade: {
    score: number;
    feedback: string | null;
    rubricLevels: RubricSelections | null;
    rubricScore: number | null;
    returned: boolean;
  } | null;
  mark: Mark;
}

export async function getQueueAssignment(levelCode: string, assignmentId: number): Promise<QueueAssignment | null> {
  const [row] = await queryRows<{
    id: number;
    title: string;
    max_score: number;
    rubric: RubricBody | null;
    post_policy: PostPolicy;
  }>(sql`select id, title, max_score, rubric, post_policy from assignments
         where id = ${assignmentId} and level_code = ${levelCode}`);
  if (!row) return null;
  return {
    id: Number(row.id),
    title: row.title,
    maxScore: Number(row.max_score),
    rubric: row.rubric,
    postPolicy: row.post_policy,
  };
}

/** The class's students in name order, each with whether they handed in, were graded, and whether it is a draft. */
export async function listQueueStudents(levelCode: string, assignmentId: number): Promise<QueueStudent[]> {
  const rows = await queryRows<{ id: number; name: string; submitted: boolean; graded: boolean; draft: boolean }>(sql`
    select u.id, u.name,
           exists (select 1 from assignment_submissions s where s.assignment_id = ${assignmentId} and s.student_id = u.id) as submitted,
           g.student_id is not null as graded,
           coalesce(g.returned_at is null, false) and g.student_id is not null as draft
    from student_enrollment e
    join users u on u.id = e.student_id
    left join grades g on g.assignment_id = ${assignmentId} and g.student_id = u.id
    where e.level_code = ${levelCode}
    order by u.name, u.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    submitted: r.submitted,
    graded: r.graded,
    draft: r.draft,
  }));
}

/** One enrolled student's newest submission, its files, their grade and mark; null when not enrolled. */
export async function getQueueEntry(
  levelCode: string,
  assignmentId: number,
  studentId: number,
): Promise<QueueEntry | null> {
  const [row] = await queryRows<{
    name: string;
    content: string | null;
    submitted_at: Date | string | null;
    submissions: number;
    score: string | number | null;
    feedback: string | null;
    rubric_levels: RubricSelections | null;
    rubric_score: string | number | null;
    returned_at: Date | string | null;
    graded: boolean;
    mark: Mark;
  }>(sql`
    select u.name, s.content, s.submitted_at,
           (select count(*)::int from assignment_submissions c where c.assignment_id = ${assignmentId} and c.student_id = u.id) as submissions,
           g.score, g.feedback, g.rubric_levels, g.rubric_score, g.returned_at, g.id is not null as graded,
           coalesce(case when m.excused then 'excused' when m.missing then 'missing' when m.late then 'late' end, 'none') as mark
    from student_enrollment e
    join users u on u.id = e.student_id
    left join lateral (select content, submitted_at from assignment_submissions
                       where assignment_id = ${assignmentId} and student_id = u.id
                       order by submitted_at desc, id desc limit 1) s on true
    left join grades g on g.assignment_id = ${assignmentId} and g.student_id = u.id
    left join grade_marks m on m.assignment_id = ${assignmentId} and m.student_id = u.id
    where e.level_code = ${levelCode} and e.student_id = ${studentId}`);
  if (!row) return null;
  const files = row.content === null ? [] : await filesOfLastSubmission(studentId, assignmentId);
  return {
    studentId,
    name: row.name,
    submission:
      row.content === null
        ? null
        : { content: row.content, submittedAt: new Date(row.submitted_at!).toISOString(), count: row.submissions },
    files,
    grade: row.graded
      ? {
          score: Number(row.score),
          feedback: row.feedback,
          rubricLevels: row.rubric_levels,
          rubricScore: row.rubric_score === null ? null : Number(row.rubric_score),
          returned: row.returned_at !== null,
        }
      : null,
    mark: row.mark,
  };
}
