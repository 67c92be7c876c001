import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/lib/db/client";
import { databaseUnavailable } from "@/lib/db/errors";

// Decision 030: during a failover a connection can be lost while a request holds it, between two
// of its statements. The process must not crash on it, and the request's next statement must fail
// as "the database is away" (answered "try again"), not as a bug (the root layout's 500 page).
// PostgreSQL-only: PGlite has no connection to lose.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("a pooled connection lost while a request holds it (PostgreSQL)", () => {
  const handle = url ? openPostgres(url) : undefined;
  afterAll(() => handle?.close());

  it("raises no uncaught error, and its next statement fails as 'database unavailable'", async () => {
    const pool = (handle!.db as unknown as { $client: import("pg").Pool }).$client;
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>("select pg_backend_pid() as pid");
    const lost = new Promise((resolve) => held.once("end", resolve));
    // What a primary going away does to the held connection: its server ends it.
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await admin.end();
    await lost; // an 'error' event with no listener here would fail the run as an uncaught error
    const failure = await held.query("select 1").then(
      () => null,
      (err: unknown) => err,
    );
    held.release(failure as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(databaseUnavailable(failure)).toBe(true);
    // The pool goes on serving with a new connection.
    expect((await pool.query("select 2 as two")).rows[0]).toEqual({ two: 2 });
  });
});
