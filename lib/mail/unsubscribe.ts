// One-click unsubscribe (RFC 8058) without signing in: the link names one recipient and one event
// (or one digest) and carries an HMAC of them under a key derived from the session secret, so it
// can be neither guessed nor turned into someone else's. It only ever turns a notification off.
import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "@/lib/auth/secret";
import { NOTIFY_EVENTS, type DigestPeriod, type NotifyEvent } from "@/lib/domain/notify-events";

/**
 * One event, or a digest: `digest-daily-work-grade` names the events that digest contained (issue
 * 27: its link turns off only those); a bare `digest-daily` (links sent before) names none.
 */
export type UnsubscribeScope = NotifyEvent | `digest-${DigestPeriod}` | `digest-${DigestPeriod}-${string}`;

const DIGEST_SCOPE = new RegExp(`^digest-(daily|weekly)((?:-(?:${NOTIFY_EVENTS.join("|")}))*)$`);

function knownScope(scope: string): boolean {
  return (NOTIFY_EVENTS as readonly string[]).includes(scope) || DIGEST_SCOPE.test(scope);
}

/** A digest scope's period and the events it contained (empty for a bare `digest-daily`); null for an event scope. */
export function digestScope(scope: UnsubscribeScope): { period: DigestPeriod; events: NotifyEvent[] } | null {
  const m = DIGEST_SCOPE.exec(scope);
  if (!m) return null;
  return { period: m[1] as DigestPeriod, events: (m[2] ?? "").split("-").filter(Boolean) as NotifyEvent[] };
}

/** The scope of a digest's link: its period and, in a fixed order, the events it contained. */
export function digestUnsubscribeScope(period: DigestPeriod, events: Iterable<NotifyEvent>): UnsubscribeScope {
  const set = new Set(events);
  const named = NOTIFY_EVENTS.filter((e) => set.has(e));
  return named.length ? `digest-${period}-${named.join("-")}` : `digest-${period}`;
}

function mac(payload: string): string {
  const key = crypto.createHash("sha256").update(`unsubscribe:${sessionSecret()}`).digest();
  return crypto.createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(userId: number, scope: UnsubscribeScope): string {
  const payload = `${userId}.${scope}`;
  return `${payload}.${mac(payload)}`;
}

/** The recipient and scope a token names, or null when it is not one we made. */
export function readUnsubscribeToken(token: string): { userId: number; scope: UnsubscribeScope } | null {
  if (typeof token !== "string" || token.length > 160) return null;
  const m = /^(\d{1,10})\.([a-z_-]{1,100})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const [, id, scope, given] = m as unknown as [string, string, string, string];
  if (!knownScope(scope)) return null;
  const expected = mac(`${id}.${scope}`);
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return { userId: Number(id), scope: scope as UnsubscribeScope };
}
