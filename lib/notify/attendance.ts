// Absence and tardy notices (issue 20): a mark of absent or late enqueues a notice that runs
// after a settling delay (NOTIFY_SETTLE_SECONDS, default 10 minutes), so a mark corrected in the
// meantime sends nothing: the job reads the record as it is when it runs. The student and the
// guardians linked to them (never anyone else) get one in-app notification per class and day,
// and nobody hears about their own action.
import "server-only";
import { sql } from "drizzle-orm";
import { dateInTimeZone } from "@/lib/domain/dates";
import { queryRows, type Db } from "@/lib/db/client";
import { formatDay } from "@/lib/domain/format";
import { env, schoolTimeZone } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueue, type JobHandler } from "@/lib/jobs/queue";
import { deliver } from "./deliver";

type Runner = Pick<Db, "execute">;

export const ATTENDANCE_NOTICE = "attendance.notice";

interface Payload {
  studentId: number;
  levelCode: string;
  date: string;
  actorId: number;
}

/** Marks of days further back than this (the grid takes any date) are record-keeping: nobody is told. */
export const NOTICE_PAST_DAYS = 7;

/** Whether a mark of `date` is news: from NOTICE_PAST_DAYS ago up to tomorrow, in the school's calendar. */
export function isNoticeDay(date: string, now = new Date()): boolean {
  const tz = schoolTimeZone();
  const from = dateInTimeZone(new Date(now.getTime() - NOTICE_PAST_DAYS * 86_400_000), tz);
  const to = dateInTimeZone(new Date(now.getTime() + 86_400_000), tz);
  return from <= date && date <= to;
}

/**
 * Called in the transaction that writes the mark. Marks other than absent or late, and marks of
 * days long past or in the future, enqueue nothing: a teacher filling in last month's register
 * (or any one account, repeating) sends families no flood of notices.
 */
export async function noticeAttendanceMark(tx: Runner, mark: Payload & { status: string }): Promise<void> {
  if (mark.status !== "absent" && mark.status !== "late") return;
  if (!isNoticeDay(mark.date)) return;
  const payload: Payload = {
    studentId: mark.studentId,
    levelCode: mark.levelCode,
    date: mark.date,
    actorId: mark.actorId,
  };
  await enqueue(tx, {
    kind: ATTENDANCE_NOTICE,
    dedupeKey: `attendance:${mark.levelCode}:${mark.studentId}:${mark.date}`,
    payload: { ...payload },
    delaySeconds: env().NOTIFY_SETTLE_SECONDS,
    restart: true,
  });
}

export const attendanceNotice: JobHandler = async (job, tx) => {
  const p = job.payload as unknown as Payload;
  const [rec] = await queryRows<{ status: string; student: string; class_name: string }>(
    sql`select a.status, u.name as student, l.name as class_name from attendance a
        join users u on u.id = a.student_id join levels l on l.code = a.level_code
        where a.student_id = ${p.studentId} and a.level_code = ${p.levelCode} and a.date = ${p.date}::date`,
    tx,
  );
  // Corrected (present, excused) or removed while settling: nothing to tell.
  if (!rec || (rec.status !== "absent" && rec.status !== "late")) return;
  const what = rec.status === "absent" ? "absent" : "late";
  // The student (still enrolled) and the guardians linked to them now; not the person who marked it.
  const recipients = await queryRows<{ user_id: number; href: string }>(
    sql`select e.student_id as user_id, ${`/level/${encodeURIComponent(p.levelCode)}?tab=attendance`} as href
          from student_enrollment e where e.student_id = ${p.studentId} and e.level_code = ${p.levelCode}
        union
        select g.parent_id, ${`/children/${p.studentId}`} from guardian_links g where g.student_id = ${p.studentId} and g.removed_at is null`,
    tx,
  );
  await deliver(tx, [
    {
      event: "attendance",
      eventKey: `attendance:${p.levelCode}:${p.studentId}:${p.date}`,
      studentId: p.studentId,
      levelCode: p.levelCode,
      text: (locale) => ({
        title: translatorFor(locale, "notifyText")(what, {
          student: rec.student,
          className: rec.class_name,
          day: formatDay(p.date, locale),
        }),
      }),
      actorId: p.actorId,
      recipients: recipients.map((r) => ({ userId: r.user_id, href: r.href })),
    },
  ]);
};
