"use server";

import { eq, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { adminAction, adminFormAction, idSchema } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { generateAccessCode } from "@/lib/auth/codes";
import { codeColumns } from "@/lib/auth/code-store";
import { db } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { levels, users } from "@/lib/db/schema";
import { ROLES } from "@/lib/domain/constants";
import type { ClassStudentStats } from "@/lib/queries/admin-types";
import { listStudentSummaries } from "@/lib/queries/teacher";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { scorePercent } from "@/lib/domain/percent";

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

function duplicate(err: unknown): string | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return "That username is already taken.";
  if (dup.constraint.includes("users_code")) return "That access code is already in use.";
  if (dup.constraint.includes("levels_code")) return "A class with that code already exists.";
  return "That record already exists.";
}

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

async function teacherIsInstructor(id: number | null): Promise<boolean> {
  if (id === null) return true;
  const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role === "instructor";
}

const refreshAdmin = () => revalidatePath("/admin");

/** Create a class, or edit one when the form names its id ("" or absent: a new class). */
export const saveClass = adminFormAction(
  classFields.extend({
    id: z.preprocess((s) => (s === "" ? undefined : s), idSchema.optional()),
  }),
  async ({ id, ...v }): Promise<ActionResult> => {
    if (!(await teacherIsInstructor(v.teacherId))) return { ok: false, message: "The teacher must be an instructor." };
    try {
      if (id !== undefined) {
        const updated = await db().update(levels).set(v).where(eq(levels.id, id)).returning({ id: levels.id });
        if (updated.length === 0) return { ok: false, message: "That class no longer exists." };
      } else {
        await db().insert(levels).values(v);
      }
    } catch (err) {
      const msg = duplicate(err);
      if (msg) return { ok: false, message: msg };
      throw err;
    }
    return { ok: true, message: id !== undefined ? `Saved ${v.name}` : `Created ${v.name}` };
  },
  {
    revalidate: () => {
      revalidatePath("/admin");
      revalidatePath("/");
    },
  },
);

/** View Students: per student grade average, attendance % and the four counts with total days. */
export const loadClassStudentStats = adminAction(
  z.string().min(1).max(100),
  async (code): Promise<ActionResult<ClassStudentStats[]>> => {
    const rows = await listStudentSummaries(code);
    return {
      ok: true,
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        grade: scorePercent(r.earned, r.possible),
        attendance: teacherAttendancePercent(r),
        present: r.present,
        excused: r.excused,
        late: r.late,
        absent: r.absent,
        total: r.present + r.excused + r.late + r.absent,
      })),
    };
  },
);

/* ---------- people ---------- */

/** Admin edit of a student (spec §5): name, username, email required; date of birth optional. */
export const adminEditStudent = adminFormAction(
  z.object({
    id: idSchema,
    name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
    username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
    email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Please enter a valid email address")),
    dateOfBirth: optionalDate,
  }),
  async ({ id, ...v }, admin): Promise<ActionResult> => {
    // Only the spec's admin fields: phone numbers are not on this form and must not be wiped.
    try {
      const updated = await db()
        .update(users)
        .set({ ...v, updatedAt: new Date() })
        .where(sql`${users.id} = ${id} and ${users.role} = 'student'`)
        .returning({ id: users.id });
      if (updated.length === 0) return { ok: false, message: "That student no longer exists." };
    } catch (err) {
      const msg = duplicate(err);
      if (msg) return { ok: false, message: msg };
      throw err;
    }
    await audit(db(), { action: "user.updated", actorId: admin.id, detail: { userId: id, fields: Object.keys(v) } });
    return { ok: true, message: `Saved ${v.name}` };
  },
  { revalidate: refreshAdmin },
);

/** Create a user of any role with a generated access code, returned once. */
export const createUser = adminFormAction(
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
  async (v, admin): Promise<ActionResult<{ code: string; name: string }>> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateAccessCode();
      try {
        const [row] = await db()
          .insert(users)
          .values({ ...v, ...codeColumns(code) })
          .returning({ id: users.id });
        await audit(db(), { action: "user.created", actorId: admin.id, detail: { userId: row!.id, role: v.role } });
        return { ok: true, message: `Created ${v.name}`, data: { code, name: v.name } };
      } catch (err) {
        if (uniqueViolation(err)?.constraint.includes("users_code")) continue;
        const msg = duplicate(err);
        if (msg) return { ok: false, message: msg };
        throw err;
      }
    }
    return { ok: false, message: "Could not generate a unique access code. Please try again." };
  },
  { revalidate: refreshAdmin },
);

/** New access code for anyone; their open sessions end at once. The code is returned once. */
export const regenerateCode = adminAction(
  idSchema,
  async (userId, admin): Promise<ActionResult<{ code: string; name: string }>> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateAccessCode();
      try {
        const rows = await db().transaction(async (tx) => {
          const updated = await tx
            .update(users)
            .set({ ...codeColumns(code), sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
            .where(eq(users.id, userId))
            .returning({ name: users.name });
          if (updated.length)
            await audit(tx, { action: "user.code_regenerated", actorId: admin.id, detail: { userId } });
          return updated;
        });
        if (rows.length === 0) return { ok: false, message: "That user no longer exists." };
        return { ok: true, message: `New access code for ${rows[0]!.name}`, data: { code, name: rows[0]!.name } };
      } catch (err) {
        if (uniqueViolation(err)) continue;
        throw err;
      }
    }
    return { ok: false, message: "Could not generate a unique access code. Please try again." };
  },
  { revalidate: refreshAdmin },
);
