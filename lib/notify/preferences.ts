// Reading and saving one person's notification choices (issue 20). Only students and parents are
// told about students; teachers and admins have nothing to choose.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import {
  NOTIFY_EVENTS,
  preferenceFor,
  type Delivery,
  type NotifyEvent,
  type Preference,
} from "@/lib/domain/notify-events";

type Runner = Pick<Db, "execute">;

export function choosesNotifications(role: string): boolean {
  return role === "student" || role === "parent";
}

/** The e-mail address on file for a person (the settings page says where e-mails go; the admin's test e-mail defaults to it). */
export async function emailOnFile(userId: number): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(sql`select email from users where id = ${userId}`);
  return row?.email?.trim() || null;
}

export async function loadPreferences(userId: number, on?: Runner): Promise<Record<NotifyEvent, Preference>> {
  const rows = await queryRows<{ event: string; delivery: string; threshold: number | null }>(
    sql`select event, delivery, threshold from notification_preferences where user_id = ${userId}`,
    on,
  );
  const stored = new Map(rows.map((r) => [r.event, r]));
  return Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, preferenceFor(e, stored.get(e))])) as Record<
    NotifyEvent,
    Preference
  >;
}

/**
 * Saves every event's choice (and the grade threshold), and moves what is waiting for a digest to
 * the new choice: an event turned off (or to "immediately") leaves the next digest, one moved from
 * daily to weekly waits for the weekly one. One statement.
 */
export async function savePreferences(
  userId: number,
  prefs: Record<NotifyEvent, Preference>,
  on?: Runner,
): Promise<void> {
  const rows = JSON.stringify(
    NOTIFY_EVENTS.map((e) => ({
      event: e,
      delivery: prefs[e].delivery,
      threshold: e === "grade" ? prefs[e].threshold : null,
    })),
  );
  await queryRows(
    sql`with input as (select * from jsonb_to_recordset(${rows}::jsonb) as t(event text, delivery text, threshold int)),
        saved as (
          insert into notification_preferences (user_id, event, delivery, threshold, updated_at)
          select ${userId}, event, delivery, threshold, now() from input
          on conflict (user_id, event) do update set delivery = excluded.delivery, threshold = excluded.threshold, updated_at = now()
          returning event)
        update notifications n set digest = case when i.delivery in ('daily', 'weekly') then i.delivery end
        from input i
        where n.user_id = ${userId} and n.kind = i.event and n.digest is not null and n.digested_at is null
          and n.digest is distinct from (case when i.delivery in ('daily', 'weekly') then i.delivery end)`,
    on,
  );
}

/** Turns events off for one person (an unsubscribe link): one event, or every event read in that digest. */
export async function turnOff(
  userId: number,
  events: readonly NotifyEvent[] | { digest: Extract<Delivery, "daily" | "weekly"> },
  on?: Runner,
): Promise<NotifyEvent[]> {
  const current = await loadPreferences(userId, on);
  const chosen = Array.isArray(events)
    ? (events as readonly NotifyEvent[])
    : NOTIFY_EVENTS.filter((e) => current[e].delivery === (events as { digest: string }).digest);
  if (chosen.length === 0) return [];
  const next = { ...current };
  for (const e of chosen) next[e] = { ...current[e], delivery: "off" };
  await savePreferences(userId, next, on);
  return [...chosen];
}
