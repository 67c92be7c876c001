import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { generateAccessCode } from "@/lib/auth/codes";
import { codeColumns } from "@/lib/auth/code-store";
import { db } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { memberHere, sharedPersonRefusal } from "@/lib/db/schools";
import { users } from "@/lib/db/schema";
import type { Role } from "@/lib/domain/constants";
import { msg } from "@/lib/i18n/message";
import { duplicateMessage } from "./duplicate";

// An admin's writes to people's accounts (spec §5, §6). Each write and its audit entry commit in
// one transaction: a failed audit leaves no unaudited change behind (issue 34).

const CODE_ATTEMPTS = 3;

/** The spec's admin fields of a student; phone numbers are not among them and are never wiped here. */
export async function editStudent(input: {
  id: number;
  name: string;
  username: string;
  email: string;
  dateOfBirth: string | null;
  actorId: number;
}): Promise<Answer> {
  const { id, actorId, ...v } = input;
  const shared = await sharedPersonRefusal(id, actorId);
  if (shared) return { ok: false, message: shared };
  try {
    return await db().transaction(async (tx): Promise<Answer> => {
      const updated = await tx
        .update(users)
        .set({ ...v, updatedAt: new Date() })
        .where(sql`${users.id} = ${id} and ${users.role} = 'student' and ${memberHere(users.id)}`)
        .returning({ id: users.id });
      if (updated.length === 0) return { ok: false, message: msg("admin.actions.studentGone") };
      await audit(tx, { action: "user.updated", actorId, detail: { userId: id, fields: Object.keys(v) } });
      return { ok: true, message: msg("admin.actions.saved", { name: v.name }) };
    });
  } catch (err) {
    const duplicate = duplicateMessage(err);
    if (duplicate) return { ok: false, message: duplicate };
    throw err;
  }
}

export interface NewUser {
  role: Role;
  name: string;
  username: string;
  email: string | null;
  phoneNumber: string | null;
  parent1Number: string | null;
  parent2Number: string | null;
  dateOfBirth: string | null;
}

/** A user of any role with a generated access code, returned once (a code clash draws again). */
export async function createUser(v: NewUser, actorId: number): Promise<Answer<{ code: string; name: string }>> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = generateAccessCode();
    try {
      await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...v, ...codeColumns(code) })
          .returning({ id: users.id });
        await audit(tx, { action: "user.created", actorId, detail: { userId: row!.id, role: v.role } });
      });
      return { ok: true, message: msg("admin.actions.created", { name: v.name }), data: { code, name: v.name } };
    } catch (err) {
      if (uniqueViolation(err)?.constraint.includes("users_code")) continue;
      const duplicate = duplicateMessage(err);
      if (duplicate) return { ok: false, message: duplicate };
      throw err;
    }
  }
  return { ok: false, message: msg("admin.actions.noUniqueCode") };
}

/** A new access code for anyone, returned once; their open sessions end at once (session version). */
export async function regenerateCode(userId: number, actorId: number): Promise<Answer<{ code: string; name: string }>> {
  const shared = await sharedPersonRefusal(userId, actorId);
  if (shared) return { ok: false, message: shared };
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = generateAccessCode();
    try {
      const rows = await db().transaction(async (tx) => {
        const updated = await tx
          .update(users)
          .set({ ...codeColumns(code), sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
          .where(and(eq(users.id, userId), memberHere(users.id)))
          .returning({ name: users.name });
        if (updated.length) await audit(tx, { action: "user.code_regenerated", actorId, detail: { userId } });
        return updated;
      });
      if (rows.length === 0) return { ok: false, message: msg("admin.actions.userGone") };
      const name = rows[0]!.name;
      return { ok: true, message: msg("admin.actions.newCodeFor", { name }), data: { code, name } };
    } catch (err) {
      if (uniqueViolation(err)) continue;
      throw err;
    }
  }
  return { ok: false, message: msg("admin.actions.noUniqueCode") };
}
