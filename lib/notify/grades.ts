// "Grade posted below a threshold" (issue 20): a grade written in the portal enqueues a notice that
// settles like an absence (a teacher correcting a typo sends nothing new); when it runs, each
// recipient whose threshold (default 70 %) the grade is below hears of it, with the teacher's
// feedback in the body. The percent is the one that counts: the calculator's (lib/domain/term-grade)
// after the class's late policy, so a late 18/20 kept at 80 % is news at 72 %, not 90 %. Grades that arrive
// with a roster import are the school's records, not news: they notify nobody. A draft (issue 44,
// decision 033) is news only once it is returned: lib/gradebook/returns.ts notifies then.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { computeTermGrade, daysLate } from "@/lib/domain/term-grade";
import { ellipsize } from "@/lib/domain/text";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { localeDigits } from "@/lib/i18n/recipient";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueueMany, type JobHandler } from "@/lib/jobs/queue";
import { deliver } from "./deliver";
import { familiesOf, hrefFor } from "./families";

type Runner = Pick<Db, "execute">;

export const GRADE_NOTICE = "grade.notice";

interface Payload {
  assignmentId: number;
  studentId: number;
  actorId: number;
}

export async function noticeGrades(
  tx: Runner,
  g: { assignmentId: number; studentIds: readonly number[]; actorId: number },
): Promise<void> {
  await enqueueMany(
    tx,
    g.studentIds.map((studentId) => ({
      kind: GRADE_NOTICE,
      dedupeKey: `grade:${g.assignmentId}:${studentId}`,
      payload: { assignmentId: g.assignmentId, studentId, actorId: g.actorId } satisfies Payload,
      delaySeconds: env().NOTIFY_SETTLE_SECONDS,
    })),
    { restart: true },
  );
}

export const gradeNotice: JobHandler = async (job, tx) => {
  const p = job.payload as unknown as Payload;
  const [g] = await queryRows<{
    score: string | number;
    feedback: string | null;
    max_score: number;
    title: string;
    level_code: string;
    class_name: string;
    student: string;
    excused: boolean | null;
    late: boolean | null;
    due_ms: string | number | null;
    submitted_ms: string | number | null;
    late_per_day: number | null;
    late_floor: number | null;
  }>(
    sql`select g.score, g.feedback, a.max_score, a.title, a.level_code, l.name as class_name, u.name as student, m.excused, m.late,
          (extract(epoch from a.due_date) * 1000)::bigint as due_ms, l.late_per_day_percent as late_per_day, l.late_floor_percent as late_floor,
          (select (extract(epoch from max(s.submitted_at)) * 1000)::bigint from assignment_submissions s where s.assignment_id = g.assignment_id and s.student_id = g.student_id) as submitted_ms
        from grades g join assignments a on a.id = g.assignment_id join levels l on l.code = a.level_code join users u on u.id = g.student_id
        left join grade_marks m on m.assignment_id = g.assignment_id and m.student_id = g.student_id
        where g.assignment_id = ${p.assignmentId} and g.student_id = ${p.studentId} and g.returned_at is not null`,
    tx,
  );
  if (!g || g.excused) return;
  const score = Number(g.score);
  const dueAt = g.due_ms === null ? null : Number(g.due_ms);
  const late = g.late === true;
  const graded = computeTermGrade(
    [
      {
        id: p.assignmentId,
        title: g.title,
        categoryId: null,
        maxScore: Number(g.max_score),
        dueAt,
        score,
        excused: false,
        missing: false,
        late,
        daysLate: daysLate(dueAt, g.submitted_ms === null ? null : Number(g.submitted_ms)),
      },
    ],
    {
      mode: "points",
      categories: [],
      latePolicy:
        g.late_per_day !== null && g.late_floor !== null
          ? { perDayPercent: g.late_per_day, floorPercent: g.late_floor }
          : null,
    },
  );
  const percent = graded.computedPercent;
  const kept = graded.items[0]?.lateKeptPercent ?? 100;
  const family = await familiesOf(tx, [p.studentId], g.level_code);
  const detail = (locale: Locale) => {
    const t = translatorFor(locale, "notifyText");
    const digits = {
      student: g.student,
      title: g.title,
      score: localeDigits(score, locale),
      max: localeDigits(g.max_score, locale),
      percent: localeDigits(percent, locale),
      kept: localeDigits(kept, locale),
    };
    return [
      kept < 100 ? t("gradeDetailLate", digits) : t("gradeDetail", digits),
      g.feedback ? t("feedback", { feedback: firstLine(g.feedback) }) : null,
    ]
      .filter(Boolean)
      .join("\n");
  };
  await deliver(tx, [
    {
      event: "grade",
      eventKey: `grade:${p.assignmentId}:${p.studentId}`,
      studentId: p.studentId,
      levelCode: g.level_code,
      text: (locale) => ({
        title: translatorFor(locale, "notifyText")("gradeTitle", { className: g.class_name, title: g.title }),
        detail: detail(locale),
      }),
      actorId: p.actorId,
      percent,
      recipients: family.map((m) => ({ userId: m.userId, href: hrefFor(m, g.level_code, "grades") })),
    },
  ]);
};

/** The feedback's first line, bounded: the e-mail carries the gist, the portal the rest. */
function firstLine(feedback: string): string {
  return ellipsize(feedback.trim().split(/\r?\n/)[0] ?? "", 300);
}
