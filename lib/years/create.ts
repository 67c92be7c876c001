// Making school years on /admin → Years (issue 41): a year by hand, and the next year in one step
// (lib/years/next.ts). Years may not share a day: which year a class or a term belongs to, and which
// year is current, are decided by the dates.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows, type Db } from "@/lib/db/client";
import { overlappingYear } from "@/lib/domain/school-years";
import { msg, type Message } from "@/lib/i18n/message";
import { listYears } from "@/lib/queries/school-years";

type Runner = Parameters<typeof queryRows>[1];
type Tx = Pick<Db, "execute">;

export interface YearInput {
  title: string;
  startDate: string;
  endDate: string;
}

/** One writer of years at a time: two admins saving at once would each check overlaps without the other's. */
export async function lockYears(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('school_years'))`);
}

/** Why these dates cannot be a new year (they share a day with another), or null. */
export async function overlapRefusal(input: YearInput, on?: Runner): Promise<Message | null> {
  const other = overlappingYear(input, await listYears(on));
  return other
    ? msg("years.admin.actions.overlaps", { year: other.title, start: other.startDate, end: other.endDate })
    : null;
}

/** Inserts the year's row and returns its id (the caller holds lockYears and has checked overlaps). */
export async function insertYear(tx: Tx, input: YearInput): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values (${input.title}, ${input.startDate}::date, ${input.endDate}::date) returning id`,
    tx,
  );
  return Number(row!.id);
}

/**
 * Creates a year. Terms that belong to no year and lie within its dates join it (terms saved
 * before the school had years), so the Terms tab keeps showing them once this year is current.
 */
export async function createYear(input: YearInput, actorId: number): Promise<Answer<{ id: number }>> {
  return db().transaction(async (tx) => {
    await lockYears(tx);
    const refusal = await overlapRefusal(input, tx);
    if (refusal) return { ok: false, message: refusal, fieldErrors: { startDate: [refusal] } };
    const id = await insertYear(tx, input);
    await tx.execute(
      sql`update school_terms set year_id = ${id} where year_id is null and start_date >= ${input.startDate}::date and end_date <= ${input.endDate}::date`,
    );
    await audit(tx, { action: "year.created", actorId, detail: { ...input } });
    return { ok: true, message: msg("years.admin.actions.created", { year: input.title }), data: { id } };
  });
}
