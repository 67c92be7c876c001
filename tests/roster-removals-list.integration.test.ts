import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as applyRoute } from "@/app/admin/roster/apply/route";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { codeColumns } from "@/lib/auth/code-store";
import { queryRows } from "@/lib/db/client";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { listRosterImports } from "@/lib/roster/history";
import { applyRosterImport } from "@/lib/roster/import";
import { classRow, smallSchool, userRow, zipUpload } from "@/lib/roster/test-support";
import type { RosterRunView } from "@/lib/roster-web/request";
import { cookieJar } from "./support/request-context";
import { cli } from "./support/roster";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39 (21): the removal preview names everyone an import removes, with their username and
// role (two people may share a name): every one, not the first 500, on the page (a page at a
// time) and as a CSV file in the reader's language. A refused run's history row keeps why it was
// refused: the removal guard with its numbers, or the files' problems.

useTestDatabase();
const COUNT = 620;
const ADMIN = userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" });

/** A bulk school of the admin, `count` students (two of them named alike) and one class. */
function school(count: number): Record<string, string> {
  const users = [
    ADMIN,
    ...Array.from({ length: count }, (_, i) =>
      userRow({
        id: `s-${i + 1}`,
        role: "student",
        given: i < 2 ? "Sam" : "Mass",
        family: i < 2 ? "Lee" : `Student ${i + 1}`,
        username: `mass.${i + 1}`,
      }),
    ),
  ];
  return smallSchool({ users, classes: [classRow({ id: "c-mass", title: "Mass", code: "MASS-1" })], enrollments: [] });
}
const zip = (files: Record<string, string>) =>
  new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])))], {
    type: "application/zip",
  });
function post(route: (r: Request) => Promise<Response>, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") body.set(k, v);
    else body.set(k, v, "roster.zip");
  }
  return route(
    new Request("http://localhost/admin/roster/x", {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost" },
      body,
    }),
  );
}

beforeAll(async () => {
  await applyRosterImport(zipUpload(school(COUNT)), cli);
  // The admin the page signs in as: the import's own administrator, with a code.
  const c = codeColumns("ada-admin-code-7");
  await queryRows(
    sql`update users set code_hash = ${c.codeHash}, code_sealed = ${c.codeSealed}, code_weak = ${c.codeWeak} where username = 'aadmin'`,
  );
});

describe("the removal preview", () => {
  it("lists every person removed with their username and role, on the page and as a CSV file", async () => {
    await signInAs("ada-admin-code-7");
    const view = (await (await post(previewRoute, { files: zip(school(0)) })).json()) as RosterRunView;
    expect(view.deletionCount).toBe(COUNT);
    expect(view.deletions).toHaveLength(COUNT);
    expect(view.deletions.filter((d) => d.name === "Sam Lee")).toEqual([
      { entity: "users", name: "Sam Lee", username: "mass.1", role: "student", kept: false },
      { entity: "users", name: "Sam Lee", username: "mass.2", role: "student", kept: false },
    ]);
    expect(new Set(view.deletions.map((d) => d.username)).size).toBe(COUNT);
    const rows: string[][] = parse(view.deletionsCsv!, { bom: true });
    expect(rows[0]).toEqual(["What happens", "Name", "Username", "Role"]);
    expect(rows).toHaveLength(COUNT + 1);
    expect(rows.at(-1)).toEqual(["Deleted", `Mass Student ${COUNT}`, `mass.${COUNT}`, "Student"]);

    cookieJar.set(LOCALE_COOKIE, "es");
    const es = (await (await post(previewRoute, { files: zip(school(0)) })).json()) as RosterRunView;
    const esRows: string[][] = parse(es.deletionsCsv!, { bom: true });
    expect(esRows[0]).toEqual(["Qué pasa", "Nombre", "Usuario", "Rol"]);
    expect(esRows[1]).toEqual(["Eliminado", "Sam Lee", "mass.1", "Estudiante"]);
  });

  it("a refused run's history row says why: the removal guard with its numbers", async () => {
    await signInAs("ada-admin-code-7");
    const res = await post(applyRoute, { files: zip(school(0)), allowDeletions: "600" });
    const last = JSON.parse((await res.text()).trim().split("\n").at(-1)!) as { applied: boolean };
    expect(last.applied).toBe(false);
    const [row] = await listRosterImports({ limit: 1 });
    expect(row).toMatchObject({
      status: "refused",
      refusal: {
        problems: 0,
        stale: false,
        deletions: { people: COUNT, inPortal: COUNT + 1, percent: 5, limit: 31, admins: 0 },
      },
    });
  });
});
