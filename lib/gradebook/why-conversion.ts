// The published cards' "why this grade" lines were stored as the calculator's English sentences
// until they became message descriptors (issue 40, decision 029). Migration 0031 copied every
// stored card's lines to term_grade_records.why_english; the first start after it converts them
// here, once, with the patterns that used to translate them on every view (they were
// lib/i18n/why-lines.ts), for the last time. A line no pattern knows is kept as written
// (`compose.asWritten`), never half-translated. Nothing else of a card changes: its numbers stay the
// stored ones, never recomputed.
import "server-only";
import { sql } from "drizzle-orm";
import { db, jsonColumn, queryRows } from "@/lib/db/client";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { lateList } from "@/lib/domain/term-grade-why";
import { msg, type Message, type MessageKey } from "@/lib/i18n/message";
import { displayHashOf } from "./term-records";
import { storedCardFrom, storedCardJson } from "./stored-cards";

type WhyKey = Extract<MessageKey, `why.${string}`>;

const N = String.raw`(\d+(?:\.\d+)?)`;
const rule = (re: string, key: WhyKey, names: string[], numbers: string[] = []) => ({
  re: new RegExp(`^${re}$`, "s"),
  key,
  names,
  numbers: new Set(numbers),
});
// Each sentence the calculator wrote, most specific first; the names are the message's
// placeholders in the order the calculator gave them (so a converted line is the very descriptor
// the calculator makes now, and a republished card with the same figures reads as unchanged).
const RULES = [
  rule(
    `Total points: ${N} of ${N} = ${N} %`,
    "why.totalPoints",
    ["earned", "possible", "percent"],
    ["earned", "possible", "percent"],
  ),
  rule("No graded work yet", "why.noGradedWork", []),
  rule(`Weighted categories: ${N} %`, "why.weighted", ["percent"], ["percent"]),
  rule(
    `(.+) \\(weight ${N} %\\): ${N} of ${N} = ${N} % — counts ${N} %`,
    "why.categoryShare",
    ["name", "weight", "earned", "possible", "percent", "share"],
    ["weight", "earned", "possible", "percent", "share"],
  ),
  rule(
    `(.+) \\(weight ${N} %\\): ${N} of ${N} = ${N} %`,
    "why.category",
    ["name", "weight", "earned", "possible", "percent"],
    ["weight", "earned", "possible", "percent"],
  ),
  rule("Nothing graded yet in (.+): left out, the other weights scaled up to 100 %", "why.leftOut", ["names"]),
  rule("Not in a weighted category, not counted: (.+)", "why.notCategorized", ["titles"]),
  rule("Dropped \\(lowest\\): (.+)", "why.dropped", ["titles"]),
  rule("Excused: (.+)", "why.excused", ["titles"]),
  rule("Missing, counted as 0: (.+)", "why.missing", ["titles"]),
  rule(
    `Overridden by the teacher: ${N} % \\(computed ${N} %\\) — (.*)`,
    "why.overriddenReason",
    ["percent", "computed", "reason"],
    ["percent", "computed"],
  ),
  rule(
    `Overridden by the teacher: ${N} % \\(computed ${N} %\\)`,
    "why.overridden",
    ["percent", "computed"],
    ["percent", "computed"],
  ),
  rule("Teacher's note: (.*)", "why.teachersNote", ["note"]),
  rule("Not on this term's published report card", "why.notPublished", []),
];
const LATE = /^Late penalty: (.+)$/s;
const LATE_ITEM = /(.*?) \(kept (\d+) %\)(?:, |$)/gs;

/** A descriptor made by a pattern: the key and values are the rule's, read from the sentence. */
const made = (key: WhyKey, values?: Record<string, string | number>) =>
  (values ? { key, values } : { key }) as unknown as Message;

/** One stored English line as the descriptor the calculator makes for it; an unknown line as written. */
export function whyLineFromEnglish(line: string): Message {
  const late = LATE.exec(line);
  if (late) {
    const items = [...late[1]!.matchAll(LATE_ITEM)];
    if (items.length && items.map((m) => m[0]).join("") === late[1])
      return msg("why.late", {
        items: lateList(items.map((m) => msg("why.lateItem", { title: m[1]!, kept: Number(m[2]!) }))),
      });
    return msg("compose.asWritten", { text: line });
  }
  for (const r of RULES) {
    const m = r.re.exec(line);
    if (!m) continue;
    if (!r.names.length) return made(r.key);
    const values: Record<string, string | number> = {};
    r.names.forEach((name, i) => (values[name] = r.numbers.has(name) ? Number(m[i + 1]!) : m[i + 1]!));
    return made(r.key, values);
  }
  return msg("compose.asWritten", { text: line });
}

/** A stored list of lines: English sentences converted; anything that is not a sentence kept as written. */
function converted(lines: unknown): Message[] {
  if (!Array.isArray(lines)) return [];
  return lines.map((line) =>
    typeof line === "string" ? whyLineFromEnglish(line) : msg("compose.asWritten", { text: JSON.stringify(line) }),
  );
}

/** A card's stored `why` (`{ family, staff }` of English lines) as descriptors. */
export function whyFromEnglish(stored: unknown): StoredTermGrade["why"] {
  if (Array.isArray(stored)) return { family: converted(stored), staff: converted(stored) };
  const { family, staff } = (stored ?? {}) as { family?: unknown; staff?: unknown };
  return { family: converted(family), staff: converted(staff) };
}

const BATCH = 500;

/**
 * Converts the cards migration 0031 set aside (why_english), a batch per transaction, and clears
 * them: safe to stop and run again, and nothing to do on every later start (an empty partial
 * index). The card's display hash follows its new lines when it was the hash of the old ones, and
 * so does the hash families were told about, so a republication of the same figures changes
 * nothing and sends no notice. Returns how many cards were converted.
 */
export async function convertStoredWhyLines(): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await db().transaction(async (tx) => {
      const rows = await queryRows<{
        term_id: number;
        level_code: string;
        student_id: number;
        why_english: unknown;
        display_hash: string;
        announced_hash: string | null;
        card: StoredTermGrade | string;
      }>(
        sql`select r.term_id, r.level_code, r.student_id, r.why_english, r.display_hash, r.announced_hash,
              ${storedCardJson("r")} as card
            from term_grade_records r where r.why_english is not null
            order by r.term_id, r.level_code, r.student_id limit ${BATCH} for update`,
        tx,
      );
      for (const r of rows) {
        const english = jsonColumn<unknown>(r.why_english);
        const card = storedCardFrom(r.card);
        const why = whyFromEnglish(english);
        // Only a hash that is what the old card showed is moved on; any other is left as it was.
        const moved = displayHashOf({ ...card, why: english as StoredTermGrade["why"] }) === r.display_hash;
        const hash = moved ? displayHashOf({ ...card, why }) : r.display_hash;
        const announced = moved && r.announced_hash === r.display_hash ? hash : r.announced_hash;
        await tx.execute(sql`
          update term_grade_records set why = ${JSON.stringify(why)}::jsonb, why_english = null,
            display_hash = ${hash}, announced_hash = ${announced}
          where term_id = ${r.term_id} and level_code = ${r.level_code} and student_id = ${r.student_id}`);
      }
      return rows.length;
    });
    done += n;
    if (n < BATCH) return done;
  }
}
