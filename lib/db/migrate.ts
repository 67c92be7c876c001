import "server-only";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { withAdvisoryLock } from "./advisory-lock";
import type { DbHandle } from "./client";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/**
 * Applies the committed SQL migrations; already-applied ones are skipped, so it is safe at every
 * start, and on PostgreSQL one process at a time.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.engine === "pglite") {
    await migratePglite(handle.ownerDb as unknown as PgliteDatabase<Record<string, unknown>>, config);
  } else {
    await withAdvisoryLock(handle.connectionString, "migrations", () =>
      migratePg(handle.ownerDb as unknown as NodePgDatabase<Record<string, unknown>>, config),
    );
  }
}
