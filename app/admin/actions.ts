"use server";

import { adminTranslated } from "@/lib/i18n/admin-action-message";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction, adminFormAction, idSchema, refreshAdmin } from "@/lib/actions";
import { createUser as createAccount, editStudent, regenerateCode as newAccessCode } from "@/lib/admin/accounts";
import { saveClass as saveClassRow } from "@/lib/admin/classes";
import { ROLES } from "@/lib/domain/constants";
import { listClassStudentStats } from "@/lib/queries/admin";

// The admin dashboard's classes and people (spec §5, §6): each action is its schema and one call
// to lib/admin, which writes with its audit entry in one transaction.

const blankToNull = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
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
    "Date of birth is not a valid date",
  );

/* ---------- classes ---------- */

const classFields = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Code is required")
    .max(50, "Code is too long")
    .regex(/^[A-Za-z0-9._-]+$/, "Code may use letters, digits, '.', '_' and '-'"),
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  period: blankToNull(50),
  level: blankToNull(50),
  teacherId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine((n) => n === null || (Number.isInteger(n) && n > 0), "Choose a teacher"),
});

/** Create a class, or edit one when the form names its id ("" or absent: a new class). */
export const saveClass = adminTranslated(
  adminFormAction(
    classFields.extend({
      id: z.preprocess((s) => (s === "" ? undefined : s), idSchema.optional()),
    }),
    (v) => saveClassRow(v),
    {
      revalidate: () => {
        revalidatePath("/admin");
        revalidatePath("/");
      },
    },
  ),
);

/** View Students: per student grade average, attendance % and the four counts with total days. */
export const loadClassStudentStats = adminTranslated(
  adminAction(z.string().min(1).max(100), async (code) => ({
    ok: true,
    data: await listClassStudentStats(code),
  })),
);

/* ---------- people ---------- */

/** Admin edit of a student (spec §5): name, username, email required; date of birth optional. */
export const adminEditStudent = adminTranslated(
  adminFormAction(
    z.object({
      id: idSchema,
      name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
      username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
      email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Please enter a valid email address")),
      dateOfBirth: optionalDate,
    }),
    (v, admin) => editStudent({ ...v, actorId: admin.id }),
    { revalidate: refreshAdmin },
  ),
);

/** Create a user of any role with a generated access code, returned once. */
export const createUser = adminTranslated(
  adminFormAction(
    z.object({
      role: z.enum(ROLES, { message: "Choose a role" }),
      name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
      username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
      email: blankToNull(254).refine(
        (e) => e === null || z.email().safeParse(e).success,
        "Please enter a valid email address",
      ),
      phoneNumber: blankToNull(40),
      parent1Number: blankToNull(40),
      parent2Number: blankToNull(40),
      dateOfBirth: optionalDate,
    }),
    (v, admin) => createAccount(v, admin.id),
    { revalidate: refreshAdmin },
  ),
);

/** New access code for anyone; their open sessions end at once. The code is returned once. */
export const regenerateCode = adminTranslated(
  adminAction(idSchema, (userId, admin) => newAccessCode(userId, admin.id), {
    revalidate: refreshAdmin,
  }),
);
