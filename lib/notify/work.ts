// "Assignment missing" (issue 20): an assignment with a due date enqueues a check that runs at the
// due time (re-armed when the date moves; a deleted assignment's check finds nothing). Students
// enrolled then who have handed nothing in, have no grade and are not excused are missing it: they
// and their guardians hear of it once. Work saved with a due date already past is checked a day
// later, which leaves the teacher time to enter what was handed in on paper (issue 27: it was
// skipped when more than two days past). A teacher's M (missing) mark tells them the same, once
// it has settled. Roster imports schedule nothing: their work is a record, not news.
import { concludedClass } from "@/lib/queries/school-years";
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatDateTime } from "@/lib/domain/format";
import { env, schoolTimeZone } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueue, type JobHandler } from "@/lib/jobs/queue";
import { deliver, type Notice } from "./deliver";
import { familiesOf, hrefFor } from "./families";

type Runner = Pick<Db, "execute">;

export const WORK_MISSING = "work.missing";
export const WORK_MISSING_MARK = "work.missing-mark";
/** Work saved after its due date is checked this long after it was saved. */
export const LATE_ENTRY_GRACE_SECONDS = 86_400;

/** Arms the missing-work check of an assignment; returns when it runs (null: no due date). */
export async function scheduleMissingCheck(
  tx: Runner,
  a: { assignmentId: number; dueDate: Date | null },
  now = Date.now(),
): Promise<Date | null> {
  if (!a.dueDate) return null;
  const due = a.dueDate.getTime();
  const delaySeconds = due > now ? Math.ceil((due - now) / 1000) : LATE_ENTRY_GRACE_SECONDS;
  await enqueue(tx, {
    kind: WORK_MISSING,
    dedupeKey: `missing:${a.assignmentId}`,
    payload: { assignmentId: a.assignmentId },
    delaySeconds,
    restart: true,
  });
  return new Date(now + delaySeconds * 1000);
}

/** A teacher's M mark on a student's work: after the settling delay, the same notice as a missed due date. */
export async function noticeMissingMark(
  tx: Runner,
  m: { assignmentId: number; studentId: number; actorId: number },
): Promise<void> {
  await enqueue(tx, {
    kind: WORK_MISSING_MARK,
    dedupeKey: `missing-mark:${m.assignmentId}:${m.studentId}`,
    payload: { ...m },
    delaySeconds: env().NOTIFY_SETTLE_SECONDS,
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
    // A concluded class (issue 41) sends nothing: its year is closed.
    sql`select a.title, a.level_code, l.name as class_name, a.due_date, a.teacher_id from assignments a join levels l on l.code = a.level_code where a.id = ${assignmentId} and not ${concludedClass("l")}`,
    tx,
  );
  if (!a?.due_date) return;
  const due = new Date(a.due_date);
  // Moved later: its re-armed check runs then.
  if (due.getTime() > Date.now() + 1000) return;
  const missing = await queryRows<{ id: number; name: string }>(
    sql`select u.id, u.name from student_enrollment e join users u on u.id = e.student_id
        where e.level_code = ${a.level_code} and e.enrolled_at <= ${due.toISOString()}::timestamptz
          and not exists (select 1 from assignment_submissions s where s.assignment_id = ${assignmentId} and s.student_id = u.id)
          and not exists (select 1 from grades g where g.assignment_id = ${assignmentId} and g.student_id = u.id)
          and not exists (select 1 from grade_marks m where m.assignment_id = ${assignmentId} and m.student_id = u.id and m.excused)`,
    tx,
  );
  await tellMissing(tx, { id: assignmentId, ...a, due }, missing, null);
};

/** The M mark's notice: sent when the mark is still there and the work still has no grade. */
export const missingMarkNotice: JobHandler = async (job, tx) => {
  const { assignmentId, studentId, actorId } = job.payload as {
    assignmentId: number;
    studentId: number;
    actorId: number;
  };
  const [a] = await queryRows<{
    title: string;
    level_code: string;
    class_name: string;
    due_date: string | Date | null;
  }>(
    sql`select a.title, a.level_code, l.name as class_name, a.due_date from assignments a join levels l on l.code = a.level_code
        where a.id = ${assignmentId}
          and exists (select 1 from grade_marks m where m.assignment_id = a.id and m.student_id = ${studentId} and m.missing and not m.excused)
          and not exists (select 1 from grades g where g.assignment_id = a.id and g.student_id = ${studentId})
          and exists (select 1 from student_enrollment e where e.level_code = a.level_code and e.student_id = ${studentId})`,
    tx,
  );
  if (!a) return;
  const [s] = await queryRows<{ id: number; name: string }>(
    sql`select id, name from users where id = ${studentId}`,
    tx,
  );
  await tellMissing(
    tx,
    { id: assignmentId, ...a, due: a.due_date ? new Date(a.due_date) : null },
    s ? [s] : [],
    actorId,
  );
};

async function tellMissing(
  tx: Runner,
  a: { id: number; title: string; level_code: string; class_name: string; due: Date | null },
  missing: readonly { id: number; name: string }[],
  actorId: number | null,
): Promise<void> {
  if (missing.length === 0) return;
  const assignmentId = a.id;
  const family = await familiesOf(
    tx,
    missing.map((s) => s.id),
    a.level_code,
  );
  const notices: Notice[] = missing.map((s) => ({
    event: "work",
    eventKey: `missing:${assignmentId}:${s.id}`,
    studentId: s.id,
    levelCode: a.level_code,
    text: (locale) => {
      const t = translatorFor(locale, "notifyText");
      return {
        title: t("missingTitle", { className: a.class_name, title: a.title }),
        detail: a.due
          ? t("missingDetailDue", {
              student: s.name,
              title: a.title,
              due: formatDateTime(a.due, schoolTimeZone(), locale),
            })
          : t("missingDetail", { student: s.name, title: a.title }),
      };
    },
    actorId,
    recipients: family
      .filter((m) => m.studentId === s.id)
      .map((m) => ({ userId: m.userId, href: hrefFor(m, a.level_code, "assignments") })),
  }));
  await deliver(tx, notices);
}
