"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { classFormAction, idSchema, levelCodeField } from "@/lib/actions";
import { setComment, setOverride } from "@/lib/gradebook/term-notes";
import { zmsg } from "@/lib/i18n/message";

// The Term grades page (issue 19): a teacher's override of a student's term grade and their
// report-card comment. Both locked once the term is published (lib/gradebook/term-notes). Answers
// are descriptors of `gradesServer.actions` (issue 40), written in the reader's language as they leave.

const termGradesPage = (code: string) => revalidatePath(`/level/${encodeURIComponent(code)}/update/term-grades`);
const PERCENT = zmsg("gradesServer.actions.percentInvalid");

export const setTermOverrideAction = classFormAction(
  z.object({
    levelCode: levelCodeField,
    studentId: idSchema,
    termId: idSchema,
    // A point or a comma for decimals, in every language ("87,5"): with one or two digits after it,
    // neither can be a thousands separator (lib/domain/scores, decision 029).
    percent: z
      .string()
      .trim()
      .regex(/^(\d{1,3}([.,]\d{1,2})?)?$/, PERCENT)
      .transform((s) => (s === "" ? null : Number(s.replace(",", "."))))
      .refine((v) => v === null || v <= 100, PERCENT),
    reason: z.string().trim().max(500, zmsg("gradesServer.actions.reasonTooLong")).default(""),
    // Families read the reason only when the teacher ticks this (issue 27); the note is for them.
    shared: z.literal("on").optional(),
    note: z
      .string()
      .trim()
      .max(500, zmsg("gradesServer.actions.noteTooLong"))
      .default("")
      .transform((s) => s || null),
  }),
  (v, { user, level }) => setOverride(user, level, { ...v, shared: v.shared === "on" }),
  { revalidate: termGradesPage },
);

export const setTermCommentAction = classFormAction(
  z.object({
    levelCode: levelCodeField,
    studentId: idSchema,
    termId: idSchema,
    comment: z.string().trim().max(1000, zmsg("gradesServer.actions.commentTooLong")).default(""),
    bank: z.literal("on").optional(),
  }),
  (v, { user, level }) => setComment(user, level, { ...v, bank: v.bank === "on" }),
  { revalidate: termGradesPage },
);
