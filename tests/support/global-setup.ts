// Runs once per `vitest run`, before any test file (vitest.config.ts globalSetup): builds the
// migrated, empty database every test file starts from, so a file copies it instead of running
// initdb and the migrations itself (issue 34, decision 024). On a loaded 2-core machine a fresh
// PGlite took 15-25 s to start; loading the copy takes 2-5 s.
//
// PGlite: the migrated data folder as an uncompressed tarball (PGlite's own gzip hangs on Node 20,
// lib/db/backup.ts), kept under node_modules/.cache and reused while the migrations, the migration
// code and the engine versions are unchanged (the key hashes all of them).
// PostgreSQL (DATABASE_URL set): a template database for this run, dropped at the end; each file
// runs `create database … template …`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "@/lib/db/client";
import { MIGRATIONS_FOLDER, runMigrations } from "@/lib/db/migrate";
import { testAdminUrl } from "./test-admin-url";

export type TestDbTemplate = { engine: "pglite"; file: string } | { engine: "postgres"; database: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate;
  }
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

function packageVersion(name: string): string {
  const file = path.join(process.cwd(), "node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/** Changes whenever the migrated database could: a migration, the migration code, an engine version. */
function templateKey(): string {
  const hash = crypto.createHash("sha256");
  for (const file of [...filesUnder(MIGRATIONS_FOLDER), path.join(process.cwd(), "lib/db/migrate.ts")]) {
    hash.update(path.relative(process.cwd(), file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  hash.update(`pglite ${packageVersion("@electric-sql/pglite")} drizzle ${packageVersion("drizzle-orm")}`);
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const dir = path.join(process.cwd(), "node_modules", ".cache", "portal-test-db");
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const handle = openPglite(null);
  try {
    await runMigrations(handle);
    const tar = Buffer.from(await (await handle.pglite!.dumpDataDir("none")).arrayBuffer());
    // Written aside and renamed: a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, tar);
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  // Older templates (before a migration was added) are of no further use.
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith("pglite-") && name !== path.basename(file) && !name.endsWith(".partial")) {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
  return file;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide("testDbTemplate", { engine: "pglite", file: await pgliteTemplate() });
    return undefined;
  }
  // Through a pooler (TEST_DATABASE_ADMIN_URL: PostgreSQL itself), the template is made and
  // migrated directly, so the pooler never holds a connection to it (a template must have none).
  const admin = testAdminUrl();
  const database = `portal_template_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(admin, `create database ${database}`);
  const target = new URL(admin);
  target.pathname = `/${database}`;
  const handle = openPostgres(target.toString());
  try {
    await runMigrations(handle);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await handle.close();
  }
  project.provide("testDbTemplate", { engine: "postgres", database });
  return () => adminQuery(admin, `drop database if exists ${database} with (force)`);
}
