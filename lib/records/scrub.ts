// The last step of an erasure (lib/records/erase.ts): a personal value of an erased student — the
// name, username, e-mail, phone and parent numbers — can still be written inside other rows (an
// audit entry's detail, a queued job's payload, a roster import's report, a notice to a teacher,
// another person's text). Every text and JSON column of every table, read from information_schema
// so a new table is covered the day it exists, has each such occurrence replaced by "[erased]".
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
 * Replaces each value, case-insensitively, in every text, varchar and json(b) column of every table
 * but users (the erased rows are rewritten whole; the others are other people). Generated columns
 * are skipped: they follow their source.
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
  for (let i = 0; i < values.length; i += BATCH) {
    const pattern = patternOf(values.slice(i, i + BATCH));
    for (const c of columns) {
      const col = sql.identifier(c.column);
      const json = c.type === "jsonb" || c.type === "json";
      const asText = json ? sql`${col}::text` : sql`${col}`;
      const replaced = sql`regexp_replace(${asText}, ${pattern}, '[erased]', 'gi')`;
      await tx.execute(
        sql`update ${sql.identifier(c.table)} set ${col} = ${json ? sql`${replaced}::${sql.raw(c.type)}` : replaced}
            where ${asText} ~* ${pattern}`,
      );
    }
  }
}
