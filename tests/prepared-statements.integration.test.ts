import { describe, expect, it } from "vitest";
import { Client } from "pg";
import { prepareRepeatedStatements, statementName } from "@/lib/db/prepared";

// Decision 016: on PostgreSQL the statements pages repeat are prepared once per connection, so
// the database stops parsing and planning them on every request.

describe("which statements get a name", () => {
  it("names a repeated read or write by its text, the same in every process", () => {
    const text = "select id from users where id = $1";
    const name = statementName(text, 1);
    expect(name).toMatch(/^portal_[0-9a-f]{32}$/);
    expect(name!.length).toBeLessThanOrEqual(63); // PostgreSQL's identifier limit
    expect(statementName(text, 1)).toBe(name);
    expect(statementName("select id from users where id = $2", 1)).not.toBe(name);
    expect(statementName("insert into t (a) values ($1)", 1)).toMatch(/^portal_/);
    expect(statementName("-- the newest first\n  /* bounded */ select 1 from t where a = $1", 1)).toMatch(/^portal_/);
  });

  it("leaves transaction control, settings, statements without parameters and long IN lists unnamed", () => {
    expect(statementName("select 1; select 2", 0)).toBeUndefined();
    expect(statementName("begin", 0)).toBeUndefined();
    expect(statementName("set local statement_timeout = 1000", 0)).toBeUndefined();
    const params = Array.from({ length: 65 }, (_, i) => `$${i + 1}`).join(", ");
    expect(statementName(`select 1 where 1 in (${params})`, 65)).toBeUndefined();
  });
});

describe("the client wrapper", () => {
  it("names a statement of plain values, and leaves one with any other value unnamed", () => {
    const sent: unknown[] = [];
    const client = { query: (...args: unknown[]) => sent.push(args[0]) };
    prepareRepeatedStatements(client);
    const text = "select id from users where id = $1 and name = $2";
    client.query({ text }, [1, "Ava"]);
    client.query({ text }, [1, new Date(0)]);
    // pg would close a named statement whose value failed to bind yet keep it as parsed: never name those.
    client.query({ text }, [1, 10n]);
    client.query({ text }, [1, { nested: true }]);
    expect(sent.map((q) => (q as { name?: string }).name)).toEqual([
      statementName(text, 2),
      statementName(text, 2),
      undefined,
      undefined,
    ]);
  });
});

describe.runIf(process.env.DATABASE_URL)("on PostgreSQL", () => {
  it("parses a repeated statement once per connection and still answers with each call's values", async () => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      prepareRepeatedStatements(client);
      const text = "select $1::int + 1 as n";
      const first = await client.query<{ n: number }>({ text }, [1]);
      const second = await client.query<{ n: number }>({ text }, [41]);
      expect([first.rows[0]!.n, second.rows[0]!.n]).toEqual([2, 42]);
      const prepared = await client.query("select name, statement from pg_prepared_statements");
      expect(prepared.rows).toEqual([{ name: statementName(text, 1), statement: text }]);
      // A plain string (no parameters object) is left alone: transaction control stays unnamed.
      await client.query("begin");
      await client.query("commit");
      expect(
        (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n,
      ).toBe(1);
    } finally {
      await client.end();
    }
  });
});
