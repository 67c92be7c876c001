import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { Client } from "pg";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "@/lib/db/client";
import { testAdminUrl } from "./test-admin-url";

let pgliteTemplate: { file: string; tar: Blob } | undefined;

/**
 * A fresh, migrated database for one test file, copied from the template the run built once
 * (tests/support/global-setup.ts): in-memory PGlite loaded from the migrated data folder, or, when
 * DATABASE_URL is set, a new PostgreSQL database created from the template and dropped afterwards.
 */
export async function createTestDatabase(): Promise<DbHandle & { drop(): Promise<void> }> {
  const template = inject("testDbTemplate");
  if (template.engine === "pglite") {
    if (pgliteTemplate?.file !== template.file) {
      pgliteTemplate = {
        file: template.file,
        tar: new Blob([new Uint8Array(await fs.promises.readFile(template.file))]),
      };
    }
    const handle = openPglite(null, pgliteTemplate.tar);
    await handle.pglite!.waitReady;
    return { ...handle, drop: () => handle.close() };
  }
  const url = process.env.DATABASE_URL!;
  const adminUrl = testAdminUrl();
  const name = `portal_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.database}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString());
  return {
    ...handle,
    async drop() {
      await handle.close();
      const c = new Client({ connectionString: adminUrl });
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
