// "Assignment missing" (issue 20): an assignment with a due date enqueues a check that runs at the
// due time (re-armed when the date moves; a deleted assignment's check finds nothing). Students
// enrolled then who have handed nothing in, have no grade and are not excused are missing it: they
// and their guardians hear of it once. Due dates long past when set (an old assignment entered
// late, a roster import) are records, not news.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { enqueue, type JobHandler } from "@/lib/jobs/queue";
import { deliver, type Notice } from "./deliver";
import { familiesOf, hrefFor } from "./families";

type Runner = Pick<Db, "execute">;

export const WORK_MISSING = "work.missing";
/** A due date further back than this when it is set or checked tells nobody. */
const STALE_MS = 2 * 86_400_000;

export async function scheduleMissingCheck(
  tx: Runner,
  a: { assignmentId: number; dueDate: Date | null },
  now = Date.now(),
): Promise<void> {
  if (!a.dueDate || a.dueDate.getTime() < now - STALE_MS) return;
  await enqueue(tx, {
    kind: WORK_MISSING,
    dedupeKey: `missing:${a.assignmentId}`,
    payload: { assignmentId: a.assignmentId },
    delaySeconds: Math.max(0, Math.ceil((a.dueDate.getTime() - now) / 1000)),
    restart: true,
  });
}

export const missingWorkCheck: JobHandler = async (job, tx) => {
  const { assignmentId } = job.payload as { assignmentId: number };
  const [a] = await queryRows<{
    title: string;
    level_code: string;
    class_name: string;
    due_date: string | Date | null;
    teacher_id: number | null;
  }>(
    sql`select a.title, a.level_code, l.name as class_name, a.due_date, a.teacher_id from assignments a join levels l on l.code = a.level_code where a.id = ${assignmentId}`,
    tx,
  );
  if (!a?.due_date) return;
  const due = new Date(a.due_date);
  // Moved later (its re-armed check will run then) or long past: nothing now.
  if (due.getTime() > Date.now() + 1000 || due.getTime() < Date.now() - STALE_MS) return;
  const missing = await queryRows<{ id: number; name: string }>(
    sql`select u.id, u.name from student_enrollment e join users u on u.id = e.student_id
        where e.level_code = ${a.level_code} and e.enrolled_at <= ${due.toISOString()}::timestamptz
          and not exists (select 1 from assignment_submissions s where s.assignment_id = ${assignmentId} and s.student_id = u.id)
          and not exists (select 1 from grades g where g.assignment_id = ${assignmentId} and g.student_id = u.id)
          and not exists (select 1 from grade_marks m where m.assignment_id = ${assignmentId} and m.student_id = u.id and m.excused)`,
    tx,
  );
  if (missing.length === 0) return;
  const family = await familiesOf(
    tx,
    missing.map((s) => s.id),
    a.level_code,
  );
  const dueText = formatDateTime(due, schoolTimeZone());
  const notices: Notice[] = missing.map((s) => ({
    event: "work",
    eventKey: `missing:${assignmentId}:${s.id}`,
    studentId: s.id,
    levelCode: a.level_code,
    title: `Missing work in ${a.class_name}: ${a.title}`,
    detail: `${s.name} has not handed in “${a.title}”, due ${dueText}.`,
    actorId: null,
    recipients: family
      .filter((m) => m.studentId === s.id)
      .map((m) => ({ userId: m.userId, href: hrefFor(m, a.level_code, "assignments") })),
  }));
  await deliver(tx, notices);
};
