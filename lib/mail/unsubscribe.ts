// One-click unsubscribe (RFC 8058) without signing in: the link names one recipient and one event
// (or one digest) and carries an HMAC of them under a key derived from the session secret, so it
// can be neither guessed nor turned into someone else's. It only ever turns a notification off.
import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "@/lib/auth/secret";
import { NOTIFY_EVENTS, type DigestPeriod, type NotifyEvent } from "@/lib/domain/notify-events";

export type UnsubscribeScope = NotifyEvent | `digest-${DigestPeriod}`;

const SCOPES: readonly string[] = [...NOTIFY_EVENTS, "digest-daily", "digest-weekly"];

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
  if (typeof token !== "string" || token.length > 100) return null;
  const m = /^(\d{1,10})\.([a-z_-]{1,20})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const [, id, scope, given] = m as unknown as [string, string, string, string];
  if (!SCOPES.includes(scope)) return null;
  const expected = mac(`${id}.${scope}`);
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return { userId: Number(id), scope: scope as UnsubscribeScope };
}
