"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded, idSchema, invalid } from "@/lib/actions";
import { requireClassAccess } from "@/lib/auth/guards";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import { MESSAGE_MAX_LENGTH, previewMessage, sendTeacherMessage, type MessageTarget } from "@/lib/notify/messages";
import { hitRateLimit } from "@/lib/rate-limit";

// Teacher messages (issue 20): the class's own staff (its instructor or an admin) preview and send
// a short text to the guardians of the students an assignment or a grade threshold picks.

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

function toTarget(t: z.infer<typeof target>): MessageTarget {
  return t.kind === "not_submitted" ? t : { kind: "below", percent: t.percent, term: parseTermChoice(t.term) };
}

export interface MessagePreviewView {
  students: number;
  guardians: number;
  names: string[];
  describe: string;
}

const NAMES_SHOWN = 12;

export async function previewGuardianMessage(input: {
  levelCode: string;
  target: unknown;
}): Promise<ActionResult<MessagePreviewView>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = target.safeParse(input?.target);
    if (!parsed.success) return invalid(parsed.error);
    const preview = await previewMessage(level.code, toTarget(parsed.data));
    if (!preview) return { ok: false, message: "That assignment is not in this class." };
    return {
      ok: true,
      data: {
        students: preview.students.length,
        guardians: preview.guardians,
        names: preview.students.slice(0, NAMES_SHOWN).map((s) => s.name),
        describe: preview.describe,
      },
    };
  });
}

export async function sendGuardianMessage(input: {
  levelCode: string;
  target: unknown;
  text: unknown;
}): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ target, text }).safeParse({ target: input?.target, text: input?.text });
    if (!parsed.success) return invalid(parsed.error);
    const limit = await hitRateLimit(`guardian-message:${user.id}`, 20, 3_600_000);
    if (!limit.allowed)
      return {
        ok: false,
        message: `Twenty messages an hour at most. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
      };
    const sent = await sendTeacherMessage(
      { id: user.id, name: user.name },
      { code: level.code, name: level.name },
      toTarget(parsed.data.target),
      parsed.data.text,
    );
    if (!sent) return { ok: false, message: "That assignment is not in this class." };
    if (sent.guardians === 0)
      return {
        ok: false,
        message: `No linked guardians to send to (${sent.students.length} student(s): ${sent.describe}).`,
      };
    return { ok: true, message: `Message sent to ${sent.guardians} guardian(s) of ${sent.students.length} student(s)` };
  });
}
