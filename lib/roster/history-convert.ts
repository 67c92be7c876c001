import "server-only";
import { eq, isNull } from "drizzle-orm";
import { db as database, type Db } from "@/lib/db/client";
import { rosterImports } from "@/lib/db/schema";
import { messagesFor } from "@/lib/i18n/catalog";
import { msg, type Message, type Text } from "@/lib/i18n/message";
import { matchSentence, sentencePatterns, type SentencePattern } from "@/lib/db/legacy-english";
import type { ImportReport } from "./history";

// The import history kept its problems, warnings and a failed sync's reason in English (in
// `summary`) until they became descriptors (decision 029, "Messages as data"). This one-off step,
// run at start-up after the migrations (lib/db/startup.ts), reads each stored English sentence back
// once, with the patterns the admin page used to read them (each English sentence of the catalog's
// `admin.rosterReport` is a pattern, its placeholders read back, a placeholder's value itself a
// known part: a role word, "the user on line 3", the removal reason), and writes the row's `report`.
// A sentence no pattern knows is kept as written (`compose.asWritten`), never half-translated.
// Rows it has converted have a report, so it runs once per row and costs one query afterwards.

type Section = "text" | "parts" | "sync";
type Entry = SentencePattern<string>;

let patterns: Record<Section, Entry[]> | null = null;
/** Placeholders that are ICU numbers, by section and key: the stored English wrote them "1,000". */
const numbers = new Map<string, Set<string>>();

function patternsOf(section: Section): Entry[] {
  const all = messagesFor("en").admin.rosterReport[section] as Record<string, string>;
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(all)) {
    // A plural is not a pattern (the sync's own reasons are its simple sentences).
    if (text.includes(", plural,")) continue;
    const names = [...text.matchAll(/\{(\w+), number\}/g)].map((m) => m[1]!);
    if (names.length) numbers.set(`${section}.${key}`, new Set(names));
    messages[key] = text.replace(/\{(\w+), number\}/g, "{$1}");
  }
  const literal = (key: string) => messages[key]!.replace(/\{\w+\}/g, "").length;
  // The most specific first: "{a} is already the username of {b}, {c} in the portal" before "{a} is
  // already the username of {b}", which would match it too.
  return sentencePatterns(messages).sort((a, b) => literal(b.key) - literal(a.key));
}

function bySection(section: Section, text: string, depth: number): Message | null {
  patterns ??= { text: patternsOf("text"), parts: patternsOf("parts"), sync: patternsOf("sync") };
  const found = matchSentence(patterns[section], text);
  if (!found) return null;
  const numeric = numbers.get(`${section}.${found.key}`);
  const values: Record<string, Text> = {};
  for (const [name, value] of Object.entries(found.values)) {
    // {count} and an ICU number are numbers (as the English wrote them: "2,000,000"); the others are
    // words, a known part as its descriptor.
    const isNumber = (name === "count" || numeric?.has(name)) && /^\d{1,3}(,?\d{3})*$/.test(value);
    values[name] = isNumber ? Number(value.replace(/,/g, "")) : part(value, depth + 1);
  }
  // The key is one of the catalog's (the patterns are its English), checked again when read.
  return { key: `admin.rosterReport.${section}.${found.key}`, values } as unknown as Message;
}

/** A placeholder's value: a known part (or a whole sentence), else the text as it was (a name, a quoted value). */
function part(value: string, depth: number): Text {
  if (depth > 3) return value;
  return bySection("parts", value, depth) ?? bySection("text", value, depth) ?? value;
}

/** One stored English sentence as a descriptor; one no pattern knows stays as it was written. */
export function storedSentence(text: string): Message {
  return (
    bySection("text", text, 0) ??
    bySection("sync", text, 0) ??
    bySection("parts", text, 0) ??
    msg("compose.asWritten", { text })
  );
}

interface OldProblem {
  file?: unknown;
  line?: unknown;
  column?: unknown;
  message?: unknown;
  fix?: unknown;
  blocking?: unknown;
}

const sentenceOf = (value: unknown): Message =>
  typeof value === "string" ? storedSentence(value) : msg("compose.asWritten", { text: "" });

function problemsOf(list: unknown): ImportReport["problems"] {
  return (Array.isArray(list) ? (list as OldProblem[]) : []).map((p) => ({
    file: typeof p.file === "string" ? p.file : "",
    line: typeof p.line === "number" ? p.line : 0,
    column: typeof p.column === "string" ? p.column : "",
    message: sentenceOf(p.message),
    fix: sentenceOf(p.fix),
    ...(p.blocking === true ? { blocking: true } : {}),
  }));
}

/** A row's summary as it was stored: its report as descriptors, and the summary without the English. */
export function convertStoredSummary(summary: Record<string, unknown>): {
  report: ImportReport & Record<string, unknown>;
  summary: Record<string, unknown>;
} {
  const { problems, warnings, reason, ...rest } = summary;
  return {
    report: {
      problems: problemsOf(problems),
      warnings: problemsOf(warnings),
      ...(typeof reason === "string" ? { reason: storedSentence(reason) } : {}),
    },
    summary: rest,
  };
}

/** Converts every history row written before descriptors; returns how many. */
export async function convertRosterHistory(db: Db = database()): Promise<number> {
  const rows = await db
    .select({ id: rosterImports.id, summary: rosterImports.summary })
    .from(rosterImports)
    .where(isNull(rosterImports.report));
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const { report, summary } = convertStoredSummary(row.summary ?? {});
      await tx.update(rosterImports).set({ report, summary }).where(eq(rosterImports.id, row.id));
    }
  });
  return rows.length;
}
