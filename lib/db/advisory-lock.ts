import "server-only";
import { Client } from "pg";

/**
 * Runs fn while holding a PostgreSQL advisory lock, so that several processes or instances
 * starting at once (WEB_CONCURRENCY, a rolling deploy) migrate and seed one after another instead
 * of racing. The lock lives in a session of its own and ends with it. PGlite needs none: one
 * process per data folder, enforced by its lock file.
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
    await client.query("select pg_advisory_lock(hashtext($1))", [`classroom-portal:${name}`]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}
