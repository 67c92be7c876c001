import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { oidcBlocks, oidcLinks, users } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { oidcProviders } from "./config";
import { memberHere } from "@/lib/db/schools";

export interface SignInLinkRow {
  id: number;
  userId: number;
  userName: string;
  username: string;
  role: string;
  provider: string;
  /** The provider's button label, or its name when it is no longer configured. */
  providerLabel: string;
  subject: string;
  email: string | null;
  matchedBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** One user's school-account links, or the school's newest 200 (admin screens). */
export async function listSignInLinks(userId?: number): Promise<SignInLinkRow[]> {
  const labels = new Map(oidcProviders().map((p) => [p.name, p.label]));
  const rows = await db()
    .select({
      id: oidcLinks.id,
      userId: oidcLinks.userId,
      userName: users.name,
      username: users.username,
      role: users.role,
      provider: oidcLinks.provider,
      subject: oidcLinks.subject,
      email: oidcLinks.email,
      matchedBy: oidcLinks.matchedBy,
      createdAt: oidcLinks.createdAt,
      lastUsedAt: oidcLinks.lastUsedAt,
    })
    .from(oidcLinks)
    .innerJoin(users, eq(users.id, oidcLinks.userId))
    .where(and(memberHere(users.id), userId === undefined ? undefined : eq(oidcLinks.userId, userId)))
    .orderBy(desc(oidcLinks.createdAt), desc(oidcLinks.id))
    .limit(200);
  return rows.map((r) => ({ ...r, providerLabel: labels.get(r.provider) ?? r.provider }));
}

/**
 * Removes a link and signs its user out everywhere (a link removed because it was wrong must not
 * keep a session); the account then signs in only after matching again, unless `block` keeps that
 * provider account from linking again at all (oidc_blocks). Audited with the link's facts.
 */
export async function removeSignInLink({
  linkId,
  actorId,
  block = false,
}: {
  linkId: number;
  actorId: number;
  block?: boolean;
}): Promise<Answer> {
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(oidcLinks)
      .where(and(eq(oidcLinks.id, linkId), memberHere(oidcLinks.userId)))
      .returning();
    if (!gone) return { ok: false, message: msg("admin.actions.signInLinkGone") };
    await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, gone.userId));
    await audit(tx, {
      action: "oidc.unlinked",
      actorId,
      detail: { linkId, userId: gone.userId, provider: gone.provider, matchedBy: gone.matchedBy, blocked: block },
    });
    if (!block) return { ok: true, message: msg("admin.actions.signInLinkRemoved") };
    const [blocked] = await tx
      .insert(oidcBlocks)
      .values({
        provider: gone.provider,
        subject: gone.subject,
        userId: gone.userId,
        email: gone.email,
        createdBy: actorId,
      })
      .onConflictDoNothing()
      .returning({ id: oidcBlocks.id });
    if (blocked)
      await audit(tx, {
        action: "oidc.blocked",
        actorId,
        detail: { blockId: blocked.id, linkId, userId: gone.userId, provider: gone.provider },
      });
    return { ok: true, message: msg("admin.actions.signInLinkRemovedBlocked") };
  });
}
