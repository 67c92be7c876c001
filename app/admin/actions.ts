"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction, adminFormAction, idSchema, refreshAdmin } from "@/lib/actions";
import { createUser as createAccount, editStudent, regenerateCode as newAccessCode } from "@/lib/admin/accounts";
import { saveClass as saveClassRow } from "@/lib/admin/classes";
import { ROLES } from "@/lib/domain/constants";
import { zmsg } from "@/lib/i18n/message";
import { listClassStudentStats } from "@/lib/queries/admin";

// The admin dashboard's classes and people (spec §5, §6): each action is its schema and one call
// to lib/admin, which writes with its audit entry in one transaction.

const blankToNull = (max: number) =>
  z
    .string()
    .max(max, zmsg("admin.actions.atMost", { max }))
    .optional()
    .transform((s) => (s === undefined || s.trim() === "" ? null : s.trim()));

const optionalDate = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s.trim() === "" ? null : s.trim()))
  .refine(
    (s) =>
      s === null ||
      (/^\d{4}-\d{2}-\d{2}$/.test(s) &&
        !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()) &&
        new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
    zmsg("admin.actions.badBirthDate"),
  );

const nameRequired = zmsg("admin.actions.nameRequired");
const nameTooLong = zmsg("admin.actions.nameTooLong");
const usernameRequired = zmsg("admin.actions.usernameRequired");
const usernameTooLong = zmsg("admin.actions.usernameTooLong");

/* ---------- classes ---------- */

const classFields = z.object({
  code: z
    .string()
    .trim()
    .min(1, zmsg("admin.actions.codeRequired"))
    .max(50, zmsg("admin.actions.codeTooLong"))
    .regex(/^[A-Za-z0-9._-]+$/, zmsg("admin.actions.codeChars")),
  name: z.string().trim().min(1, nameRequired).max(200, nameTooLong),
  period: blankToNull(50),
  level: blankToNull(50),
  teacherId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine((n) => n === null || (Number.isInteger(n) && n > 0), zmsg("admin.actions.chooseTeacher")),
});

/** Create a class, or edit one when the form names its id ("" or absent: a new class). */
export const saveClass = adminFormAction(
  classFields.extend({
    id: z.preprocess((s) => (s === "" ? undefined : s), idSchema.optional()),
    // The class's school year (issue 41): one of the open years the form lists.
    yearId: z.preprocess((s) => (s === "" ? undefined : s), idSchema.optional()),
  }),
  (v) => saveClassRow(v),
  {
    revalidate: () => {
      revalidatePath("/admin");
      revalidatePath("/");
    },
  },
);

// A code that cannot be a class's (only a hand-made request sends one) names no class.
const noClass = zmsg("states.classNotFound");

/** View Students: per student grade average, attendance % and the four counts with total days. */
export const loadClassStudentStats = adminAction(z.string().min(1, noClass).max(100, noClass), async (code) => ({
  ok: true,
  data: await listClassStudentStats(code),
}));

/* ---------- people ---------- */

/** Admin edit of a student (spec §5): name, username, email required; date of birth optional. */
export const adminEditStudent = adminFormAction(
  z.object({
    id: idSchema,
    name: z.string().trim().min(1, nameRequired).max(200, nameTooLong),
    username: z.string().trim().min(1, usernameRequired).max(100, usernameTooLong),
    email: z
      .string()
      .trim()
      .min(1, zmsg("admin.actions.emailRequired"))
      .max(254, zmsg("admin.actions.emailTooLong"))
      .pipe(z.email(zmsg("admin.actions.validEmailPlease"))),
    dateOfBirth: optionalDate,
  }),
  (v, admin) => editStudent({ ...v, actorId: admin.id }),
  { revalidate: refreshAdmin },
);

/** Create a user of any role with a generated access code, returned once. */
export const createUser = adminFormAction(
  z.object({
    role: z.enum(ROLES, { message: zmsg("admin.actions.chooseRole") }),
    name: z.string().trim().min(1, nameRequired).max(200, nameTooLong),
    username: z.string().trim().min(1, usernameRequired).max(100, usernameTooLong),
    email: blankToNull(254).refine(
      (e) => e === null || z.email().safeParse(e).success,
      zmsg("admin.actions.validEmailPlease"),
    ),
    phoneNumber: blankToNull(40),
    parent1Number: blankToNull(40),
    parent2Number: blankToNull(40),
    dateOfBirth: optionalDate,
  }),
  (v, admin) => createAccount(v, admin.id),
  { revalidate: refreshAdmin },
);

/** New access code for anyone; their open sessions end at once. The code is returned once. */
export const regenerateCode = adminAction(idSchema, (userId, admin) => newAccessCode(userId, admin.id), {
  revalidate: refreshAdmin,
});
