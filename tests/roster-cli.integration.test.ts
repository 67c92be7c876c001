import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { smallSchool, userRow } from "@/lib/roster/test-support";

// npm run roster:import (scripts/roster-import.ts) as a nightly sync runs it: a folder of OneRoster
// files, a dry run, an apply, exit codes. On a PGlite folder of its own.

const work = mkdtempSync(path.join(os.tmpdir(), "roster-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, "data"), SEED_DEMO: "off", ...extra };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      path.join("node_modules", ".bin", "tsx"),
      ["--conditions=react-server", "scripts/roster-import.ts", ...args],
      { env, timeout: 150_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe("npm run roster:import", () => {
  it("prints the problems and exits 1, writing nothing; a dry run of good files exits 0; apply, then a re-import changes nothing", async () => {
    const school = smallSchool();
    const bad = folder("bad", {
      ...school,
      "users.csv": school["users.csv"]!.replace("t2,,,true,org1,teacher", "t2,,,true,org1,coach"),
    });
    const refused = await run([bad, "--allow-new-admins"]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('users.csv:3: role — "coach" is not a role the portal has');
    expect(refused.out).toContain("Nothing was written: 1 problem to fix first");
    // The problems in the school's language (SCHOOL_LOCALE): the command line has no reader of its own.
    const spanish = await run([bad, "--dry-run", "--allow-new-admins"], { SCHOOL_LOCALE: "es" });
    expect(spanish.code).toBe(1);
    expect(spanish.out).toContain('users.csv:3: role — "coach" no es un rol que tenga el portal');

    const good = folder("good", school);
    const dry = await run([good, "--dry-run", "--allow-new-admins"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/users\s+9\s+0\s+0\s+0\s+0\s+0/);
    expect(dry.out).toContain("Dry run: 21 changes would be made");

    const applied = await run([good, "--allow-new-admins"]);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain("Applied: 21 changes");
    expect(applied.out).toContain("9 users got a new access code");
    const again = await run([good, "--allow-new-admins"]);
    expect(again.code).toBe(0);
    expect(again.out).toContain("Applied: nothing to change, the portal already matches");
  }, 600_000);

  it("refuses a mass removal until --allow-deletions confirms its number, and says which database it writes to", async () => {
    // After the first test's school: a bulk users file holding only the administrator.
    const onlyAdmin = folder(
      "only-admin",
      smallSchool({
        users: [userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" })],
        enrollments: [],
      }),
    );
    const refused = await run([onlyAdmin]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Database: PGlite in ${path.join(work, "data")}; school time zone:`);
    expect(refused.out).toMatch(
      /(delete|kept without access \(has records; access code cleared\)): user Tom Baker \(tbaker, instructor\) \[t2\]/,
    );
    expect(refused.out).toContain("run with --allow-deletions 8");
    const applied = await run([onlyAdmin, "--allow-deletions", "8"]);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain("Applied:");
  }, 600_000);

  it("exits 2 on a usage error", async () => {
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("usage: npm run roster:import --");
    expect((await run([path.join(work, "nowhere")])).code).toBe(2);
  }, 300_000);
});
