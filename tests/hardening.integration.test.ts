import fs from "node:fs";
import { codeHash } from "@/lib/auth/code-store";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { backupPglite } from "@/lib/db/backup";
import { db, openPglite } from "@/lib/db/client";
import { createAdmin } from "@/lib/db/create-admin";
import { demoSeedDecision } from "@/lib/db/demo-decision";
import { runMigrations } from "@/lib/db/migrate";
import { users } from "@/lib/db/schema";
import { useTestDatabase } from "./support/test-db";

// Issue 17 items 8 (first admin, no demo in production) and 18 (data files only for their owner).

useTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-perm-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("8 · the first admin and the demo school", () => {
  it("refuses the demo on a production server, on either engine, unless SEED_DEMO=on", () => {
    const base = { databaseEmpty: true, nodeEnv: "production" } as const;
    expect(demoSeedDecision({ ...base, seedDemo: "auto" })).toBe("refuse");
    expect(demoSeedDecision({ ...base, seedDemo: "on" })).toBe("load");
    expect(demoSeedDecision({ ...base, seedDemo: "off" })).toBe("skip");
    expect(demoSeedDecision({ ...base, seedDemo: "auto", nodeEnv: "development" })).toBe("load");
    expect(demoSeedDecision({ ...base, seedDemo: "on", databaseEmpty: false })).toBe("skip");
  });
  it("create-admin makes an admin with a generated code, once per username", async () => {
    const made = await createAdmin(db(), { name: "Dana Lee", username: "dlee" });
    expect(made.ok).toBe(true);
    const code = made.ok ? made.code : "";
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [row] = await db().select().from(users).where(eq(users.username, "dlee"));
    expect(row).toMatchObject({ role: "admin", codeHash: codeHash(code), unsealedCode: null, name: "Dana Lee" });
    expect(await createAdmin(db(), { name: "Dana Again", username: "dlee" })).toEqual({
      ok: false,
      message: 'the username "dlee" is already taken',
    });
    expect((await createAdmin(db(), { name: "", username: "x" })).ok).toBe(false);
  });
  it("create-admin --email puts the admin's school e-mail on the account (issue 39), once per address", async () => {
    const made = await createAdmin(db(), {
      name: "Sam Ortiz",
      username: "sortiz",
      email: " Sam.Ortiz@lincoln.school ",
    });
    expect(made.ok).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.username, "sortiz"));
    expect(row).toMatchObject({ role: "admin", email: "Sam.Ortiz@lincoln.school" });
    expect(
      await createAdmin(db(), { name: "Sam Two", username: "sortiz2", email: "sam.ortiz@LINCOLN.school" }),
    ).toEqual({
      ok: false,
      message: "another user already has the e-mail address sam.ortiz@LINCOLN.school",
    });
    expect(await createAdmin(db(), { name: "Sam Three", username: "sortiz3", email: "not-an-address" })).toEqual({
      ok: false,
      message: "--email must be an e-mail address, e.g. dana.lee@lincoln.school",
    });
  });
});

function loosePaths(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if ((st.mode & 0o077) !== 0) out.push(`${path.relative(tmp, p)} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

describe("18 · PGlite's files", () => {
  it("are readable by their owner only: folder 0700, files 0600, also an install made before", async () => {
    if (process.env.DATABASE_URL) return void console.log("PGlite only: skipped on PostgreSQL");
    const dir = path.join(tmp, "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "old-file"), "x", { mode: 0o644 });
    const handle = openPglite(dir);
    await runMigrations(handle);
    await handle.close();
    expect(fs.readdirSync(path.join(dir, "pglite")).length).toBeGreaterThan(0);
    const loose = loosePaths(dir);
    expect(loose).toEqual([]);
    const backup = path.join(tmp, "backup.tar.gz");
    const again = openPglite(dir);
    await backupPglite(again, backup);
    await again.close();
    expect((fs.statSync(backup).mode & 0o777).toString(8)).toBe("600");
  });
});
