// A concluded class (issue 41): its school year is closed, so nothing in it may change. The
// decision is lib/auth/policy classWritable; this module loads its one fact and words the refusal.
import "server-only";
import { sql } from "drizzle-orm";
import { AccessDenied } from "@/lib/auth/guards";
import { classWritable } from "@/lib/auth/policy";
import { queryRows } from "@/lib/db/client";
import { msg, type Message } from "@/lib/i18n/message";

type Runner = Parameters<typeof queryRows>[1];

/** The closed year's title when this class is concluded, else null. */
export async function concludedYearOf(levelCode: string, on?: Runner): Promise<string | null> {
  const [row] = await queryRows<{ title: string }>(
    sql`select y.title from levels l join school_years y on y.id = l.year_id where l.code = ${levelCode} and y.closed_at is not null`,
    on,
  );
  return row?.title ?? null;
}

/** The one sentence every refused write to a concluded class answers. */
export function concludedMessage(year: string): Message {
  return msg("years.concluded", { year });
}

/** Throws the refusal when the class is concluded (its facts already loaded with the class). */
export function requireWritable(level: { concludedYear: string | null }): void {
  const decision = classWritable(level);
  if (!decision.allowed) throw new AccessDenied("forbidden", concludedMessage(decision.year));
}
