import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { Client } from "pg";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database created for this file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<DbHandle & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = openPglite(null);
    await runMigrations(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const name = `portal_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString());
  await runMigrations(handle);
  return {
    ...handle,
    async drop() {
      await handle.close();
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Installs a fresh database as the app's database for the whole test file. */
export function useTestDatabase(): { handle: () => DbHandle } {
  let current: (DbHandle & { drop(): Promise<void> }) | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    setDbHandle(current);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await current?.drop();
  });
  return {
    handle: () => {
      if (!current) throw new Error("test database not ready");
      return current;
    },
  };
}
