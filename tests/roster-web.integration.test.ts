import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as applyRoute } from "@/app/admin/roster/apply/route";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { smallSchool } from "@/lib/roster/test-support";
import { cookieJar } from "./support/request-context";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// The admin page's roster requests (issue 18): admins only, same origin, bounded; the dry run
// changes nothing of the school; apply streams its progress and then the result.

useTestDatabase();
beforeAll(seedDemo);

const zip = (files: Record<string, string>) =>
  new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])))], {
    type: "application/zip",
  });

function post(
  route: (r: Request) => Promise<Response>,
  fields: Record<string, string | Blob> = {},
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") body.set(k, v);
    else body.set(k, v, "roster.zip");
  }
  return route(
    new Request("http://localhost/admin/roster/x", {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost", ...headers },
      body,
    }),
  );
}

const TABLES = ["users", "levels", "student_enrollment", "guardian_links", "school_terms"];

describe("roster import requests", () => {
  it("refuse everyone but admins, and cross-site posts, changing nothing", async () => {
    const before = await databaseChecksum(TABLES);
    for (const route of [previewRoute, applyRoute]) {
      cookieJar.clear();
      expect((await post(route, { files: zip(smallSchool()) })).status).toBe(401);
      for (const code of [DEMO_STUDENTS[0]!.code, "parent-kim", DEMO_INSTRUCTORS[0].code]) {
        await signInAs(code);
        const res = await post(route, { files: zip(smallSchool()) });
        expect(res.status).toBe(403);
        expect(await res.text()).not.toMatch(/Algebra|Tina/);
      }
      await signInAs(DEMO_ADMIN.code);
      expect((await post(route, { files: zip(smallSchool()) }, { origin: "https://evil.example" })).status).toBe(403);
      expect((await post(route, {})).status).toBe(400);
      expect(
        (await post(route, { files: zip(smallSchool()) }, { "content-length": String(80 * 2 ** 20) })).status,
      ).toBe(413);
    }
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("preview counts what would change and writes none of it; apply streams progress and carries it out", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(TABLES);
    const preview = await post(previewRoute, { files: zip(smallSchool()), allowNewAdmins: "1" });
    expect(preview.status).toBe(200);
    const view = (await preview.json()) as {
      ok: boolean;
      changes: number;
      fingerprint: string;
      counts: { users: { create: number } };
      problems: string[];
    };
    expect(view).toMatchObject({ ok: true, problems: [] });
    expect(view.counts.users.create).toBeGreaterThan(0);
    expect(await databaseChecksum(TABLES)).toEqual(before);

    const applied = await post(applyRoute, {
      files: zip(smallSchool()),
      fingerprint: view.fingerprint,
      allowNewAdmins: "1",
    });
    expect(applied.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await applied.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; phase?: string; applied?: boolean; changes?: number });
    expect(lines.filter((l) => l.type === "progress").map((l) => l.phase)).toEqual(
      expect.arrayContaining(["reading", "checking", "users", "recording"]),
    );
    expect(lines.at(-1)).toMatchObject({ type: "result", applied: true, changes: view.changes });
    expect(await databaseChecksum(TABLES)).not.toEqual(before);

    // The same files again: nothing to change.
    const again = (await (await post(previewRoute, { files: zip(smallSchool()), allowNewAdmins: "1" })).json()) as {
      changes: number;
    };
    expect(again.changes).toBe(0);
  });

  it("apply refuses a stale preview (the fingerprint no longer matches) and writes nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(TABLES);
    const files = smallSchool();
    files["users.csv"] = files["users.csv"]!.replace("Tina", "Tine");
    const res = await post(applyRoute, { files: zip(files), fingerprint: "not-the-preview", allowNewAdmins: "1" });
    const last = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; applied?: boolean; problems?: string[] })
      .at(-1)!;
    expect(last).toMatchObject({ type: "result", applied: false });
    expect(last.problems!.join("\n")).toMatch(/changed since the preview/);
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });
});
