import "server-only";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { oidcBlocks, users } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { oidcProviders } from "./config";
import { memberHere } from "@/lib/db/schools";

// A block is the district's (a school account refused whichever school it was for), but a school's
// admin sees and lifts only those of its own people; one whose person is gone is everyone's.
const ofThisSchool = or(isNull(oidcBlocks.userId), memberHere(oidcBlocks.userId));

// School accounts an admin blocked when removing their link (decision 022): refused at every
// sign-in, before any link or match is looked at, until an admin lifts the block.

export async function isBlocked(provider: string, subject: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: oidcBlocks.id })
    .from(oidcBlocks)
    .where(and(eq(oidcBlocks.provider, provider), eq(oidcBlocks.subject, subject)));
  return row !== undefined;
}

export interface SignInBlockRow {
  id: number;
  /** Whose link was removed; null when that user is gone. */
  userId: number | null;
  userName: string | null;
  role: string | null;
  provider: string;
  providerLabel: string;
  subject: string;
  email: string | null;
  createdAt: Date;
}

/** One user's blocked school accounts, or the school's newest 200 (admin screens). */
export async function listSignInBlocks(userId?: number): Promise<SignInBlockRow[]> {
  const labels = new Map(oidcProviders().map((p) => [p.name, p.label]));
  const rows = await db()
    .select({
      id: oidcBlocks.id,
      userId: oidcBlocks.userId,
      userName: users.name,
      role: users.role,
      provider: oidcBlocks.provider,
      subject: oidcBlocks.subject,
      email: oidcBlocks.email,
      createdAt: oidcBlocks.createdAt,
    })
    .from(oidcBlocks)
    .leftJoin(users, eq(users.id, oidcBlocks.userId))
    .where(and(ofThisSchool, userId === undefined ? undefined : eq(oidcBlocks.userId, userId)))
    .orderBy(desc(oidcBlocks.createdAt), desc(oidcBlocks.id))
    .limit(200);
  return rows.map((r) => ({ ...r, providerLabel: labels.get(r.provider) ?? r.provider }));
}

/** Lifts a block: the account links again at its next sign-in if it matches. Audited like the block. */
export async function liftSignInBlock({ blockId, actorId }: { blockId: number; actorId: number }): Promise<Answer> {
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(oidcBlocks)
      .where(and(eq(oidcBlocks.id, blockId), ofThisSchool))
      .returning();
    if (!gone) return { ok: false, message: msg("admin.actions.signInBlockGone") };
    await audit(tx, {
      action: "oidc.unblocked",
      actorId,
      detail: { blockId, userId: gone.userId, provider: gone.provider },
    });
    return { ok: true, message: msg("admin.actions.signInBlockLifted") };
  });
}
