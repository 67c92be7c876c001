// The last step of an erasure (lib/records/erase.ts): a personal value of an erased student — the
// name, username, e-mail, phone and parent numbers — can still be written inside other rows (an
// audit entry's detail, a queued job's payload, a roster import's report, a notice to a teacher,
// another person's text). Every text and JSON column of every table, read from information_schema
// so a new table is covered the day it exists, has each such occurrence replaced by "[erased]"
// (a short one-word value only where the portal copies names: see `distinctive`).
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";

/** Shorter values are too likely to be part of other words ("Al", "123"). */
const MIN_LENGTH = 4;
const BATCH = 60;

/** A value as a literal in a PostgreSQL regular expression (ARE): every non-letter, non-digit escaped. */
export function regexLiteral(value: string): string {
  return value.replace(/[^\p{L}\p{N}\s]/gu, (c) => `\\${c}`);
}

/** Whole occurrences only: not inside a longer word, so "Ana" does not touch "Banana". */
function patternOf(values: string[]): string {
  return `(?<![[:alnum:]_])(${values.map(regexLiteral).join("|")})(?![[:alnum:]_])`;
}

/**
 * Columns that hold the portal's own identifiers, never a person's words: an audit entry's action
 * ("student.edited"), a class code, a job's kind and state, keys, hashes, sourcedIds, enumerations.
 * Rewriting one would break a constraint or a guard (the audit log refuses it) or a reference, and a
 * username such as "student" would match them.
 */
const IDENTIFIER =
  /(^|_)(id|key|hash|code|kind|state|status|type|source|event|role|locale|delivery|digest|action|mode|relationship)$/;

/** Where the portal copies names into text it keeps: logs, queued work, notices, the file trash. */
const COPY_TABLES = new Set(["audit_log", "jobs", "roster_imports", "notifications", "files_trash", "rate_limits"]);

/**
 * A value that names one person and nothing else: an e-mail, a number, a username with a dot or a
 * digit, a name of several words, a long word. A short single word ("Temp", "Rose") may be a word of
 * someone else's text too, so it is replaced only in COPY_TABLES.
 */
export function distinctive(value: string): boolean {
  return /[^\p{L}]/u.test(value) || value.length >= 8;
}

/**
 * Replaces each value, case-insensitively, in every text, varchar and json(b) column of every table
 * but users (the erased rows are rewritten whole; the others are other people) — short single
 * words in COPY_TABLES only. Generated columns are skipped: they follow their source.
 */
export async function scrubPersonalValues(tx: Db, raw: string[]): Promise<void> {
  const values = [...new Set(raw.map((v) => v.trim()).filter((v) => v.length >= MIN_LENGTH))];
  if (values.length === 0) return;
  const columns = await queryRows<{ table: string; column: string; type: string }>(
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as type
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> 'users'
          and c.data_type in ('text', 'character varying', 'jsonb', 'json') and c.is_generated = 'NEVER'
        order by c.table_name, c.column_name`,
    tx,
  );
  const free = columns.filter((c) => !IDENTIFIER.test(c.column));
  const everywhere = values.filter(distinctive);
  const inCopies = values.filter((v) => !distinctive(v));
  for (const [list, cols] of [
    [everywhere, free],
    [inCopies, free.filter((c) => COPY_TABLES.has(c.table))],
  ] as const)
    for (let i = 0; i < list.length; i += BATCH) {
      const pattern = patternOf(list.slice(i, i + BATCH));
      for (const c of cols) await replaceIn(tx, c, pattern);
    }
}

async function replaceIn(tx: Db, c: { table: string; column: string; type: string }, pattern: string): Promise<void> {
  const col = sql.identifier(c.column);
  const json = c.type === "jsonb" || c.type === "json";
  const asText = json ? sql`${col}::text` : sql`${col}`;
  const replaced = sql`regexp_replace(${asText}, ${pattern}, '[erased]', 'gi')`;
  await tx.execute(
    sql`update ${sql.identifier(c.table)} set ${col} = ${json ? sql`${replaced}::${sql.raw(c.type)}` : replaced}
        where ${asText} ~* ${pattern}`,
  );
}
