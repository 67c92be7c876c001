// Create New Student and Edit student of the class dashboard (spec §5). The student's row, its
// enrollment and the audit entries are written in one transaction: the edit is audited old → new,
// and a parent-number change gets an entry of its own, which /admin lists for review (it decides
// who the student's guardians are).
import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { accessCodeDecision } from "@/lib/auth/code-access";
import { generateAccessCode } from "@/lib/auth/codes";
import { codeColumns } from "@/lib/auth/code-store";
import { canEditStudent, type Actor, type LevelFacts } from "@/lib/auth/policy";
import { db, type Db } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { studentEnrollment, users } from "@/lib/db/schema";
import { msg, type Message } from "@/lib/i18n/message";
import { isStudentEnrolled } from "@/lib/queries/levels";
import { NOT_ENROLLED_HERE } from "./enroll";
import { sharedPersonRefusal } from "@/lib/db/schools";

const OPTIONAL_FIELDS = ["email", "phoneNumber", "parent1Number", "parent2Number"] as const;
const EDITABLE = ["name", "username", ...OPTIONAL_FIELDS] as const;
type Optional = (typeof OPTIONAL_FIELDS)[number];

/** A form's student fields: an optional one is null when sent blank, undefined when left out. */
export type StudentFields = { name: string; username: string } & { [K in Optional]?: string | null };
type Saved = Answer<{ code: string | null; name: string }>;

function duplicateMessage(err: unknown): Message | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return msg("teacherActions.usernameTaken");
  if (dup.constraint.includes("code")) return msg("teacherActions.codeInUse");
  return msg("teacherActions.recordExists");
}

/**
 * A teacher's parent-number edit links no parent by itself (issue 28, decision 019): for the rest of
 * this transaction the phone sync (drizzle pending-links migration) files matching pairs as pending,
 * for an admin to confirm on /admin → Security. An admin's own edit links at once.
 */
async function parentLinksPendingFor(tx: Pick<Db, "execute">, actor: { role: string }): Promise<void> {
  if (actor.role !== "admin") await tx.execute(sql`select set_config('portal.guardian_links', 'pending', true)`);
}

/** Create New Student: enrolled in this class, with a generated code shown once. */
export async function createStudent(actor: Actor, level: LevelFacts, fields: StudentFields): Promise<Saved> {
  const v = { ...fields };
  for (const k of OPTIONAL_FIELDS) v[k] ??= null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = generateAccessCode();
    try {
      await db().transaction(async (tx) => {
        await parentLinksPendingFor(tx, actor);
        const [row] = await tx
          .insert(users)
          .values({ ...v, ...codeColumns(code), role: "student" })
          .returning({ id: users.id });
        await tx.insert(studentEnrollment).values({ studentId: row!.id, levelCode: level.code });
        await audit(tx, {
          action: "enrollment.changed",
          actorId: actor.id,
          levelCode: level.code,
          detail: { created: row!.id, added: [row!.id] },
        });
        if (v.parent1Number || v.parent2Number) {
          await audit(tx, {
            action: "student.parent_numbers_changed",
            actorId: actor.id,
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
      return {
        ok: true,
        message: msg("teacherActions.studentCreated", { name: v.name }),
        data: { code, name: v.name },
      };
    } catch (err) {
      if (uniqueViolation(err)?.constraint.includes("code")) continue; // astronomically unlikely: draw again
      const duplicate = duplicateMessage(err);
      if (duplicate) return { ok: false, message: duplicate };
      throw err;
    }
  }
  return { ok: false, message: msg("teacherActions.noUniqueCode") };
}

/**
 * Edit student (teacher, spec §5): name and username required; blank phones become null, a field
 * the form leaves out is kept (issue 28). The code can only be regenerated, and only for a student
 * whose every class is this instructor's own (a new code signs in as the student everywhere).
 */
export async function editStudent(
  actor: Actor,
  level: LevelFacts,
  edit: { studentId: number; newCode: boolean; fields: StudentFields },
): Promise<Saved> {
  const { studentId, fields: v } = edit;
  if (!canEditStudent(actor, { studentInActorsClass: await isStudentEnrolled(studentId, level.code) }))
    return { ok: false, message: NOT_ENROLLED_HERE };
  if (edit.newCode && !(await accessCodeDecision(actor, studentId)).allowed)
    return { ok: false, message: msg("teacherActions.adminsOnlyCode") };
  const shared = await sharedPersonRefusal(studentId, actor.id);
  if (shared) return { ok: false, message: shared };
  const code = edit.newCode ? generateAccessCode() : null;
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
      const next = { ...v };
      for (const k of OPTIONAL_FIELDS) if (next[k] === undefined) next[k] = current[k] ?? null;
      await parentLinksPendingFor(tx, actor);
      await tx
        .update(users)
        .set({
          ...next,
          updatedAt: new Date(),
          ...(code ? { ...codeColumns(code), sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        })
        .where(eq(users.id, studentId));
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const k of EDITABLE)
        if ((current[k] ?? null) !== (next[k] ?? null)) changes[k] = { from: current[k] ?? null, to: next[k] ?? null };
      if (Object.keys(changes).length || code) {
        // The code itself never goes in the log: only that it changed.
        await audit(tx, {
          action: "student.edited",
          actorId: actor.id,
          levelCode: level.code,
          detail: { studentId, by: "teacher", changes, ...(code ? { code: "regenerated" } : {}) },
        });
      }
      if (changes.parent1Number || changes.parent2Number) {
        await audit(tx, {
          action: "student.parent_numbers_changed",
          actorId: actor.id,
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
    if (!done) return { ok: false, message: NOT_ENROLLED_HERE };
  } catch (err) {
    const duplicate = duplicateMessage(err);
    if (duplicate) return { ok: false, message: duplicate };
    throw err;
  }
  return {
    ok: true,
    message: code
      ? msg("teacherActions.savedWithCode", { name: v.name, code })
      : msg("teacherActions.saved", { name: v.name }),
    data: { code, name: v.name },
  };
}
