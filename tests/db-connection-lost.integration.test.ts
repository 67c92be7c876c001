import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DbHandle } from "@/lib/db/client";
import { databaseUnavailable } from "@/lib/db/errors";

// Decision 030: during a failover a connection can be lost while a request holds it, between two
// of its statements. The process must not crash on it, and the request's next statement must fail
// as "the database is away" (answered "try again"), not as a bug (the root layout's 500 page).
// The connection is lost where a failover loses it, on the wire: the pool reaches the database
// (or PgBouncer) through a TCP relay here, which drops every connection it carries at once.
// PostgreSQL-only: PGlite has no connection to lose.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("a pooled connection lost while a request holds it (PostgreSQL)", () => {
  const carried = new Set<net.Socket>();
  let relay: net.Server;
  let handle: DbHandle;

  beforeAll(async () => {
    const target = new URL(url!);
    relay = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, server]) {
        s.on("error", () => {});
        carried.add(s);
        s.on("close", () => carried.delete(s));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayed = new URL(url!);
    relayed.hostname = "127.0.0.1";
    relayed.port = String((relay.address() as net.AddressInfo).port);
    handle = openPostgres(relayed.toString());
  });
  afterAll(async () => {
    await handle?.close();
    relay?.close();
  });

  it("raises no uncaught error, and its next statement fails as 'database unavailable'", async () => {
    const pool = (handle.db as unknown as { $client: import("pg").Pool }).$client;
    const held = await pool.connect();
    await held.query("select 1");
    // Someone listens for the held connection's errors (the pool listens only to idle ones): else
    // losing it throws from the socket's handler, an uncaught exception in the server process.
    expect(held.listenerCount("error")).toBeGreaterThan(0);
    const lost = new Promise((resolve) => held.once("end", resolve));
    for (const s of carried) s.destroy(); // what the primary going away does to the held connection
    await lost;
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
