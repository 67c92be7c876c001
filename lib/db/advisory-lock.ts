import "server-only";
import { Client } from "pg";

/**
 * Runs fn while holding a PostgreSQL advisory lock, so that several processes or instances
 * starting at once (WEB_CONCURRENCY, a rolling deploy, several hosts) migrate and seed one after
 * another instead of racing. The lock is a transaction lock held by an open transaction on a
 * connection of its own: through PgBouncer in transaction mode a session lock would stay with
 * whichever server connection took it, long after this client is gone (decision 030). PGlite
 * needs none: one process per data folder, enforced by its lock file.
 */
export async function withAdvisoryLock<T>(
  connectionString: string | undefined,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (!connectionString) return fn();
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(hashtext($1))", [`classroom-portal:${name}`]);
    const result = await fn();
    await client.query("commit");
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}
