import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, setDbHandle } from "@/lib/db/client";
import { buildOneRosterExport, oneRosterZip } from "@/lib/export/oneroster";
import { parse } from "csv-parse/sync";
import { applyRosterImport } from "@/lib/roster/import";
import { smallSchool, userRow, zipUpload } from "@/lib/roster/test-support";
import { cli } from "./support/roster";
import { createTestDatabase } from "./support/test-db";

// Issue 29: given and family names are stored as the roster imported them, and the OneRoster
// export writes them back exactly. Splitting the one name at its last space made "Zoë O'Brien,
// Jr." given "Zoë O'Brien," and family "Jr."; a person made in the portal (or renamed there since
// the import) is still split, as before.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let original: TestDb;
let copy: TestDb;
const opts = { ...cli, timeZone: "UTC" };
const exportOptions = { schoolName: "Test High", timeZone: "UTC" };

const users = [
  userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
  userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
  userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" }),
  userRow({ id: "s1", role: "student", given: "Zoë", family: "O'Brien, Jr.", username: "zobrien" }),
  userRow({ id: "s2", role: "student", given: "Mary Ann", family: "van der Berg", username: "mvdb" }),
  userRow({ id: "s3", role: "student", given: "Sid", family: "Three", username: "sthree" }),
  userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
];

/** users.csv of the export: sourcedId → [givenName, familyName]. */
async function exportedNames(): Promise<Record<string, [string, string]>> {
  const { files } = await buildOneRosterExport(exportOptions);
  const rows = parse<Record<string, string>>(files["users.csv"], { columns: true });
  return Object.fromEntries(rows.map((r) => [r.sourcedId!, [r.givenName!, r.familyName!] as [string, string]]));
}

beforeAll(async () => {
  [original, copy] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  setDbHandle(original);
});
afterAll(async () => {
  setDbHandle(undefined);
  await Promise.all([original.drop(), copy.drop()]);
});

describe("given and family names", () => {
  it("are exported as imported; people made or renamed in the portal are split at the last space", async () => {
    expect((await applyRosterImport(zipUpload(smallSchool({ users })), opts)).ok).toBe(true);
    await queryRows(sql`insert into users (name, username, role) values ('Ava Marie Johnson', 'ajohnson', 'student')`);
    await queryRows(sql`update users set name = 'Sal Fourier' where sourced_id = 's4'`);

    const names = await exportedNames();
    expect(names["s1"]).toEqual(["Zoë", "O'Brien, Jr."]);
    expect(names["s2"]).toEqual(["Mary Ann", "van der Berg"]);
    expect(names["s3"]).toEqual(["Sid", "Three"]);
    expect(names["s4"]).toEqual(["Sal", "Fourier"]);
    const made = Object.entries(names).find(([sid]) => sid.startsWith("user-"));
    expect(made?.[1]).toEqual(["Ava Marie", "Johnson"]);
  });

  it("survive a round trip: the export imported into an empty portal is exported the same", async () => {
    const before = await exportedNames();
    const zip = await oneRosterZip(exportOptions);
    setDbHandle(copy);
    const run = await applyRosterImport(
      { label: "oneroster.zip", files: [{ name: "oneroster.zip", bytes: zip }] },
      opts,
    );
    expect(run.problems).toEqual([]);
    expect(run.ok).toBe(true);
    const [zoe] = await queryRows<{ name: string; given_name: string; family_name: string }>(
      sql`select name, given_name, family_name from users where sourced_id = 's1'`,
    );
    expect(zoe).toEqual({ name: "Zoë O'Brien, Jr.", given_name: "Zoë", family_name: "O'Brien, Jr." });
    expect(await exportedNames()).toEqual(before);
    // A re-import of the same files changes nothing.
    expect(
      (await applyRosterImport({ label: "oneroster.zip", files: [{ name: "oneroster.zip", bytes: zip }] }, opts))
        .changes,
    ).toBe(0);
  });
});
