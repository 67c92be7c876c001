import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { guardianLinks, reportCardLinks } from "@/lib/db/schema";
import { REPORT_LINK_DEFAULT_DAYS, REPORT_LINK_MAX_DAYS } from "@/lib/domain/constants";
import type { ReportCardView } from "@/lib/domain/report-card";
import { env } from "@/lib/env";
import { msg, type Message } from "@/lib/i18n/message";
import { portalOrigin } from "@/lib/portal-origin";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import { reportCardFor } from "./portal";
import { currentSchoolId, DEFAULT_SCHOOL_ID } from "@/lib/db/school-scope";

// Report-card links (/r/<token>, decision 004): a secret the school issues to one guardian for one
// student. 192 random bits, only their SHA-256 stored; expiring, revocable one at a time, and
// every opening audited by the link's id — never by the token.

/** One wording for every token that opens nothing: wrong, expired, withdrawn or unlinked. */
export const REPORT_LINK_NEUTRAL =
  "This link does not open a report card. It may have expired or been withdrawn. Please contact the school office for a new one.";

const TOKEN_BYTES = 24; // 192 bits, 32 characters of base64url
// A school other than the first writes its id before the secret ("7.…", issue 42): the request is
// then read in that school (lib/request-school.mjs). The id chooses where to look, never what opens:
// the whole token is what is hashed and stored.
const TOKEN_SHAPE = /^(?:[1-9]\d{0,9}\.)?[A-Za-z0-9_-]{32}$/;
const DAY_MS = 86_400_000;

export function newReportToken(): string {
  const secret = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  return currentSchoolId() === DEFAULT_SCHOOL_ID ? secret : `${currentSchoolId()}.${secret}`;
}

export function hashReportToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function reportLinkPath(token: string): string {
  return `/r/${token}`;
}

/** The default expiry, or the end of the chosen day (UTC); null when the day is out of range. */
export function reportLinkExpiry(day: string | null, now = new Date()): Date | null {
  if (!day) return new Date(now.getTime() + REPORT_LINK_DEFAULT_DAYS * DAY_MS);
  const end = new Date(`${day}T23:59:59Z`);
  if (Number.isNaN(end.getTime()) || !end.toISOString().startsWith(day)) return null;
  if (end.getTime() <= now.getTime() || end.getTime() > now.getTime() + REPORT_LINK_MAX_DAYS * DAY_MS) return null;
  return end;
}

export interface ReportLinkView {
  id: number;
  guardianLinkId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** Every report-card link of a student's guardians, newest first (no token: it is not stored). */
export async function listReportLinks(studentId: number): Promise<ReportLinkView[]> {
  return db()
    .select({
      id: reportCardLinks.id,
      guardianLinkId: reportCardLinks.guardianLinkId,
      createdAt: reportCardLinks.createdAt,
      expiresAt: reportCardLinks.expiresAt,
      revokedAt: reportCardLinks.revokedAt,
      lastUsedAt: reportCardLinks.lastUsedAt,
    })
    .from(reportCardLinks)
    .innerJoin(guardianLinks, eq(guardianLinks.id, reportCardLinks.guardianLinkId))
    .where(eq(guardianLinks.studentId, studentId))
    .orderBy(desc(reportCardLinks.createdAt), desc(reportCardLinks.id));
}

export type IssueResult =
  { ok: true; token: string; linkId: number; expiresAt: Date } | { ok: false; message: Message };

/** A new link for one active guardian link; the token is returned once and never stored. */
export async function issueReportLink(input: {
  guardianLinkId: number;
  expiresAt: Date;
  actorId: number;
}): Promise<IssueResult> {
  return db().transaction(async (tx) => {
    const [link] = await tx
      .select({ id: guardianLinks.id, studentId: guardianLinks.studentId, parentId: guardianLinks.parentId })
      .from(guardianLinks)
      .where(and(eq(guardianLinks.id, input.guardianLinkId), isNull(guardianLinks.removedAt)));
    if (!link) return { ok: false, message: msg("admin.actions.guardianNotLinked") };
    const token = newReportToken();
    const [row] = await tx
      .insert(reportCardLinks)
      .values({
        guardianLinkId: link.id,
        tokenHash: hashReportToken(token),
        expiresAt: input.expiresAt,
        createdBy: input.actorId,
      })
      .returning({ id: reportCardLinks.id });
    await audit(tx, {
      action: "report_link.issued",
      actorId: input.actorId,
      detail: {
        linkId: row!.id,
        guardianLinkId: link.id,
        studentId: link.studentId,
        parentId: link.parentId,
        expiresAt: input.expiresAt.toISOString(),
      },
    });
    return { ok: true, token, linkId: row!.id, expiresAt: input.expiresAt };
  });
}

/**
 * The admin's "New report-card link": the expiry day chosen (none: the default), the link issued,
 * and its path and full address returned once.
 */
export async function issueReportLinkAddress(input: {
  guardianLinkId: number;
  expires: string | null;
  actorId: number;
}): Promise<Answer<{ path: string; url: string }>> {
  const expiresAt = reportLinkExpiry(input.expires);
  if (!expiresAt) return { ok: false, message: msg("admin.actions.chooseExpiry") };
  const result = await issueReportLink({ guardianLinkId: input.guardianLinkId, expiresAt, actorId: input.actorId });
  if (!result.ok) return result;
  const path = reportLinkPath(result.token);
  return {
    ok: true,
    message: msg("admin.actions.newReportLink"),
    data: { path, url: `${await portalOrigin()}${path}` },
  };
}

export async function revokeReportLink(input: {
  linkId: number;
  actorId: number;
}): Promise<{ ok: boolean; message: Message }> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(reportCardLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(reportCardLinks.id, input.linkId), isNull(reportCardLinks.revokedAt)))
      .returning({ id: reportCardLinks.id });
    if (rows.length === 0) return { ok: false, message: msg("admin.actions.linkAlreadyWithdrawn") };
    await audit(tx, { action: "report_link.revoked", actorId: input.actorId, detail: { linkId: input.linkId } });
    return { ok: true, message: msg("admin.actions.linkWithdrawn") };
  });
}

export type OpenResult =
  { ok: true; card: ReportCardView; expiresAt: Date } | { ok: false; limited: boolean; retryAfterSeconds?: number };
export type LinkAdmission =
  { ok: true; studentId: number; expiresAt: Date } | { ok: false; limited: boolean; retryAfterSeconds?: number };

/**
 * Lets an anonymous visitor through a report-card link: the client's limit, the token, then the
 * use recorded by the link's id (`use`: the page or its PDF). A wrong, expired, revoked or
 * orphaned token gives the same answer; a client over its limit learns nothing either.
 */
export async function admitReportLink(
  token: string,
  client: string,
  now = new Date(),
  use: "page" | "pdf" = "page",
): Promise<LinkAdmission> {
  const limited = await hitRateLimit(clientKey("report-link", client), env().PARENT_LOOKUPS_PER_MINUTE, 60_000);
  if (!limited.allowed) return { ok: false, limited: true, retryAfterSeconds: limited.retryAfterSeconds };
  if (!TOKEN_SHAPE.test(token)) return { ok: false, limited: false };
  const [found] = await queryRows<{
    id: number;
    student_id: number;
    expires_at: Date | string;
    revoked_at: unknown;
    removed_at: unknown;
  }>(sql`
    select l.id, g.student_id, l.expires_at, l.revoked_at, g.removed_at
    from report_card_links l join guardian_links g on g.id = l.guardian_link_id
    where l.token_hash = ${hashReportToken(token)}`);
  if (!found) return { ok: false, limited: false };
  const expiresAt = new Date(found.expires_at);
  const reason = found.revoked_at
    ? "revoked"
    : found.removed_at
      ? "guardian unlinked"
      : expiresAt.getTime() <= now.getTime()
        ? "expired"
        : null;
  if (reason) {
    await audit(db(), { action: "report_link.refused", detail: { linkId: found.id, reason } });
    return { ok: false, limited: false };
  }
  // Last use and the audit entry in one statement (one round trip, both or neither).
  await queryRows(sql`
    with used as (update report_card_links set last_used_at = ${now.toISOString()}::timestamptz where id = ${found.id} returning id)
    insert into audit_log (action, detail)
    select 'report_link.opened', jsonb_build_object('linkId', id, 'studentId', ${found.student_id}::int, 'use', ${use}::text) from used`);
  return { ok: true, studentId: found.student_id, expiresAt };
}

/** Opens a report-card link's page: the student's report card, once the link lets the visitor in. */
export async function openReportLink(
  token: string,
  client: string,
  now = new Date(),
  locale = "en",
): Promise<OpenResult> {
  const admitted = await admitReportLink(token, client, now);
  if (!admitted.ok) return admitted;
  const card = await reportCardFor(admitted.studentId, locale);
  return card ? { ok: true, card, expiresAt: admitted.expiresAt } : { ok: false, limited: false };
}
