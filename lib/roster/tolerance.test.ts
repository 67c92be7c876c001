import { describe, expect, it } from "vitest";
import { readRoster } from "./dataset";
import { formatProblem } from "./problems";
import { csv, looseUpload, manifest, userRow, USERS_HEADER } from "./test-support";
import { slugCode } from "./values";

// Issue 29: values real SIS exports send that are safe to interpret are read, each with a warning
// that says how; the fixtures are written here, from the standard's descriptions (no vendor file).

const read = (files: Record<string, string>) => {
  const r = readRoster(looseUpload(files));
  return {
    data: r.dataset,
    problems: r.problems.items.map(formatProblem),
    warnings: r.warnings.items.map(formatProblem),
  };
};
const users = (...rows: string[][]) => csv([USERS_HEADER, ...rows]);

describe("values accepted with a warning", () => {
  it("reads OneRoster 1.0's status inactive as tobedeleted (a delta removes the user; a bulk file leaves the row out)", () => {
    const delta = read({
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": users(
        userRow({ id: "u1", role: "student", given: "Ana", family: "Alves", status: "inactive" }),
        userRow({ id: "u2", role: "student", given: "Ben", family: "Bauer", status: "Active" }),
      ),
    });
    expect(delta.problems).toEqual([]);
    expect(delta.warnings).toEqual([
      'users.csv:2: status — "inactive" is OneRoster 1.0\'s word for tobedeleted — nothing: the row is read as tobedeleted (the record is removed or ended, as the standard says)',
    ]);
    expect(delta.data.deleted.users.map((d) => d.sourcedId)).toEqual(["u1"]);
    expect(delta.data.users.map((u) => u.sourcedId)).toEqual(["u2"]);
  });

  it("reads demographics keyed userSourcedId (the 1.0 name), even with no data rows", () => {
    const files = (rows: string[][]) => ({
      "manifest.csv": manifest({ users: "bulk", demographics: "bulk" }),
      "users.csv": users(userRow({ id: "u1", role: "student", given: "Ana", family: "Alves" })),
      "demographics.csv": csv([["userSourcedId", "status", "dateLastModified", "birthDate", "sex"], ...rows]),
    });
    const empty = read(files([]));
    expect(empty.problems).toEqual([]);
    expect(empty.warnings).toContain(
      'demographics.csv:1: userSourcedId — "userSourcedId" is OneRoster 1.0\'s name for sourcedId — nothing: the column is read as sourcedId',
    );
    const one = read(files([["u1", "active", "", "2010-04-02", "female"]]));
    expect(one.problems).toEqual([]);
    expect(one.data.users[0]!.dateOfBirth).toBe("2010-04-02");
  });

  it("tolerates the blank trailing header cells a spreadsheet leaves, with rows as wide as the filled header", () => {
    const header = ["sourcedId", "userSourcedId", "roleType", "role", "", ""].join(",");
    const text = `${header}\nr1,u1,primary,student\nr2,u2,primary,teacher,,\n`;
    const r = read({
      "manifest.csv": manifest({ users: "bulk", roles: "bulk" }),
      "roles.csv": text,
      "users.csv": csv([
        ["sourcedId", "givenName", "familyName"],
        ["u1", "Ana", "Alves"],
        ["u2", "Tom", "Tran"],
      ]),
    });
    expect(r.problems).toEqual([]);
    expect(r.data.users.map((u) => u.role)).toEqual(["student", "instructor"]);
    // A row shorter than the filled header is still a problem.
    const short = read({ "manifest.csv": manifest({ roles: "bulk" }), "roles.csv": `${header}\nr1,u1\n` });
    expect(short.problems).toEqual([
      'roles.csv:2: row — the row has 2 fields, the header has 4 — quote any value that contains a comma ("Smith, Jr."), and give every row the header\'s columns',
    ]);
  });

  it("warns about a US date in dateLastModified, which no import uses, and imports the row", () => {
    const row = userRow({ id: "u1", role: "student", given: "Ana", family: "Alves" });
    row[2] = "1/05/2023";
    const r = read({ "manifest.csv": manifest({ users: "bulk" }), "users.csv": users(row) });
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([
      'users.csv:2: dateLastModified — "1/05/2023" is not an ISO 8601 date and time — nothing: the portal does not use dateLastModified (write it as 2024-08-01T12:00:00.000Z to silence this)',
    ]);
    expect(r.data.users).toHaveLength(1);
  });
});

describe("values refused or cleaned", () => {
  it("refuses an e-mail the teacher's form would refuse", () => {
    const r = read({
      "manifest.csv": manifest({ users: "bulk" }),
      "users.csv": users(
        userRow({ id: "u1", role: "teacher", given: "A", family: "A", email: "not-an-email" }),
        userRow({ id: "u2", role: "teacher", given: "B", family: "B", email: "emma@@school" }),
        userRow({ id: "u3", role: "teacher", given: "C", family: "C", email: "c@school.example" }),
      ),
    });
    expect(r.problems).toEqual([
      'users.csv:2: email — "not-an-email" is not an e-mail address — correct it (name@school.example), or leave the cell empty',
      'users.csv:3: email — "emma@@school" is not an e-mail address — correct it (name@school.example), or leave the cell empty',
    ]);
    expect(r.data.users.map((u) => u.sourcedId)).toEqual(["u3"]);
  });

  it("makes one dash of a run of spaces and dashes in a made-up class code", () => {
    expect(slugCode("Phys 100 - 1")).toBe("Phys-100-1");
  });
});

describe("roles.csv's secondary roles", () => {
  const roles = (...rows: string[][]) =>
    csv([["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role"], ...rows]);
  const people = csv([
    ["sourcedId", "givenName", "familyName"],
    ["u1", "Tom", "Tran"],
    ["u2", "Sam", "Sato"],
  ]);
  it("never give a role: a person whose only row is a secondary siteAdministrator has none from it", () => {
    const r = read({
      "manifest.csv": manifest({ users: "bulk", roles: "bulk" }),
      "users.csv": people,
      "roles.csv": roles(
        ["r1", "", "", "u1", "primary", "teacher"],
        ["r2", "", "", "u1", "secondary", "siteAdministrator"],
        ["r3", "", "", "u2", "secondary", "siteAdministrator"],
      ),
    });
    expect(r.data.users.find((u) => u.sourcedId === "u1")!.role).toBe("instructor");
    expect(r.data.users.find((u) => u.sourcedId === "u2")!.role).toBeNull();
    expect(r.warnings).toEqual([
      'roles.csv:3: roleType — "siteAdministrator" is a secondary role: it does not change "u1"\'s role — nothing: the person\'s role is their primary one ("teacher" on line 2)',
      'roles.csv:4: roleType — "siteAdministrator" is a secondary role: it does not change "u2"\'s role — nothing: the person keeps the portal\'s role (a new person needs a primary role row)',
    ]);
  });
});
