import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, SCHOOL_TABLES } from "./support/roster";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, listRosterImports } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import {
  CLASSES_HEADER,
  classRow,
  csv,
  ENROLLMENTS_HEADER,
  enrollmentRow,
  looseUpload,
  manifest,
  SESSIONS_HEADER,
  smallSchool,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "@/lib/roster/test-support";
import type { RosterUpload } from "@/lib/roster/read-upload";
import { databaseChecksum } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";

// Files other systems really write, and broken ones (decision 012): each broken file gives the
// exact row-level message and the import writes nothing of the school's data (only its history
// row, status "refused").

useTestDatabase();

const TABLES = [...SCHOOL_TABLES, "audit_log"];

beforeAll(async () => {
  const run = await applyRosterImport(zipUpload(smallSchool()), { ...cli });
  expect(run.ok).toBe(true);
});

/** Applies the upload, expects exactly these problems, and checks that nothing was written. */
async function refused(upload: RosterUpload, problems: string[]) {
  const before = await databaseChecksum(TABLES);
  const run = await applyRosterImport(upload, { ...cli, source: "web" });
  expect(run.problems.map(formatProblem)).toEqual(problems);
  expect(run).toMatchObject({ ok: false, applied: false, problemCount: problems.length, createdUserIds: [] });
  expect(await databaseChecksum(TABLES)).toEqual(before);
  const [history] = await listRosterImports({ limit: 1 });
  expect(history).toMatchObject({
    id: run.importId,
    status: "refused",
    dryRun: false,
    source: "web",
    problems: problems.length,
    newUserIds: [],
  });
}

const school = smallSchool();

describe("files as other systems write them", () => {
  it("UTF-8 with a BOM, CRLF line ends and quoted fields holding commas, quotes and line breaks import cleanly", async () => {
    const files = {
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": csv(
        [
          USERS_HEADER,
          userRow({
            id: "q1",
            role: "student",
            given: 'Anne-Marie "Annie"',
            family: "O'Neil, Jr.",
            username: "aoneil",
          }),
          userRow({ id: "q2", role: "student", given: "Line\r\nBreak", family: "Zoë", username: "zoe" }),
        ],
        { bom: true, eol: "\r\n" },
      ),
    };
    const run = await applyRosterImport(zipUpload(files), { ...cli });
    expect(run.problems).toEqual([]);
    expect(await queryRows(sql`select name from users where sourced_id in ('q1', 'q2') order by sourced_id`)).toEqual([
      { name: 'Anne-Marie "Annie" O\'Neil, Jr.' },
      { name: "Line Break Zoë" },
    ]);
  });

  it("numbers a later row's problem by the line it starts on, after BOM, CRLF and a quoted line break", async () => {
    const users = csv(
      [
        USERS_HEADER,
        userRow({ id: "q3", role: "student", given: "Two\r\nLines", family: "X" }),
        userRow({ id: "q4", role: "coach", given: "C", family: "D" }),
      ],
      { bom: true, eol: "\r\n" },
    );
    await refused(zipUpload({ "manifest.csv": manifest({ users: "delta" }), "users.csv": users }), [
      'users.csv:4: role — "coach" is not a role the portal has — use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)',
    ]);
  });
});

describe("broken files write nothing", () => {
  it("a missing required column", async () => {
    await refused(
      zipUpload({
        ...school,
        "enrollments.csv": csv([
          ENROLLMENTS_HEADER.filter((h) => h !== "userSourcedId"),
          ["e1", "", "", "c1", "org1", "teacher", "true", "", ""],
        ]),
      }),
      ['enrollments.csv:1: userSourcedId — the column is missing — add a "userSourcedId" column to the header'],
    );
  });

  it("bad dates", async () => {
    await refused(
      zipUpload({
        ...school,
        "academicSessions.csv": csv([
          SESSIONS_HEADER,
          ["y1", "", "", "2024-25", "schoolYear", "2024/08/15", "2025-06-10", "", "2025"],
          ["f1", "", "2024-13-01", "Fall", "semester", "2024-08-15", "2024-12-20", "y1", "2025"],
        ]),
        "enrollments.csv": csv([
          ENROLLMENTS_HEADER,
          enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true", begin: "2024-02-30" }),
        ]),
      }),
      [
        'academicSessions.csv:2: startDate — "2024/08/15" is not a date — write it as YYYY-MM-DD',
        // academicSessions.csv:3's dateLastModified "2024-13-01" is only a warning: no import uses it (issue 29).
        'enrollments.csv:2: beginDate — "2024-02-30" is not a date — write it as YYYY-MM-DD',
      ],
    );
  });

  it("duplicate sourcedIds", async () => {
    await refused(
      zipUpload({
        ...school,
        "users.csv": `${school["users.csv"]}${csv([userRow({ id: "t1", role: "teacher", given: "Tim", family: "Turner" })])}`,
      }),
      ['users.csv:11: sourcedId — "t1" is also on line 2 — give every row its own sourcedId (list each record once)'],
    );
  });

  it("enrollments to a class or user that does not exist", async () => {
    await refused(
      zipUpload({
        ...school,
        "enrollments.csv": csv([
          ENROLLMENTS_HEADER,
          enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
          enrollmentRow({ id: "e2", cls: "c404", user: "s1", role: "student" }),
          enrollmentRow({ id: "e3", cls: "c1", user: "u404", role: "student" }),
        ]),
      }),
      [
        'enrollments.csv:3: classSourcedId — no class "c404" in the classes file or the portal — add the class, or remove the enrollment',
        'enrollments.csv:4: userSourcedId — no user "u404" in the users file or the portal — add the user, or remove the enrollment',
      ],
    );
  });

  it("a user the bulk file drops while an enrollment still names them", async () => {
    const users = school["users.csv"]!.split("\n")
      .filter((l) => !l.startsWith("s4,"))
      .join("\n");
    await refused(zipUpload({ ...school, "users.csv": users }), [
      'enrollments.csv:8: userSourcedId — no user "s4" in the users file or the portal — add the user, or remove the enrollment',
    ]);
  });

  it("a row with a stray comma, and a quote never closed", async () => {
    const users = `${csv([USERS_HEADER, userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone" })])}s2,,,true,org1,student,stwo,,Sue,Two, Jr.,,,,,,,,\n`;
    await refused(zipUpload({ ...school, "users.csv": users }), [
      'users.csv:3: row — the row has 19 fields, the header has 18 — quote any value that contains a comma ("Smith, Jr."), and give every row the header\'s columns',
    ]);
    const classes = `${csv([CLASSES_HEADER, classRow({ id: "c1", title: "Algebra I", code: "ALG1" })])}c2,,,"Biology,10,course1,BIO2,scheduled,,org1,,,,2\nc3,,,Art,,course1,,scheduled,,org1,,,,\n`;
    await refused(zipUpload({ ...school, "classes.csv": classes }), [
      'classes.csv:3: row — a quoted field starts on this line and is never closed — close the quote, and write a quote inside a quoted field as two quotes ("")',
    ]);
  });

  it("a zip bomb, refused before it is inflated", async () => {
    const bomb = zipSync({ "users.csv": strToU8("a".repeat(10_000)) });
    const view = new DataView(bomb.buffer);
    for (let i = 0; i + 4 <= bomb.length; i++)
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 4_000_000_000, true);
    await refused({ label: "bomb.zip", files: [{ name: "bomb.zip", bytes: bomb }] }, [
      "bomb.zip/users.csv: file — the entry unpacks to 3815 MB, more than the 64 MB allowed for one file — split the import into smaller files",
    ]);
  });

  it("an upload over the size limit, refused before it is read", async () => {
    const big = new Uint8Array(51 * 1024 * 1024).fill(0x61);
    await refused({ label: "huge.csv", files: [{ name: "huge.csv", bytes: big }] }, [
      "huge.csv: file — the upload is 51 MB, more than the 50 MB allowed — upload the CSV files in a .zip, or split the import",
    ]);
  });

  it("loose files without a users file for the enrollments' people", async () => {
    await refused(
      looseUpload({
        "enrollments.csv": csv([
          ENROLLMENTS_HEADER,
          enrollmentRow({ id: "e50", cls: "c1", user: "nobody", role: "student" }),
        ]),
      }),
      [
        'enrollments.csv:2: userSourcedId — no user "nobody" in the users file or the portal — add the user, or remove the enrollment',
      ],
    );
  });
});
