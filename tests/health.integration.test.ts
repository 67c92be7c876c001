import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { dbHandle, queryRows } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { setFileStorage } from "@/lib/files";
import { readiness } from "@/lib/health/readiness";
import { useTestDatabase } from "./support/test-db";

// What a balancer asks each host (decision 031): /api/health/live while the process answers,
// /api/health/ready only while it serves with its database at this build's migrations. Neither
// needs a session, and neither says anything about anyone. The cluster test (scripts/cluster-test.ts)
// watches the same answers through HAProxy while hosts start, drain and die.
useTestDatabase();

// A host on PostgreSQL with files on disk starts with no DATA_DIR yet: it must still be ready.
let dataDir = "";
beforeAll(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-health-")), "data");
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  setFileStorage(undefined);
});
afterAll(() => {
  delete process.env.DATA_DIR;
  resetEnvCache();
  setFileStorage(undefined);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const holder = globalThis as unknown as { __portalLifecycle?: { state: string } };
afterEach(() => {
  delete holder.__portalLifecycle;
});

async function answer(res: Response | Promise<Response>): Promise<[number, string]> {
  const r = await res;
  return [r.status, await r.text()];
}

describe("the health checks", () => {
  it("live answers without a session or the database", async () => {
    expect(await answer(live())).toEqual([200, "live\n"]);
  });

  it("ready answers 200 once prepared, 503 while starting or draining", async () => {
    expect(await answer(ready())).toEqual([200, "ready\n"]);
    holder.__portalLifecycle = { state: "starting" };
    expect(await answer(ready())).toEqual([503, "not ready: starting\n"]);
    holder.__portalLifecycle = { state: "draining" };
    expect(await answer(ready())).toEqual([503, "not ready: draining\n"]);
  });

  it("is not ready on a database behind this build's migrations, and says only that", async () => {
    const [newest] = await queryRows<{ id: number }>(sql`select max(id)::int as id from drizzle.__drizzle_migrations`);
    await queryRows(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`, dbHandle().ownerDb);
    // One answer serves a second of checks: ask for the next second's.
    expect(await readiness(Date.now() + 5_000)).toEqual({ ready: false, reason: "migrations" });
  });
});
