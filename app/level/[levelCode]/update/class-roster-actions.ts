"use server";

import { and, eq, inArray, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { generateAccessCode } from "@/lib/auth/codes";
import { accessCodeDecision } from "@/lib/auth/code-access";
import { codeColumns } from "@/lib/auth/code-store";
import { requireClassAccess } from "@/lib/auth/guards";
import { canEditStudent } from "@/lib/auth/policy";
import { db, queryRows, type Db } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { studentEnrollment, users } from "@/lib/db/schema";
import { ADMINS_ONLY_CODE_MESSAGE } from "@/lib/domain/constants";
import { searchStudentsForLevel } from "@/lib/queries/roster";
import { audit } from "@/lib/audit";
import { isStudentEnrolled } from "@/lib/queries/levels";

// Attendance and roster actions of the class dashboard. Same rule as every teaching action:
// the caller must teach this level, and every student id must be enrolled in it.

function refresh(code: string) {
  const base = `/level/${encodeURIComponent(code)}`;
  revalidatePath(`${base}/update`);
  revalidatePath(base);
}

/* ---------- roster ---------- */

export async function searchStudents(
  levelCode: string,
  query: string,
): Promise<ActionResult<{ id: number; name: string; username: string; email: string | null; enrolled: boolean }[]>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(levelCode ?? ""), "teach");
    const q = z
      .string()
      .max(100)
      .safeParse(query ?? "");
    if (!q.success) return invalid(q.error);
    return { ok: true, data: await searchStudentsForLevel(level.code, q.data) };
  });
}

/** Add existing students; already-enrolled ones are skipped (and cannot be picked in the dialog). */
export async function enrollStudents(input: {
  levelCode: string;
  studentIds: number[];
}): Promise<ActionResult<{ added: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({ studentIds: z.array(idSchema).min(1, "Select at least one student").max(1000) })
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const ids = [...new Set(parsed.data.studentIds)];
    const students = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, "student")));
    if (students.length !== ids.length) return { ok: false, message: "Only existing students can be added." };
    // Allowed (spec §5), but a student taken from another teacher's class is shown on /admin →
    // Security (issue 28): the other classes are named in the audit entry.
    const elsewhere = await queryRows<{ student_id: number; classes: string }>(sql`
      select e.student_id, string_agg(e.level_code, ', ' order by e.level_code) as classes
      from student_enrollment e join levels l on l.code = e.level_code
      where e.student_id = any(${`{${ids.join(",")}}`}::int[]) and e.level_code <> ${level.code}
        and l.teacher_id is distinct from ${user.id}::int
      group by e.student_id`);
    const otherClasses = new Map(elsewhere.map((r) => [Number(r.student_id), r.classes]));
    const added = await db()
      .insert(studentEnrollment)
      .values(ids.map((id) => ({ studentId: id, levelCode: level.code })))
      .onConflictDoNothing()
      .returning({ id: studentEnrollment.id, studentId: studentEnrollment.studentId });
    if (added.length)
      await audit(db(), {
        action: "enrollment.changed",
        actorId: user.id,
        levelCode: level.code,
        detail: { added: added.map((a) => a.studentId) },
      });
    // One entry per 20 students: the audit log keeps at most 20 items of a list (boundedDetail).
    const crossing = added
      .filter((a) => otherClasses.has(a.studentId))
      .map((a) => ({ studentId: a.studentId, classes: otherClasses.get(a.studentId)! }));
    for (let i = 0; i < crossing.length; i += 20)
      await audit(db(), {
        action: "enrollment.cross_class",
        actorId: user.id,
        levelCode: level.code,
        detail: { students: crossing.slice(i, i + 20) },
      });
    refresh(level.code);
    return {
      ok: true,
      message: `Successfully added ${added.length} student(s) to the class!`,
      data: { added: added.length },
    };
  });
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((s) => (s === undefined || s.trim() === "" ? null : s.trim()));

const studentFields = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
  email: optionalText(254).refine(
    (e) => e === null || z.email().safeParse(e).success,
    "Please enter a valid email address",
  ),
  phoneNumber: optionalText(40),
  parent1Number: optionalText(40),
  parent2Number: optionalText(40),
});

function duplicateMessage(err: unknown): string | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return "That username is already taken.";
  if (dup.constraint.includes("code")) return "That access code is already in use.";
  return "That record already exists.";
}

/**
 * Teachers never type an access code (decision 010): a code set by hand was found to be "7" or
 * "2718", and "That access code is already in use." told a guesser which codes exist.
 */
const NO_HAND_CODES = "Access codes are generated by the portal: use “Generate a new access code” instead.";
const typedCode = (formData: FormData) => {
  const code = formData.get("code");
  return code !== null && (typeof code !== "string" || code.trim() !== "");
};
/** The form's class code; a file sent in its place names no class. */
const levelCodeOf = (formData: FormData) => {
  const code = formData.get("levelCode");
  return typeof code === "string" ? code : "";
};

/** Create New Student: enrolled in this class, with a generated code shown once. */
export async function createStudent(
  _prev: ActionResult<{ code: string | null; name: string }>,
  formData: FormData,
): Promise<ActionResult<{ code: string | null; name: string }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(levelCodeOf(formData), "teach");
    if (typedCode(formData)) return { ok: false, message: NO_HAND_CODES };
    const parsed = studentFields.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateAccessCode();
      try {
        await db().transaction(async (tx) => {
          await parentLinksPendingFor(tx, user);
          const [row] = await tx
            .insert(users)
            .values({ ...v, ...codeColumns(code), role: "student" })
            .returning({ id: users.id });
          await tx.insert(studentEnrollment).values({ studentId: row!.id, levelCode: level.code });
          await audit(tx, {
            action: "enrollment.changed",
            actorId: user.id,
            levelCode: level.code,
            detail: { created: row!.id, added: [row!.id] },
          });
          if (v.parent1Number || v.parent2Number) {
            await audit(tx, {
              action: "student.parent_numbers_changed",
              actorId: user.id,
              levelCode: level.code,
              detail: {
                studentId: row!.id,
                by: "teacher",
                parent1Number: { from: null, to: v.parent1Number },
                parent2Number: { from: null, to: v.parent2Number },
              },
            });
          }
        });
        refresh(level.code);
        return {
          ok: true,
          message: `Successfully created and added ${v.name} to the class!`,
          data: { code, name: v.name },
        };
      } catch (err) {
        if (uniqueViolation(err)?.constraint.includes("code")) continue; // astronomically unlikely: draw again
        const msg = duplicateMessage(err);
        if (msg) return { ok: false, message: msg };
        throw err;
      }
    }
    return { ok: false, message: "Could not generate a unique access code. Please try again." };
  });
}

const EDITABLE = ["name", "username", "email", "phoneNumber", "parent1Number", "parent2Number"] as const;
const OPTIONAL_FIELDS = ["email", "phoneNumber", "parent1Number", "parent2Number"] as const;

/**
 * A teacher's parent-number edit links no parent by itself (issue 28, decision 019): for the rest of
 * this transaction the phone sync (drizzle pending-links migration) files matching pairs as pending,
 * for an admin to confirm on /admin → Security. An admin's own edit links at once.
 */
async function parentLinksPendingFor(tx: Pick<Db, "execute">, actor: { role: string }): Promise<void> {
  if (actor.role !== "admin") await tx.execute(sql`select set_config('portal.guardian_links', 'pending', true)`);
}

/**
 * Edit student (teacher, spec §5): name and username required; blank phones become null. The code
 * can only be regenerated. Every change is audited as old → new; parent-number changes get an
 * entry of their own, which /admin lists for review (they decide who the student's guardians are).
 */
export async function editStudent(
  _prev: ActionResult<{ code: string | null; name: string }>,
  formData: FormData,
): Promise<ActionResult<{ code: string | null; name: string }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(levelCodeOf(formData), "teach");
    if (typedCode(formData)) return { ok: false, message: NO_HAND_CODES };
    const parsed = studentFields
      .extend({ studentId: idSchema, newCode: z.literal("on").optional() })
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, newCode, ...v } = parsed.data;
    if (!canEditStudent(user, { studentInActorsClass: await isStudentEnrolled(studentId, level.code) })) {
      return { ok: false, message: "That student is not enrolled in this class." };
    }
    // Issue 28: a new code signs in as the student everywhere, so only for a student whose every
    // class is this instructor's own (otherwise admins only).
    if (newCode && !(await accessCodeDecision(user, studentId)).allowed)
      return { ok: false, message: ADMINS_ONLY_CODE_MESSAGE };
    const code = newCode ? generateAccessCode() : null;
    try {
      const done = await db().transaction(async (tx) => {
        const [current] = await tx
          .select({
            role: users.role,
            name: users.name,
            username: users.username,
            email: users.email,
            phoneNumber: users.phoneNumber,
            parent1Number: users.parent1Number,
            parent2Number: users.parent2Number,
          })
          .from(users)
          .where(eq(users.id, studentId))
          .for("update");
        if (!current || current.role !== "student") return false;
        // A form that leaves a field out keeps it (issue 28): only a field sent empty is cleared.
        for (const k of OPTIONAL_FIELDS) if (!formData.has(k)) v[k] = current[k] ?? null;
        await parentLinksPendingFor(tx, user);
        await tx
          .update(users)
          .set({
            ...v,
            updatedAt: new Date(),
            ...(code ? { ...codeColumns(code), sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
          })
          .where(eq(users.id, studentId));
        const changes: Record<string, { from: string | null; to: string | null }> = {};
        for (const k of EDITABLE)
          if ((current[k] ?? null) !== (v[k] ?? null)) changes[k] = { from: current[k] ?? null, to: v[k] ?? null };
        if (Object.keys(changes).length || code) {
          // The code itself never goes in the log: only that it changed.
          await audit(tx, {
            action: "student.edited",
            actorId: user.id,
            levelCode: level.code,
            detail: { studentId, by: "teacher", changes, ...(code ? { code: "regenerated" } : {}) },
          });
        }
        if (changes.parent1Number || changes.parent2Number) {
          await audit(tx, {
            action: "student.parent_numbers_changed",
            actorId: user.id,
            levelCode: level.code,
            detail: {
              studentId,
              by: "teacher",
              ...(changes.parent1Number ? { parent1Number: changes.parent1Number } : {}),
              ...(changes.parent2Number ? { parent2Number: changes.parent2Number } : {}),
            },
          });
        }
        return true;
      });
      if (!done) return { ok: false, message: "That student is not enrolled in this class." };
    } catch (err) {
      const msg = duplicateMessage(err);
      if (msg) return { ok: false, message: msg };
      throw err;
    }
    refresh(level.code);
    return {
      ok: true,
      message: code ? `Saved ${v.name}; new access code ${code}` : `Saved ${v.name}`,
      data: { code, name: v.name },
    };
  });
}

/** Remove from the class: the enrollment only; grades, submissions and attendance stay. */
export async function removeStudent(input: { levelCode: string; studentId: number }): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ studentId: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const removed = await db()
      .delete(studentEnrollment)
      .where(and(eq(studentEnrollment.studentId, parsed.data.studentId), eq(studentEnrollment.levelCode, level.code)))
      .returning({ id: studentEnrollment.id });
    if (removed.length === 0) return { ok: false, message: "That student is not enrolled in this class." };
    await audit(db(), {
      action: "enrollment.changed",
      actorId: user.id,
      levelCode: level.code,
      detail: { removed: [parsed.data.studentId] },
    });
    refresh(level.code);
    return { ok: true, message: "Student removed from the class" };
  });
}
