import "server-only";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { Pool, type PoolClient } from "pg";
import { env } from "@/lib/env";
import { acquireDataDirLock, secureDataDir } from "./data-dir-lock";
import { databaseUnavailable } from "./errors";
import { prepareRepeatedStatements } from "./prepared";
import { queryLogger, timeCalls } from "./query-stats";
import { schoolPrelude } from "./school-scope";
import * as schema from "./schema";

// The one place that knows which engine runs. Everything else gets a `Db`.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgres";

export interface DbHandle {
  /** The portal's database: every statement runs as `portal_app` in the current school (school-scope.ts). */
  db: Db;
  /**
   * The tables' owner, outside any school: migrations, and maintenance that needs the owner's
   * rights (the bench generator's trigger switches, VACUUM). Never a request's work.
   */
  ownerDb: Db;
  engine: Engine;
  /** The embedded engine itself, for backups (PGlite only). */
  pglite?: PGlite;
  /** The server's address (PostgreSQL only), for work that needs a session of its own. */
  connectionString?: string;
  close(): Promise<void>;
}

// The default (4) prices a random page read as a spinning disk would. A school's data sits in
// memory or on SSD, where index lookups are nearly as cheap as sequential reads; with 4 the
// planner chose to scan all 360,000 grades of a school instead of 40 index probes for one class.
const RANDOM_PAGE_COST = 1.1;

// Cached on globalThis so dev hot reload does not open a second PGlite on the same folder.
const globalForDb = globalThis as unknown as { __portalDb?: DbHandle };

export function openPglite(dataDir: string | null, loadDataDir?: Blob): DbHandle {
  if (dataDir) secureDataDir(dataDir);
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  // One options object: `new PGlite(undefined, { loadDataDir })` ignores the options and starts empty.
  const client = new PGlite({ dataDir: dataDir ? path.join(dataDir, "pglite") : undefined, loadDataDir });
  // PGlite writes its files 0666 whatever the umask: tighten them once it has made them (and at
  // close). The folder itself is 0700 from the start, so nobody else can reach them meanwhile.
  if (dataDir) client.waitReady.then(() => secureDataDir(dataDir)).catch(() => undefined);
  // PGlite queues statements until it is ready, so this runs before anything else.
  client
    .exec(`set random_page_cost = ${RANDOM_PAGE_COST}`)
    .catch((err: Error) => console.error("PGlite planner setting failed:", err.message));
  const db = drizzlePglite({ client: inSchoolPglite(client), schema, logger: queryLogger }) as unknown as Db;
  const ownerDb = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    ownerDb,
    engine: "pglite",
    pglite: client,
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        if (dataDir) secureDataDir(dataDir);
        release();
      }
    },
  };
}

/**
 * What drizzle sees of PGlite: every statement inside a transaction that first sets the school and
 * the role (PGlite runs one transaction at a time, so nothing of another request interleaves).
 */
function inSchoolPglite(client: PGlite): PGlite {
  type Tx = Parameters<Parameters<PGlite["transaction"]>[0]>[0];
  const inSchool = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const prelude = schoolPrelude(); // read here, in the caller's school
    return client.transaction(async (tx) => {
      await tx.exec(prelude);
      timeCalls(tx, "query");
      timeCalls(tx, "exec");
      return fn(tx);
    });
  };
  const scoped = {
    query: (...args: Parameters<PGlite["query"]>) => inSchool((tx) => tx.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => inSchool((tx) => tx.exec(...args)),
    transaction: inSchool,
  };
  // Timed once, inside the transaction (the prelude is not a statement of the page's).
  return scoped as unknown as PGlite;
}

/**
 * node-postgres: a transaction's `begin` carries the school's prelude in the same round trip, and a
 * statement sent on its own (drizzle's pool.query) runs in a transaction of its own: begin with the
 * prelude, the statement, commit. Only a transaction-local setting survives PgBouncer's transaction
 * pooling, where consecutive statements may reach different server connections.
 */
const BEGIN = /^\s*begin\b/i;
function beginsInSchool(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    if (typeof first === "string" && BEGIN.test(first)) args[0] = `${first}; ${schoolPrelude()}`;
    else if (
      first &&
      typeof first === "object" &&
      "text" in first &&
      typeof first.text === "string" &&
      BEGIN.test(first.text)
    ) {
      args[0] = { ...first, text: `${first.text}; ${schoolPrelude()}` };
    }
    return query(...args);
  };
}

// Each connection's query function before it was timed: a statement's own begin and commit are
// not counted as the page's statements (query-stats).
const untimed = new WeakMap<PoolClient, (text: string) => Promise<unknown>>();

function standaloneInSchool(pool: Pool): void {
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    if (args.some((a) => typeof a === "function")) throw new Error("pool.query: callbacks are not supported");
    const client = await pool.connect();
    const send = untimed.get(client) ?? ((text: string) => client.query(text));
    let broken: Error | undefined;
    try {
      await send(`begin; ${schoolPrelude()}`);
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      await send("commit");
      return result;
    } catch (err) {
      // A connection that cannot even roll back is not given to the next request.
      await send("rollback").catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/** How long a request waits for the database to come back (a failover) before it is answered "try again". */
const CONNECT_WAIT_MS = 10_000;

/**
 * A new connection that fails is tried again for CONNECT_WAIT_MS when the database is away
 * (decision 030): nothing was sent yet, so it is safe for a write too, and a request that arrives
 * while PgBouncer is pointed at a promoted standby waits a few seconds instead of failing.
 */
function retryConnections(pool: Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const patient = async (): Promise<PoolClient> => {
    const until = Date.now() + CONNECT_WAIT_MS;
    for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
      try {
        return await connect();
      } catch (err) {
        if (!databaseUnavailable(err) || Date.now() + wait > until) throw err;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  };
  // pg's pool.query() calls connect(callback); transactions call connect() for a promise.
  pool.connect = ((callback?: (err: Error | undefined, client?: PoolClient, done?: PoolClient["release"]) => void) => {
    if (!callback) return patient();
    patient().then(
      (client) => callback(undefined, client, (err?: Error | boolean) => client.release(err)),
      (err: Error) => callback(err),
    );
  }) as Pool["connect"];
}

export function openPostgres(connectionString: string): DbHandle {
  const pool = new Pool({ connectionString, max: 10, options: `-c random_page_cost=${RANDOM_PAGE_COST}` });
  retryConnections(pool);
  // An idle client that loses its server must not crash the process.
  pool.on("error", (err) => console.error("PostgreSQL pool error:", err.message));
  const prepare = env().DATABASE_PREPARED_STATEMENTS === "on";
  pool.on("connect", (client) => {
    // The pool listens to a client only while it is idle: one whose server goes away while a
    // request holds it (a failover) would otherwise raise an uncaught exception. Its next
    // statement fails on its own ("not queryable"), answered "try again", and the pool drops it.
    client.on("error", () => {});
    const query = client.query.bind(client) as (text: string) => Promise<unknown>;
    untimed.set(client, query);
    if (prepare) prepareRepeatedStatements(client);
    timeCalls(client, "query");
    beginsInSchool(client);
  });
  standaloneInSchool(pool);
  const db = drizzlePg(pool, { schema, logger: queryLogger }) as unknown as Db;
  // The owner's work is rare and short (migrations at start): a pool of its own, opened on demand.
  const ownerPool = new Pool({ connectionString, max: 2 });
  ownerPool.on("error", (err) => console.error("PostgreSQL pool error:", err.message));
  if (prepare) ownerPool.on("connect", (client) => prepareRepeatedStatements(client));
  const ownerDb = drizzlePg(ownerPool, { schema }) as unknown as Db;
  return {
    db,
    ownerDb,
    engine: "postgres",
    connectionString,
    close: async () => {
      await Promise.all([pool.end(), ownerPool.end()]);
    },
  };
}

function openFromEnv(): DbHandle {
  const { DATABASE_URL, DATA_DIR } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(DATA_DIR);
}

export function dbHandle(): DbHandle {
  if (!globalForDb.__portalDb) {
    globalForDb.__portalDb = openFromEnv();
    installShutdownHooks();
  }
  return globalForDb.__portalDb;
}

export function db(): Db {
  return dbHandle().db;
}

/** Tests install their own fresh database. */
export function setDbHandle(handle: DbHandle | undefined): void {
  globalForDb.__portalDb = handle;
}

const beforeClose: (() => Promise<void>)[] = [];
/** Work to finish before the database closes at shutdown (the job worker's tick in progress). */
export function onBeforeClose(fn: () => Promise<void>): void {
  beforeClose.push(fn);
}

export async function closeDb(): Promise<void> {
  await Promise.allSettled(beforeClose.map((fn) => fn()));
  const handle = globalForDb.__portalDb;
  globalForDb.__portalDb = undefined;
  if (handle) await handle.close();
}

let hooksInstalled = false;
function installShutdownHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // Under `npm start` (scripts/start.mjs) the signal first drains the HTTP server, then calls this.
  const managed = globalThis as unknown as { __portalLifecycle?: unknown; __portalCloseDb?: () => Promise<void> };
  if (managed.__portalLifecycle) {
    managed.__portalCloseDb = closeDb;
    return;
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Close PGlite cleanly (it flushes to disk) before the process goes.
      console.log(`${signal}: closing the database...`);
      closeDb()
        .then(() => console.log("Database closed."))
        .catch((err) => console.error("Error while closing the database:", err))
        .finally(() => process.exit(0));
    });
  }
}

/** Raw SQL for the few places the query builder cannot express (in a transaction: pass it); both drivers return `.rows`. */
export async function queryRows<T>(query: SQL, on: Pick<Db, "execute"> = db()): Promise<T[]> {
  const res = (await on.execute(query)) as { rows: T[] };
  return res.rows;
}

/** A json or json_agg column's value: pg hands it over parsed, some PGlite versions as text; SQL null stays null. */
export function jsonColumn<T>(value: T | string | null | undefined): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : (value ?? null);
}
