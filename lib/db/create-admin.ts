import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { generateAccessCode } from "@/lib/auth/codes";
import { codeColumns } from "@/lib/auth/code-store";
import type { Db } from "./client";
import { users } from "./schema";

// The first admin of a real school (issue 17 item 8): with SEED_DEMO=off there is nobody to sign
// in as. `npm run create-admin -- --name … --username … [--email …]` prints the generated code once.

export async function createAdmin(
  db: Db,
  input: { name: string; username: string; email?: string; district?: boolean },
): Promise<{ ok: true; code: string } | { ok: false; message: string }> {
  const name = input.name.trim();
  const username = input.username.trim();
  // Their school e-mail: with SIGNIN_CODES keeping admins' codes off, the first admin signs in with
  // their school account, linked by this address at the first sign-in (decision 022).
  const email = input.email?.trim() || null;
  if (!name || name.length > 200) return { ok: false, message: "--name is required (at most 200 characters)" };
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(username))
    return { ok: false, message: "--username is required: letters, digits, '.', '_' or '-' (at most 100)" };
  if (email !== null && !z.email().max(254).safeParse(email).success)
    return { ok: false, message: "--email must be an e-mail address, e.g. dana.lee@lincoln.school" };
  if ((await db.select({ id: users.id }).from(users).where(eq(users.username, username))).length)
    return { ok: false, message: `the username "${username}" is already taken` };
  if (
    email !== null &&
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    ).length
  )
    return { ok: false, message: `another user already has the e-mail address ${email}` };
  const code = generateAccessCode();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name, username, email, role: "admin", districtAdmin: input.district ?? false, ...codeColumns(code) })
      .returning({ id: users.id });
    await audit(tx, {
      action: "user.created",
      detail: { userId: row!.id, role: "admin", district: input.district ?? false, by: "create-admin" },
    });
  });
  return { ok: true, code };
}
