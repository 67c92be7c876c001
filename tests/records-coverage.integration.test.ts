import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dbHandle, queryRows } from "@/lib/db/client";
import { NOT_EXPORTED, PERSON_COLUMN_NAMES } from "@/lib/records/coverage";
import { buildRecord, EXPORT_SECTIONS } from "@/lib/records/export";
import { useTestDatabase } from "./support/test-db";

// The records export's coverage (issue 41, lib/records/coverage.ts): every table holding a person's
// users.id — a foreign key to users(id), or an integer column named student_id, user_id or
// uploader_id — is exported or deliberately not, with the reason. Read from the live schema, so a
// migration that adds such a table fails here until someone decides.

useTestDatabase();

/** Each table with a column that holds a person's users.id, with those columns. */
async function personTables(): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table: string; column: string }>(sql`
    select distinct src.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class src on src.oid = c.conrelid
    join pg_class ref on ref.oid = c.confrelid
    join pg_namespace ns on ns.oid = src.relnamespace
    join lateral unnest(c.conkey) as k(attnum) on true
    join pg_attribute a on a.attrelid = src.oid and a.attnum = k.attnum
    where c.contype = 'f' and ref.relname = 'users' and ns.nspname = current_schema()
    union
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type = 'integer' and c.column_name in ${PERSON_COLUMN_NAMES}
    order by 1, 2`);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.table, [...(out.get(r.table) ?? []), r.column]);
  return out;
}

const exported = new Set(EXPORT_SECTIONS.map((s) => s.table));

async function unclassified(): Promise<string[]> {
  return [...(await personTables()).keys()].filter((t) => !exported.has(t) && !(t in NOT_EXPORTED));
}

describe("the records export covers every table that names a person", () => {
  it("finds the tables by the rule, and each is exported or listed with a reason", async () => {
    const tables = await personTables();
    // The rule finds what it should: the student tables and the staff-only ones alike.
    for (const t of ["grades", "attendance", "files", "notifications", "guardian_links", "comment_bank", "settings"])
      expect(tables.has(t), t).toBe(true);
    expect(await unclassified()).toEqual([]);
    for (const [table, reason] of Object.entries(NOT_EXPORTED)) {
      expect(tables.has(table), `${table} no longer names a person: remove it from NOT_EXPORTED`).toBe(true);
      expect(exported.has(table), `${table} is both exported and not`).toBe(false);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it("the export holds a section for every exported table", async () => {
    await queryRows(sql`insert into users (name, username, role) values ('Coverage Kid', 'coverage.kid', 'student')`);
    const [kid] = await queryRows<{ id: number }>(sql`select id from users where username = 'coverage.kid'`);
    const record = await buildRecord(Number(kid!.id));
    const tables = await personTables();
    for (const t of tables.keys()) if (!(t in NOT_EXPORTED)) expect(Object.keys(record!.tables), t).toContain(t);
  });

  it("fails for a new table with a student column that is in neither list", async () => {
    await queryRows(
      sql`create table homework_diaries (id serial primary key,
      student_id integer not null references users(id), entry text not null)`,
      dbHandle().ownerDb,
    );
    await queryRows(
      sql`create table sticker_log (id serial primary key, user_id integer, sticker text)`,
      dbHandle().ownerDb,
    );
    expect(await unclassified()).toEqual(["homework_diaries", "sticker_log"]);
    await queryRows(sql`drop table homework_diaries`, dbHandle().ownerDb);
    await queryRows(sql`drop table sticker_log`, dbHandle().ownerDb);
    expect(await unclassified()).toEqual([]);
  });
});
