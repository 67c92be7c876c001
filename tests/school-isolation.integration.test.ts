import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, dbHandle, jsonColumn, queryRows, type Db } from "@/lib/db/client";
import { PORTAL_ROLE, withSchool } from "@/lib/db/school-scope";
import { adminCounts } from "@/lib/queries/admin";
import { getLevelWithEnrollment } from "@/lib/queries/levels";
import { fillEveryTable } from "./support/every-table";
import { useTestDatabase } from "./support/test-db";

// Schools kept apart by PostgreSQL itself (issue 42, decision 034). Read from the live schema: a
// migration that adds a table fails here until the table is either isolated (school_id and
// `select portal_isolate('…')`) or named below as the district's, with the reason.

useTestDatabase();

/** Tables that belong to the district, not to one school, and why. */
const DISTRICT_WIDE: Record<string, string> = {
  schools: "the district's list of its schools",
  users: "a person exists once in the district and may belong to several schools",
  school_memberships: "which schools a person belongs to, read before any school is chosen (sign-in, the switcher)",
  rate_limits: "counters keyed by address or account, shared by every school",
  oidc_links: "a person's school account, one per person",
  oidc_blocks: "a school account refused sign-in, whichever school it was for",
  oidc_pending: "a sign-in under way, before anyone knows the school",
  notification_preferences: "a person's own choices about notices",
  calendar_feeds: "a person's own feed address",
  files_trash: "stored objects waiting to be removed: names of objects, no school's records",
  jobs: "the queue the worker serves for every school: each job keeps its school_id and runs in it",
};

const POLICY = "(school_id = ( SELECT portal_school() AS portal_school))";

interface TableFacts {
  table: string;
  hasSchoolId: boolean;
  enabled: boolean;
  forced: boolean;
  policies: { name: string; cmd: string; permissive: boolean; qual: string | null; check: string | null }[];
}

async function tableFacts(on: Pick<Db, "execute"> = dbHandle().ownerDb): Promise<TableFacts[]> {
  const rows = await queryRows<{
    table: string;
    has_school_id: boolean;
    enabled: boolean;
    forced: boolean;
    policies: TableFacts["policies"] | string | null;
  }>(
    sql`select c.relname as "table",
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as has_school_id,
        c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select json_agg(json_build_object('name', p.polname, 'cmd', p.polcmd, 'permissive', p.polpermissive,
            'qual', pg_get_expr(p.polqual, p.polrelid), 'check', pg_get_expr(p.polwithcheck, p.polrelid)))
         from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    on,
  );
  return rows.map((r) => ({
    table: r.table,
    hasSchoolId: r.has_school_id,
    enabled: r.enabled,
    forced: r.forced,
    policies: jsonColumn<TableFacts["policies"]>(r.policies) ?? [],
  }));
}

/** What keeps a table from being one school's alone; empty when nothing does. */
function problems(facts: TableFacts[]): string[] {
  const out: string[] = [];
  for (const t of facts) {
    if (t.table in DISTRICT_WIDE) {
      if (t.policies.length > 0) out.push(`${t.table}: the district's, yet has policies`);
      continue;
    }
    if (!t.hasSchoolId) out.push(`${t.table}: no school_id (isolate it, or name it as the district's)`);
    if (!t.enabled) out.push(`${t.table}: row-level security off`);
    if (!t.forced) out.push(`${t.table}: row-level security not forced`);
    const ok = t.policies.filter((p) => p.cmd === "*" && p.permissive && p.qual === POLICY && p.check === POLICY);
    if (ok.length !== 1 || t.policies.length !== 1) out.push(`${t.table}: not exactly the school policy`);
  }
  return out;
}

async function scopedTables(): Promise<string[]> {
  return (await tableFacts()).filter((t) => !(t.table in DISTRICT_WIDE)).map((t) => t.table);
}

/**
 * Counts, row changes and (unless `deletes` is false: an own school's delete meets the tables'
 * foreign keys) deletions one school's transaction achieves on `table`, all rolled back.
 */
async function reach(
  schoolId: number,
  table: string,
  deletes = true,
): Promise<{ read: number; updated: number; deleted: number }> {
  const rollback = new Error("rollback");
  let seen = { read: -1, updated: -1, deleted: -1 };
  await withSchool(schoolId, () =>
    db()
      .transaction(async (tx) => {
        const [{ n }] = (await queryRows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`), tx)) as [
          { n: number },
        ];
        // The audit log refuses every update of its own (drizzle/0002), whichever school.
        const updates = !(deletes === false && table === "audit_log");
        const updated = (await tx.execute(
          sql.raw(updates ? `update ${table} set school_id = school_id` : "select 1 where false"),
        )) as {
          rowCount?: number | null;
          affectedRows?: number;
        };
        const deleted = (await tx.execute(sql.raw(deletes ? `delete from ${table}` : "select 1 where false"))) as {
          rowCount?: number | null;
          affectedRows?: number;
        };
        seen = {
          read: n,
          updated: updated.affectedRows ?? updated.rowCount ?? 0,
          deleted: deleted.affectedRows ?? deleted.rowCount ?? 0,
        };
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      }),
  );
  return seen;
}

describe("every school-scoped table", () => {
  it("has school_id under a forced policy, unless it is the district's", async () => {
    expect(problems(await tableFacts())).toEqual([]);
  });

  it("the check finds a table whose policy was dropped or not forced", async () => {
    const facts = await tableFacts();
    const grades = facts.find((t) => t.table === "grades")!;
    expect(problems([{ ...grades, policies: [] }])).toEqual(["grades: not exactly the school policy"]);
    expect(problems([{ ...grades, forced: false }])).toEqual(["grades: row-level security not forced"]);
    expect(problems([{ ...grades, hasSchoolId: false, enabled: false }])).toHaveLength(2);
  });

  it("the portal's statements run as a role that cannot bypass row-level security", async () => {
    const [role] = await queryRows<{ super: boolean; bypass: boolean; owns: number }>(
      sql`select rolsuper as super, rolbypassrls as bypass,
        (select count(*)::int from pg_class c where c.relowner = r.oid) as owns from pg_roles r where rolname = ${PORTAL_ROLE}`,
      dbHandle().ownerDb,
    );
    expect(role).toEqual({ super: false, bypass: false, owns: 0 });
    const [me] = await queryRows<{ user: string; school: string }>(
      sql`select current_user as "user", current_setting('app.school_id') as school`,
    );
    expect(me).toEqual({ user: PORTAL_ROLE, school: "1" });
    const inTx = await db().transaction(async (tx) =>
      withSchool(7, () => queryRows<{ user: string }>(sql`select current_user as "user"`, tx)),
    );
    expect(inTx).toEqual([{ user: PORTAL_ROLE }]);
  });
});

describe("another school's rows, with no school_id filter in the query", () => {
  let tables: string[] = [];
  let counts: Record<string, number> = {};
  beforeAll(async () => {
    await fillEveryTable();
    tables = await scopedTables();
    // Every row so far becomes school 2's (as the owner, triggers off: the audit log refuses
    // updates); school 1 is left with nothing.
    await dbHandle().ownerDb.transaction(async (tx) => {
      await tx.execute(sql`insert into schools (id, name) values (2, 'Second school')`);
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) await tx.execute(sql.raw(`update ${table} set school_id = 2`));
    });
    counts = Object.fromEntries(
      await Promise.all(
        tables.map(async (t) => {
          const [{ n }] = (await queryRows<{ n: number }>(
            sql.raw(`select count(*)::int as n from ${t}`),
            dbHandle().ownerDb,
          )) as [{ n: number }];
          return [t, n] as const;
        }),
      ),
    );
  }, 120_000);

  it("exist in every school-scoped table (the fixture fills them all)", () => {
    expect(tables.length).toBeGreaterThanOrEqual(31);
    expect(tables.filter((t) => !(counts[t]! > 0))).toEqual([]);
  });

  it("are out of school 1's reach: none read, changed or deleted", async () => {
    const reached: Record<string, unknown> = {};
    for (const table of tables) {
      const r = await reach(1, table);
      if (r.read || r.updated || r.deleted) reached[table] = r;
    }
    expect(reached).toEqual({});
  });

  it("are all within school 2's own reach", async () => {
    const own: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const table of tables) {
      own[table] = await reach(2, table, false);
      expected[table] = { read: counts[table], updated: table === "audit_log" ? 0 : counts[table], deleted: 0 };
    }
    expect(own).toEqual(expected);
  });

  it("cannot be moved into school 1, nor written as school 2's from school 1", async () => {
    // Every move is refused by the policy's check (the audit log refuses any update before it).
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const table of tables) {
      expected[table] = table === "audit_log" ? "append-only" : "row-level security";
      answers[table] = await withSchool(2, () =>
        db()
          .execute(sql.raw(`update ${table} set school_id = 1`))
          .then(
            () => "moved",
            (err: unknown) =>
              /row-level security|append-only/.exec(String((err as { cause?: unknown }).cause ?? err))?.[0] ??
              String(err),
          ),
      );
    }
    expect(answers).toEqual(expected);
    await expect(
      db().execute(sql`insert into settings (school_id, key, value) values (2, 'planted', '{}'::jsonb)`),
    ).rejects.toThrow();
    const [planted] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from settings where key = 'planted'`,
      dbHandle().ownerDb,
    );
    expect(planted!.n).toBe(0);
  });

  it("a screen's own query finds nothing of school 2 in school 1", async () => {
    const [{ code }] = (await queryRows<{ code: string }>(
      sql`select code from levels order by code limit 1`,
      dbHandle().ownerDb,
    )) as [{ code: string }];
    expect(await withSchool(2, () => getLevelWithEnrollment(code, null))).toMatchObject({ code });
    expect(await withSchool(1, () => getLevelWithEnrollment(code, null))).toBeNull();
    expect((await withSchool(2, () => adminCounts())).classes).toBeGreaterThan(0);
    expect((await withSchool(1, () => adminCounts())).classes).toBe(0);
  });
});
