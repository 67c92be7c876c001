"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { classFormAction, idSchema, levelCodeField } from "@/lib/actions";
import { setComment, setOverride } from "@/lib/gradebook/term-notes";
import { translatedAction } from "@/lib/i18n/action-message";
import { translateGradeMessage } from "@/lib/i18n/grade-action-message";

// The Term grades page (issue 19): a teacher's override of a student's term grade and their
// report-card comment. Both locked once the term is published (lib/gradebook/term-notes). Answers
// in the reader's language (translateGradeMessage).

const termGradesPage = (code: string) => revalidatePath(`/level/${encodeURIComponent(code)}/update/term-grades`);
const PERCENT = "Enter a percent between 0 and 100, or leave it blank to remove the override";

export const setTermOverrideAction = translatedAction(
  classFormAction(
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
      reason: z.string().trim().max(500, "Keep the reason under 500 characters").default(""),
      // Families read the reason only when the teacher ticks this (issue 27); the note is for them.
      shared: z.literal("on").optional(),
      note: z
        .string()
        .trim()
        .max(500, "Keep the note to the family under 500 characters")
        .default("")
        .transform((s) => s || null),
    }),
    (v, { user, level }) => setOverride(user, level, { ...v, shared: v.shared === "on" }),
    { revalidate: termGradesPage },
  ),
  translateGradeMessage,
);

export const setTermCommentAction = translatedAction(
  classFormAction(
    z.object({
      levelCode: levelCodeField,
      studentId: idSchema,
      termId: idSchema,
      comment: z.string().trim().max(1000, "Keep the comment under 1,000 characters").default(""),
      bank: z.literal("on").optional(),
    }),
    (v, { user, level }) => setComment(user, level, { ...v, bank: v.bank === "on" }),
    { revalidate: termGradesPage },
  ),
  translateGradeMessage,
);
