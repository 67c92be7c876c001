"use server";

import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { classAction, idSchema, levelCodeField } from "@/lib/actions";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MAX_STUDENTS,
  previewMessage,
  sendTeacherMessage,
  type MessageTarget,
} from "@/lib/notify/messages";
import { msg, zmsg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { hitRateLimit } from "@/lib/rate-limit";

// Teacher messages (issue 20): the class's own staff (its instructor or an admin) preview and send
// a short text to the guardians of the students an assignment or a grade threshold picks, less
// any the teacher unticked in the preview.

const PERCENT_RANGE = zmsg("teacherActions.percentRange");
const target = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("not_submitted"), assignmentId: idSchema }),
  z.object({
    kind: z.literal("below"),
    percent: z.coerce
      .number({ message: PERCENT_RANGE })
      .int(PERCENT_RANGE)
      .min(1, PERCENT_RANGE)
      .max(100, PERCENT_RANGE),
    term: z.string().max(12).optional(),
  }),
]);
const text = z
  .string()
  .trim()
  .min(1, zmsg("teacherActions.writeMessage"))
  .max(MESSAGE_MAX_LENGTH, zmsg("teacherActions.messageTooLong", { max: MESSAGE_MAX_LENGTH }));
// The students left ticked in the preview (absent: every student the target picks).
const studentIds = z
  .array(idSchema)
  .min(1, zmsg("teacherActions.tickStudent"))
  .max(MESSAGE_MAX_STUDENTS, zmsg("teacherActions.atMostStudents", { max: MESSAGE_MAX_STUDENTS }))
  .optional();

const NOT_IN_CLASS: Answer = { ok: false, message: msg("classPage.actions.assignmentNotHere") };

// What the dialog posts is checked here, so the action takes any value where the target belongs.
const postedTarget = z.unknown().pipe(target);

function toTarget(t: z.infer<typeof target>): MessageTarget {
  return t.kind === "not_submitted" ? t : { kind: "below", percent: t.percent, term: parseTermChoice(t.term) };
}

export interface MessagePreviewView {
  students: number;
  guardians: number;
  /** Every student the target picks, to tick or untick (a class's roster, bounded). */
  picked: { id: number; name: string }[];
  describe: string;
}

export const previewGuardianMessage = classAction(
  z.object({ levelCode: levelCodeField, target: postedTarget }),
  async (v, { level }): Promise<Answer<MessagePreviewView>> => {
    const preview = await previewMessage(level.code, toTarget(v.target));
    if (!preview) return NOT_IN_CLASS;
    return {
      ok: true,
      data: {
        students: preview.students.length,
        guardians: preview.guardians,
        picked: preview.students.slice(0, MESSAGE_MAX_STUDENTS).map((s) => ({ id: s.id, name: s.name })),
        // Data, not the answer's message, so written here in the reader's language.
        describe: render(preview.describe, await requestLocale()),
      },
    };
  },
);

export const sendGuardianMessage = classAction(
  z.object({ levelCode: levelCodeField, target: postedTarget, text, studentIds }),
  async (v, { user, level }): Promise<Answer> => {
    const limit = await hitRateLimit(`guardian-message:${user.id}`, 20, 3_600_000);
    if (!limit.allowed)
      return {
        ok: false,
        message: msg("teacherActions.messagesPerHour", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
      };
    const sent = await sendTeacherMessage(
      { id: user.id, name: user.name },
      { code: level.code, name: level.name },
      toTarget(v.target),
      v.text,
      v.studentIds,
    );
    if (!sent) return NOT_IN_CLASS;
    if (sent.guardians === 0)
      return {
        ok: false,
        message: msg("teacherActions.noGuardians", { students: sent.students.length, describe: sent.describe }),
      };
    return {
      ok: true,
      message: msg("teacherActions.messageSent", { guardians: sent.guardians, students: sent.students.length }),
    };
  },
);
