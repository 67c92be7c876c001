import "server-only";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { writeSetting } from "@/lib/school-settings";
import { db, jsonColumn, queryRows, type Db } from "@/lib/db/client";
import { storedScale, type LetterScale } from "@/lib/domain/letter-scale";

// The school's letter scale (issue 42, lib/domain/letter-scale): a school setting an admin saves on
// /admin → Terms, in the settings table like the roster sync's policy. Until one is saved, spec §9's
// 12-step scale. The term screens read it in their own statement (gradingContextColumns).

const LETTER_SCALE_KEY = "grades.letter_scale";

/** The stored value, as an expression of a screen's statement. */
export const letterScaleValue = sql`(select s.value from settings s where s.key = ${LETTER_SCALE_KEY})`;
/** The same as a named column (`… as letter_scale`). */
export const letterScaleColumn = sql`${letterScaleValue} as letter_scale`;

export async function loadLetterScale(runner?: Pick<Db, "execute">): Promise<LetterScale> {
  const [row] = await queryRows<{ letter_scale: unknown }>(sql`select ${letterScaleColumn}`, runner);
  return storedScale(jsonColumn(row?.letter_scale));
}

/** Saves a scale lib/domain/letter-scale's scaleProblem found nothing wrong with (audited). */
export async function saveLetterScale(scale: LetterScale, actorId: number): Promise<void> {
  await db().transaction(async (tx) => {
    await writeSetting(tx, LETTER_SCALE_KEY, scale, actorId);
    // One string a cut-off: the audit keeps three levels of nesting.
    const cutoffs = scale.steps.map((s) => `${s.min} ${s.label}`);
    await audit(tx, { action: "grades.letter_scale_saved", actorId, detail: { cutoffs, below: scale.below } });
  });
}
