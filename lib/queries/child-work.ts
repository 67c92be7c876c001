import "server-only";
import { sql } from "drizzle-orm";
import { canReadFile, type Actor } from "@/lib/auth/policy";
import { queryRows } from "@/lib/db/client";
import type { FileView } from "@/lib/files/records";

// The work a student handed in, for their guardian's child page (issue 39 item 11): per class,
// per assignment, each submission with its date and files. One statement whatever the number of
// classes, submissions and files; each file is kept only if canReadFile lets the viewer open it,
// so the page lists exactly what /files/{id} would serve them.

/** A page, not an archive: a student who resubmits all year still gets a page of bounded size. */
export const CHILD_WORK_MAX_SUBMISSIONS = 300;

export interface ChildSubmission {
  id: number;
  submittedAt: Date;
  files: FileView[];
}

export interface ChildAssignmentWork {
  assignmentId: number;
  title: string;
  /** Newest first; more than one when the student resubmitted. */
  submissions: ChildSubmission[];
}

export interface ChildClassWork {
  code: string;
  name: string;
  period: string | null;
  /** The assignment submitted to most recently first. */
  assignments: ChildAssignmentWork[];
}

export interface ChildWork {
  classes: ChildClassWork[];
  /** More submissions exist than CHILD_WORK_MAX_SUBMISSIONS: the oldest are left out. */
  truncated: boolean;
}

interface Row {
  submissionId: number;
  submittedAt: Date | string;
  assignmentId: number;
  title: string;
  levelCode: string;
  className: string;
  period: string | null;
  teacherId: number | null;
  fileId: number | null;
  fileKind: string | null;
  uploaderId: number | null;
  name: string | null;
  mime: string | null;
  size: number | null;
  hasThumb: boolean | null;
  scan: string | null;
  isLinkedGuardian: boolean;
}

/** The student's submitted work as this viewer may see it (the page has checked the viewer may open it). */
export async function listChildSubmittedWork({
  studentId,
  viewer,
}: {
  studentId: number;
  viewer: Actor;
}): Promise<ChildWork> {
  const rows = await queryRows<Row>(sql`
    with newest as (
      select s.id, s.assignment_id, s.submitted_at from assignment_submissions s
      where s.student_id = ${studentId}
      order by s.submitted_at desc, s.id desc
      limit ${CHILD_WORK_MAX_SUBMISSIONS + 1}
    ), viewer as (
      select exists (select 1 from guardian_links g
                     where g.student_id = ${studentId} and g.parent_id = ${viewer.id} and g.removed_at is null) as linked
    )
    select n.id as "submissionId", n.submitted_at as "submittedAt", a.id as "assignmentId", a.title,
           l.code as "levelCode", l.name as "className", l.period, l.teacher_id as "teacherId",
           f.id as "fileId", f.kind as "fileKind", f.uploader_id as "uploaderId", f.name, f.mime, f.size,
           f.thumb_key is not null as "hasThumb", f.scan, v.linked as "isLinkedGuardian"
    from newest n
    join assignments a on a.id = n.assignment_id
    join levels l on l.code = a.level_code
    cross join viewer v
    left join files f on f.submission_id = n.id and f.uploader_id = ${studentId}
    order by n.submitted_at desc, n.id desc, f.id`);
  return groupWork(rows, viewer);
}

function groupWork(rows: Row[], viewer: Actor): ChildWork {
  const classes = new Map<string, ChildClassWork>();
  const assignmentsById = new Map<number, ChildAssignmentWork>();
  const submissions = new Map<number, ChildSubmission>();
  for (const r of rows) {
    let submission = submissions.get(r.submissionId);
    if (!submission) {
      if (submissions.size === CHILD_WORK_MAX_SUBMISSIONS) break; // the one past the bound
      submission = { id: r.submissionId, submittedAt: new Date(r.submittedAt), files: [] };
      submissions.set(r.submissionId, submission);
      let work = assignmentsById.get(r.assignmentId);
      if (!work) {
        work = { assignmentId: r.assignmentId, title: r.title, submissions: [] };
        assignmentsById.set(r.assignmentId, work);
        let cls = classes.get(r.levelCode);
        if (!cls) {
          cls = { code: r.levelCode, name: r.className, period: r.period, assignments: [] };
          classes.set(r.levelCode, cls);
        }
        cls.assignments.push(work);
      }
      work.submissions.push(submission);
    }
    if (r.fileId === null) continue;
    const readable = canReadFile(viewer, {
      kind: r.fileKind!,
      uploaderId: r.uploaderId!,
      attached: true,
      level: { code: r.levelCode, teacherId: r.teacherId },
      enrolled: false, // only a class's own files need it; these are a submission's
      isLinkedGuardian: Boolean(r.isLinkedGuardian),
      thread: null, // a submission's file
    });
    if (readable)
      submission.files.push({
        id: r.fileId,
        name: r.name!,
        mime: r.mime!,
        size: Number(r.size),
        hasThumb: Boolean(r.hasThumb),
        scan: r.scan!,
      });
  }
  const byName = [...classes.values()].sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
  return { classes: byName, truncated: new Set(rows.map((r) => r.submissionId)).size > CHILD_WORK_MAX_SUBMISSIONS };
}
