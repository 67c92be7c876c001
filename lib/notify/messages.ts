// Teacher messages (issue 20): a class's own staff write to the guardians of the students who
// have not handed in an assignment, or whose term grade is under a percent. The teacher sees the
// students first (preview) and may untick some; sending goes through the same delivery as every notice (preferences,
// bell, e-mail) and is recorded in the audit log with the count and the target, not the text.
import "server-only";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { env, schoolTimeZone } from "@/lib/env";
import { msg, type Message } from "@/lib/i18n/message";
import { translatorFor } from "@/lib/i18n/translator";
import { deliverableAddress } from "@/lib/mail/compose";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import type { TermChoice } from "@/lib/gradebook/term-grades";
import { deliver } from "./deliver";
import { familiesOf } from "./families";

export type MessageTarget =
  { kind: "not_submitted"; assignmentId: number } | { kind: "below"; percent: number; term: TermChoice };

export const MESSAGE_MAX_LENGTH = 1000;
/** A class's roster is bounded; so is the list of students a teacher may pick from it. */
export const MESSAGE_MAX_STUDENTS = 500;

export interface MessagePreview {
  students: { id: number; name: string }[];
  guardians: number;
  /** What the target is, in words, for the preview and the answer that nobody can be reached. */
  describe: Message;
}

/** The students the target picks and how many linked guardians they have; null when the assignment is not this class's. */
export async function previewMessage(levelCode: string, target: MessageTarget): Promise<MessagePreview | null> {
  let students: { id: number; name: string }[];
  let describe: Message;
  if (target.kind === "not_submitted") {
    const [a] = await queryRows<{ title: string }>(
      sql`select title from assignments where id = ${target.assignmentId} and level_code = ${levelCode}`,
    );
    if (!a) return null;
    // Not handed in: nothing submitted, no grade (work handed in on paper is graded here) and not excused.
    students = await queryRows<{ id: number; name: string }>(
      sql`select u.id, u.name from student_enrollment e join users u on u.id = e.student_id
          where e.level_code = ${levelCode} and u.roster_deleted_at is null
            and not exists (select 1 from assignment_submissions s where s.assignment_id = ${target.assignmentId} and s.student_id = u.id)
            and not exists (select 1 from grades g where g.assignment_id = ${target.assignmentId} and g.student_id = u.id)
            and not exists (select 1 from grade_marks m where m.assignment_id = ${target.assignmentId} and m.student_id = u.id and m.excused)
          order by u.name, u.id`,
    );
    describe = msg("teacherActions.describeNotSubmitted", { title: a.title });
  } else {
    const grades = await loadClassTermGrades(levelCode, target.term, schoolTimeZone());
    students = grades.rows
      .filter((r) => !r.view.empty && r.view.percent < target.percent)
      .map((r) => ({ id: r.studentId, name: r.name }));
    describe = grades.term
      ? msg("teacherActions.describeBelow", { percent: target.percent, term: grades.term.title })
      : msg("teacherActions.describeBelowYear", { percent: target.percent });
  }
  const family = await familiesOf(
    db(),
    students.map((s) => s.id),
    levelCode,
  );
  return { students, guardians: new Set(family.filter((m) => m.guardian).map((m) => m.userId)).size, describe };
}

/**
 * Sends the message to the guardians of the students the target picks now, or of those of them the
 * teacher left ticked (`only`: others are ignored, never added); nothing when none is linked.
 * Returns whom it reached.
 */
export async function sendTeacherMessage(
  actor: { id: number; name: string },
  level: { code: string; name: string },
  target: MessageTarget,
  text: string,
  only?: readonly number[],
): Promise<MessagePreview | null> {
  let preview = await previewMessage(level.code, target);
  if (preview && only) {
    const ticked = new Set(only);
    const students = preview.students.filter((s) => ticked.has(s.id));
    const family = await familiesOf(
      db(),
      students.map((s) => s.id),
      level.code,
    );
    preview = { ...preview, students, guardians: new Set(family.filter((m) => m.guardian).map((m) => m.userId)).size };
  }
  if (!preview || preview.guardians === 0) return preview;
  const names = new Map(preview.students.map((s) => [s.id, s.name]));
  const replyTo = env().MESSAGE_REPLY_TO === "teacher" ? await replyAddress(actor.id) : null;
  const stamp = Date.now().toString(36);
  await db().transaction(async (tx) => {
    const family = (await familiesOf(tx, [...names.keys()], level.code)).filter((m) => m.guardian);
    await deliver(
      tx,
      family.map((m) => ({
        event: "message" as const,
        eventKey: `message:${actor.id}:${stamp}:${m.studentId}`,
        studentId: m.studentId,
        levelCode: level.code,
        // The framing is in the guardian's language; the teacher's words are sent as written.
        text: (locale) => ({
          title: translatorFor(locale, "notifyText")("message", {
            teacher: actor.name,
            student: names.get(m.studentId) ?? "",
            className: level.name,
          }),
          detail: text,
        }),
        actorId: actor.id,
        replyTo,
        recipients: [{ userId: m.userId, href: `/children/${m.studentId}` }],
      })),
    );
    await audit(tx, {
      action: "guardians.messaged",
      actorId: actor.id,
      levelCode: level.code,
      detail: {
        target: target.kind,
        ...(target.kind === "not_submitted" ? { assignmentId: target.assignmentId } : { percent: target.percent }),
        students: preview.students.length,
        guardians: preview.guardians,
      },
    });
  });
  return preview;
}

/** The teacher's own address on file, when it is one a reply can reach. */
async function replyAddress(userId: number): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(sql`select email from users where id = ${userId}`);
  return deliverableAddress(row?.email);
}
