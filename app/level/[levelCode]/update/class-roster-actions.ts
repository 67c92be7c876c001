"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import * as enrollment from "@/lib/class-roster/enroll";
import * as students from "@/lib/class-roster/students";
import { zmsg } from "@/lib/i18n/message";
import { searchStudentsForLevel } from "@/lib/queries/roster";

// Roster of the class dashboard (spec §5): the class's own instructor or an admin, and every
// student id must be enrolled in the class. What each write does is lib/class-roster.

const refresh = { revalidate: refreshClass };

const search = classAction(
  z.object({
    levelCode: levelCodeField,
    query: z.string().max(100, zmsg("teacherActions.atMostCharacters", { max: 100 })),
  }),
  async (v, { user, level }) => {
    const found = await searchStudentsForLevel(level.code, v.query);
    // "In no class" warns a teacher that the student's code stays with admins once added
    // (decision 019); an admin adding them keeps every code, so nothing is marked for them.
    return { ok: true, data: user.role === "admin" ? found.map((s) => ({ ...s, inNoClass: false })) : found };
  },
);

export async function searchStudents(
  levelCode: string,
  query: string,
): Promise<
  ActionResult<
    { id: number; name: string; username: string; email: string | null; enrolled: boolean; inNoClass: boolean }[]
  >
> {
  return search({ levelCode, query: query ?? "" });
}

/** Add existing students; already-enrolled ones are skipped (and cannot be picked in the dialog). */
export const enrollStudents = classAction(
  z.object({
    levelCode: levelCodeField,
    studentIds: z
      .array(idSchema)
      .min(1, zmsg("teacherActions.selectStudent"))
      .max(1000, zmsg("teacherActions.atMostStudents", { max: 1000 })),
  }),
  (v, { user, level }) => enrollment.enrollStudents(user, level, v.studentIds),
  refresh,
);

/** A blank optional field is null; one the form leaves out stays undefined (an edit keeps it). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, zmsg("teacherActions.atMostCharacters", { max }))
    .optional()
    .transform((s) => (s === undefined ? undefined : s.trim() === "" ? null : s.trim()));

/**
 * Teachers never type an access code (decision 010): a code set by hand was found to be "7" or
 * "2718", and "That access code is already in use." told a guesser which codes exist. First in the
 * form's shape, so this is the message whatever else is wrong.
 */
const noTypedCode = z
  .string()
  .optional()
  .refine((c) => c === undefined || c.trim() === "", zmsg("teacherActions.noTypedCode"));

const studentFields = z.object({
  code: noTypedCode,
  levelCode: levelCodeField,
  name: z.string().trim().min(1, zmsg("teacherActions.nameRequired")).max(200, zmsg("teacherActions.nameTooLong")),
  username: z
    .string()
    .trim()
    .min(1, zmsg("teacherActions.usernameRequired"))
    .max(100, zmsg("teacherActions.usernameTooLong")),
  email: optionalText(254).refine(
    (e) => e == null || z.email().safeParse(e).success,
    zmsg("teacherActions.validEmail"),
  ),
  phoneNumber: optionalText(40),
  parent1Number: optionalText(40),
  parent2Number: optionalText(40),
});
const fieldsOf = ({ name, username, email, phoneNumber, parent1Number, parent2Number }: students.StudentFields) => ({
  name,
  username,
  email,
  phoneNumber,
  parent1Number,
  parent2Number,
});

/** Create New Student: enrolled in this class, with a generated code shown once. */
export const createStudent = classFormAction(
  studentFields,
  (v, { user, level }) => students.createStudent(user, level, fieldsOf(v)),
  refresh,
);

/** Edit student: every change audited old → new; the code can only be regenerated. */
export const editStudent = classFormAction(
  studentFields.extend({ studentId: idSchema, newCode: z.literal("on").optional() }),
  (v, { user, level }) =>
    students.editStudent(user, level, { studentId: v.studentId, newCode: !!v.newCode, fields: fieldsOf(v) }),
  refresh,
);

/** Remove from the class: the enrollment only; grades, submissions and attendance stay. */
export const removeStudent = classAction(
  z.object({ levelCode: levelCodeField, studentId: idSchema }),
  (v, { user, level }) => enrollment.removeStudent(user, level, v.studentId),
  refresh,
);
