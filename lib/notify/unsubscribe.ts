// What an unsubscribe link does (issue 20, RFC 8058): the one recipient and event (or digest) it
// names are turned off, without signing in. The link is the credential (lib/mail/unsubscribe.ts);
// it can only turn notifications off, so a forwarded e-mail's link risks no more than that.
import "server-only";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { EVENT_LABELS, type NotifyEvent } from "@/lib/domain/notify-events";
import { digestScope, readUnsubscribeToken, type UnsubscribeScope } from "@/lib/mail/unsubscribe";
import { stopEmails } from "./preferences";

export function describeScope(scope: UnsubscribeScope): string {
  const digest = digestScope(scope);
  if (!digest) return `e-mails about “${EVENT_LABELS[scope as NotifyEvent]}” (they stay in the portal)`;
  const what = digest.events.length ? ` of ${digest.events.map((e) => `“${EVENT_LABELS[e]}”`).join(", ")}` : "";
  return `the ${digest.period} summary e-mail${what} (they stay in the portal)`;
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
    const digest = digestScope(t.scope);
    const off = await stopEmails(
      t.userId,
      digest ? { events: digest.events, digest: digest.period } : { events: [t.scope as NotifyEvent] },
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
