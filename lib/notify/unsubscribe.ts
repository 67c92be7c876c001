// What an unsubscribe link does (issue 20, RFC 8058): the one recipient and event (or digest) it
// names are turned off, without signing in. The link is the credential (lib/mail/unsubscribe.ts);
// it can only turn notifications off, so a forwarded e-mail's link risks no more than that.
import "server-only";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { EVENT_LABELS, type NotifyEvent } from "@/lib/domain/notify-events";
import { readUnsubscribeToken, type UnsubscribeScope } from "@/lib/mail/unsubscribe";
import { turnOff } from "./preferences";

export function describeScope(scope: UnsubscribeScope): string {
  if (scope === "digest-daily") return "the daily summary e-mail";
  if (scope === "digest-weekly") return "the weekly summary e-mail";
  return `“${EVENT_LABELS[scope as NotifyEvent]}”`;
}

/** What the link would turn off, or null when it is not a link we made. */
export function inspectUnsubscribe(token: string): { scope: UnsubscribeScope; what: string } | null {
  const t = readUnsubscribeToken(token);
  return t ? { scope: t.scope, what: describeScope(t.scope) } : null;
}

export async function unsubscribe(token: string): Promise<{ what: string } | null> {
  const t = readUnsubscribeToken(token);
  if (!t) return null;
  await db().transaction(async (tx) => {
    const off = await turnOff(
      t.userId,
      t.scope === "digest-daily"
        ? { digest: "daily" }
        : t.scope === "digest-weekly"
          ? { digest: "weekly" }
          : [t.scope as NotifyEvent],
      tx,
    );
    // Only a change is recorded: the same link posted again (a forwarded e-mail, a retrying mail provider) writes nothing.
    if (off.length > 0)
      await audit(tx, {
        action: "notifications.unsubscribed",
        actorId: null,
        detail: { userId: t.userId, scope: t.scope, events: off },
      });
  });
  return { what: describeScope(t.scope) };
}
