"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, idSchema, levelCodeField } from "@/lib/actions";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MAX_STUDENTS,
  previewMessage,
  sendTeacherMessage,
  type MessageTarget,
} from "@/lib/notify/messages";
import { hitRateLimit } from "@/lib/rate-limit";
import { teacherAction, translateTeacherMessage } from "@/lib/i18n/teacher-actions";

// Teacher messages (issue 20): the class's own staff (its instructor or an admin) preview and send
// a short text to the guardians of the students an assignment or a grade threshold picks, less
// any the teacher unticked in the preview.

const target = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("not_submitted"), assignmentId: idSchema }),
  z.object({
    kind: z.literal("below"),
    percent: z.coerce
      .number({ message: "The percent must be a whole number from 1 to 100" })
      .int("The percent must be a whole number from 1 to 100")
      .min(1, "The percent must be a whole number from 1 to 100")
      .max(100, "The percent must be a whole number from 1 to 100"),
    term: z.string().max(12).optional(),
  }),
]);
const text = z
  .string()
  .trim()
  .min(1, "Write a message")
  .max(MESSAGE_MAX_LENGTH, `A message is at most ${MESSAGE_MAX_LENGTH} characters`);
// The students left ticked in the preview (absent: every student the target picks).
const studentIds = z
  .array(idSchema)
  .min(1, "Tick at least one student")
  .max(MESSAGE_MAX_STUDENTS, `At most ${MESSAGE_MAX_STUDENTS} students`)
  .optional();

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

export const previewGuardianMessage = teacherAction(
  classAction(
    z.object({ levelCode: levelCodeField, target: postedTarget }),
    async (v, { level }): Promise<ActionResult<MessagePreviewView>> => {
      const preview = await previewMessage(level.code, toTarget(v.target));
      if (!preview) return { ok: false, message: "That assignment is not in this class." };
      return {
        ok: true,
        data: {
          students: preview.students.length,
          guardians: preview.guardians,
          picked: preview.students.slice(0, MESSAGE_MAX_STUDENTS).map((s) => ({ id: s.id, name: s.name })),
          // Written in English by lib/notify/messages (the notice's own words are the recipient's).
          describe: await translateTeacherMessage(preview.describe),
        },
      };
    },
  ),
);

export const sendGuardianMessage = teacherAction(
  classAction(
    z.object({ levelCode: levelCodeField, target: postedTarget, text, studentIds }),
    async (v, { user, level }): Promise<ActionResult> => {
      const limit = await hitRateLimit(`guardian-message:${user.id}`, 20, 3_600_000);
      if (!limit.allowed)
        return {
          ok: false,
          message: `Twenty messages an hour at most. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
        };
      const sent = await sendTeacherMessage(
        { id: user.id, name: user.name },
        { code: level.code, name: level.name },
        toTarget(v.target),
        v.text,
        v.studentIds,
      );
      if (!sent) return { ok: false, message: "That assignment is not in this class." };
      if (sent.guardians === 0)
        return {
          ok: false,
          message: `No linked guardians to send to (${sent.students.length} student(s): ${sent.describe}).`,
        };
      return {
        ok: true,
        message: `Message sent to ${sent.guardians} guardian(s) of ${sent.students.length} student(s)`,
      };
    },
  ),
);
