import { describe, expect, it } from "vitest";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { readRoster } from "./dataset";
import { formatProblem } from "./problems";
import {
  CLASSES_HEADER,
  classRow,
  csv,
  ENROLLMENTS_HEADER,
  enrollmentRow,
  looseUpload,
  manifest,
  SESSIONS_HEADER,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "./test-support";
import {
  CATEGORIES_HEADER,
  categoryRow,
  DEMOGRAPHICS_HEADER,
  LINEITEMS_HEADER,
  lineItemRow,
  resultRow,
  RESULTS_HEADER,
} from "./test-support-gradebook";
import { instantOf, parseMaxScore, parseScore } from "./values";

// The OneRoster reader's mapping rules (decision 012), file by file. The plan's rules (matching,
// removals, teachers, guardians) are in tests/roster-*.integration.test.ts.

const read = (files: Record<string, string>, zipped = false) => {
  const r = readRoster(zipped ? zipUpload(files) : looseUpload(files));
  return {
    data: r.dataset,
    problems: r.problems.items.map(formatProblem),
    warnings: r.warnings.items.map(formatProblem),
  };
};
const users = (...rows: string[][]) => csv([USERS_HEADER, ...rows]);
const bulkUsers = (...rows: string[][]) => ({
  "manifest.csv": manifest({ users: "bulk" }),
  "users.csv": users(...rows),
});

describe("roles", () => {
  it("maps OneRoster roles onto the portal's four, in any case", () => {
    const roles = [
      "student",
      "Teacher",
      "administrator",
      "siteAdministrator",
      "districtAdministrator",
      "systemAdministrator",
      "principal",
      "parent",
      "guardian",
      "RELATIVE",
    ];
    const { data, problems } = read(
      bulkUsers(...roles.map((role, i) => userRow({ id: `u${i}`, role, given: "A", family: `B${i}` }))),
    );
    expect(problems).toEqual([]);
    expect(data.users.map((u) => u.role)).toEqual([
      "student",
      "instructor",
      "admin",
      "admin",
      "admin",
      "admin",
      "admin",
      "parent",
      "parent",
      "parent",
    ]);
    expect(data.users.slice(7).map((u) => u.relationship)).toEqual(["guardian", "guardian", "other"]);
  });
  it("refuses aides, proctors and unknown roles, with what to do", () => {
    const { data, problems } = read(
      bulkUsers(
        userRow({ id: "a", role: "aide", given: "A", family: "A" }),
        userRow({ id: "b", role: "proctor", given: "B", family: "B" }),
        userRow({ id: "c", role: "janitor", given: "C", family: "C" }),
      ),
    );
    const help =
      "use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)";
    expect(problems).toEqual([
      `users.csv:2: role — "aide" is not a role the portal has — ${help}`,
      `users.csv:3: role — "proctor" is not a role the portal has — ${help}`,
      `users.csv:4: role — "janitor" is not a role the portal has — ${help}`,
    ]);
    expect(data.users).toEqual([]);
    expect([...data.refused.users]).toEqual(["s:a", "s:b", "s:c"]);
  });
  it("takes roles from OneRoster 1.2's roles.csv, the primary one first", () => {
    const header = USERS_HEADER.filter((h) => h !== "role");
    const row = (id: string, given: string) =>
      userRow({ id, role: "x", given, family: "Z" }).filter((_, i) => USERS_HEADER[i] !== "role");
    const { data, problems } = read({
      "manifest.csv": manifest({ users: "bulk", roles: "bulk" }),
      "users.csv": csv([header, row("u1", "Ann"), row("u2", "Ben")]),
      "roles.csv": csv([
        [
          "sourcedId",
          "status",
          "dateLastModified",
          "userSourcedId",
          "roleType",
          "role",
          "orgSourcedId",
          "beginDate",
          "endDate",
        ],
        ["r1", "", "", "u1", "secondary", "parent", "org1", "", ""],
        ["r2", "", "", "u1", "primary", "teacher", "org1", "", ""],
        ["r3", "", "", "u2", "primary", "student", "org1", "", ""],
      ]),
    });
    expect(problems).toEqual([]);
    expect(data.users.map((u) => [u.sourcedId, u.role])).toEqual([
      ["u1", "instructor"],
      ["u2", "student"],
    ]);
  });
  it("asks for a role column (or roles.csv) when there is neither", () => {
    const header = USERS_HEADER.filter((h) => h !== "role");
    expect(read({ "manifest.csv": manifest({ users: "bulk" }), "users.csv": csv([header]) }).problems).toEqual([
      'users.csv:1: role — the column is missing — add a "role" column to the header, or upload a roles.csv',
    ]);
  });
});

describe("users", () => {
  it("builds names, keeps username, e-mail and phone, never reads the password, and reads agents", () => {
    const { data } = read(
      bulkUsers(
        userRow({
          id: "p1",
          role: "parent",
          given: "Grace",
          family: "Johnson",
          username: "gj",
          email: "g@x.org",
          phone: "555-201-0001",
          agents: "s1, s2",
          password: "hunter2",
        }),
        userRow({ id: "s1", role: "student", given: "Ava", family: "Johnson", phone: "555-000-0000" }),
      ),
    );
    const [p, s] = data.users;
    expect(p).toMatchObject({
      key: "s:p1",
      sourcedId: "p1",
      name: "Grace Johnson",
      username: "gj",
      email: "g@x.org",
      phoneNumber: "555-201-0001",
      agents: [
        { key: "s:s1", id: "s1" },
        { key: "s:s2", id: "s2" },
      ],
    });
    expect(JSON.stringify(data)).not.toContain("hunter2");
    // A student's phone is the student's own number, not a parent number (those are the ext_portal_* columns).
    expect(s).toMatchObject({ username: null, email: null, agents: [], phoneNumber: "555-000-0000" });
    expect(s!.parent1Number).toBeUndefined();
    expect(data.agentsCarried).toBe(true);
  });
  it("reads the portal's own ext_portal_* columns (a student's parent numbers, each link's relationship) and ignores other ext_ columns", () => {
    const header = [
      ...USERS_HEADER,
      "ext_portal_parent1Phone",
      "ext_portal_parent2Phone",
      "ext_portal_agentRelationships",
      "ext_sis_house",
    ];
    const { data, problems, warnings } = read({
      "manifest.csv": manifest({ users: "bulk" }),
      "users.csv": csv([
        header,
        [
          ...userRow({ id: "s1", role: "student", given: "Ava", family: "Lee", agents: "p1,p2,p3" }),
          "(555) 201-0001",
          "",
          "mother,GUARDIAN,aunt",
          "Red",
        ],
        [...userRow({ id: "p1", role: "parent", given: "Pat", family: "Lee" }), "555-000-0001", "", "", "Blue"],
      ]),
    });
    expect(problems).toEqual([]);
    expect(data.users[0]).toMatchObject({
      parent1Number: "(555) 201-0001",
      parent2Number: null,
      agents: [{ id: "p1", relationship: "mother" }, { id: "p2", relationship: "guardian" }, { id: "p3" }],
    });
    expect(data.users[0]!.agents![2]!.relationship).toBeUndefined();
    expect(data.users[1]!.parent1Number).toBeUndefined();
    expect(warnings).toEqual([
      'users.csv:2: ext_portal_agentRelationships — "aunt" is not a relationship the portal has — nothing: a new link is a guardian link (mother, father, guardian, grandparent or other)',
      "users.csv:3: ext_portal_parent1Phone — only a student has parent numbers — nothing: the number is not kept (a parent's own number goes in phone)",
    ]);
  });
  it("reads vendor spellings of headers in any order and case, and ignores ext_ and unknown columns", () => {
    const { data, problems } = read({
      "manifest.csv": manifest({ users: "bulk" }),
      "users.csv": csv([
        ["Agents", "ext_color", "FirstName", "SURNAME", "Role", "SourcedID", "UserId"],
        ["s9", "red", "Ann", "Lee", "parent", "p9", "x"],
      ]),
    });
    expect(problems).toEqual([]);
    expect(data.users[0]).toMatchObject({
      sourcedId: "p9",
      name: "Ann Lee",
      role: "parent",
      agents: [{ key: "s:s9", id: "s9" }],
    });
  });
  it("leaves columns the file does not have uncarried", () => {
    const { data } = read({
      "users.csv": csv([
        ["sourcedId", "role", "givenName", "familyName"],
        ["u1", "student", "A", "B"],
      ]),
    });
    expect(data.users[0]!.email).toBeUndefined();
    expect(data.agentsCarried).toBe(false);
  });
  it("reports duplicate sourcedIds, empty ids and a bad status at their lines; an unreadable dateLastModified (unused) is a warning", () => {
    const { problems, warnings, data } = read(
      bulkUsers(
        userRow({ id: "u1", role: "student", given: "A", family: "B" }),
        userRow({ id: "u1", role: "student", given: "C", family: "D" }),
        userRow({ id: "", role: "student", given: "E", family: "F" }),
        userRow({ id: "u4", role: "student", given: "G", family: "H", status: "gone" }),
        ["u5", "", "2024-02-30T10:00:00Z", "", "", "student", "", "", "I", "J", "", "", "", "", "", "", "", ""],
      ),
    );
    expect(problems).toEqual([
      'users.csv:3: sourcedId — "u1" is also on line 2 — give every row its own sourcedId (list each record once)',
      "users.csv:4: sourcedId — the sourcedId is empty — give every row its own sourcedId",
      'users.csv:5: status — "gone" is not a status — write active or tobedeleted (or leave it empty in a bulk file)',
    ]);
    expect(warnings).toContain(
      'users.csv:6: dateLastModified — "2024-02-30T10:00:00Z" is not an ISO 8601 date and time — nothing: the portal does not use dateLastModified (write it as 2024-08-01T12:00:00.000Z to silence this)',
    );
    expect(data.users.map((u) => u.sourcedId)).toEqual(["u1", "u5"]);
  });
  it("refuses a parent phone a spreadsheet turned into a number, and a name beyond the portal's limit", () => {
    const { problems } = read(
      bulkUsers(
        userRow({ id: "p", role: "parent", given: "A", family: "B", phone: "5.55201E+09" }),
        userRow({ id: "q", role: "student", given: "x".repeat(150), family: "y".repeat(60) }),
      ),
    );
    expect(problems).toEqual([
      'users.csv:2: phone — "5.55201E+09" is a number a spreadsheet rewrote, not a phone number — format the column as Text and type the numbers again',
      "users.csv:3: givenName — the value is 211 characters long, more than the 200 the portal keeps — shorten it to 200 characters",
    ]);
  });
});

describe("manifest, bulk and delta", () => {
  it("reads bulk files as full lists and delta files as changes with tobedeleted rows", () => {
    const { data } = read({
      "manifest.csv": manifest({ users: "delta", classes: "bulk" }),
      "users.csv": users(
        userRow({ id: "u1", role: "student", given: "A", family: "B", status: "active" }),
        userRow({ id: "u2", role: "student", given: "C", family: "D", status: "tobedeleted" }),
      ),
      "classes.csv": csv([
        CLASSES_HEADER,
        classRow({ id: "c1", title: "Algebra", code: "ALG1" }),
        classRow({ id: "c2", title: "Gone", status: "tobedeleted" }),
      ]),
    });
    expect(data.modes).toEqual({ users: "delta", classes: "bulk" });
    expect(data.users.map((u) => u.sourcedId)).toEqual(["u1"]);
    expect(data.deleted.users.map((d) => [d.sourcedId, d.ref.line])).toEqual([["u2", 3]]);
    // In a bulk file a tobedeleted row is simply not in the list.
    expect(data.classes.map((c) => c.sourcedId)).toEqual(["c1"]);
    expect(data.deleted.classes).toEqual([]);
  });
  it("refuses a file the manifest lists but the upload lacks, and a mode that is not one", () => {
    const { problems } = read({
      "manifest.csv": csv([
        ["propertyName", "value"],
        ["file.users", "bulk"],
        ["file.classes", "sometimes"],
      ]),
    });
    expect(problems).toEqual([
      "manifest.csv:2: value — file.users is bulk but users.csv is not in the upload — add users.csv, or write file.users,absent",
      'manifest.csv:3: value — "sometimes" is not bulk, delta or absent — write bulk, delta or absent for file.classes',
    ]);
  });
  it("does not read a file the manifest calls absent or does not list, and reads every file as delta without a manifest", () => {
    const absent = read({
      "manifest.csv": manifest({ classes: "bulk" }),
      "users.csv": users(userRow({ id: "u1", role: "student", given: "A", family: "B" })),
      "classes.csv": csv([CLASSES_HEADER]),
    });
    expect(absent.data.users).toEqual([]);
    expect(absent.warnings).toEqual([
      "users.csv: file — manifest.csv says file.users is absent, so the file was not read — write file.users,bulk (or delta) in manifest.csv to import it",
    ]);
    const none = read({ "users.csv": users(userRow({ id: "u1", role: "student", given: "A", family: "B" })) });
    expect(none.data.modes).toEqual({ users: "delta" });
    expect(none.warnings[0]).toMatch(/^users\.csv: file — there is no manifest\.csv, so every file was read as delta/);
  });
  it("ignores unknown files and OneRoster files the portal does not use, in a zip or loose", () => {
    const { problems, warnings } = read(
      {
        "manifest.csv": manifest({}),
        "resources.csv": "sourcedId\nx\n",
        "classResources.csv": "sourcedId\n",
        "notes.csv": "whatever\n",
      },
      true,
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe("classes", () => {
  const classes = (...rows: string[][]) =>
    read({
      "manifest.csv": manifest({ classes: "bulk", courses: "bulk" }),
      "classes.csv": csv([CLASSES_HEADER, ...rows]),
      "courses.csv": csv([
        ["sourcedId", "title"],
        ["course1", "Algebra I"],
      ]),
    });
  it("takes classCode as the code when it can be one, else makes one (with a warning), else uses the sourcedId", () => {
    const { data, warnings } = classes(
      classRow({ id: "c1", title: "Algebra", code: "ALG1.P3", periods: "3", grades: "09,10" }),
      classRow({ id: "c2", title: "Biology", code: "Bio 1 (P2)" }),
      classRow({ id: "sec/2024#7", title: "Art" }),
    );
    expect(data.classes.map((c) => [c.code, c.codeFromFile, c.name, c.period, c.level])).toEqual([
      ["ALG1.P3", true, "Algebra", "3", "09, 10"],
      ["Bio-1-P2", false, "Biology", null, null],
      ["sec-2024-7", false, "Art", null, null],
    ]);
    // Said by the plan when the class is new (tests/roster-tolerance), not on every re-import.
    expect(warnings).toEqual([]);
    expect(render(data.classes[1]!.codeNote!.message, "en")).toBe(
      `"Bio 1 (P2)" cannot be a class code (letters, digits, '.', '_' and '-', at most 50)`,
    );
  });
  it("names a class without a title after its course, and warns about a missing course, school or term", () => {
    const { data, warnings } = classes(
      [...classRow({ id: "c1", title: "" }).slice(0, 5), "nope", ...classRow({ id: "c1", title: "" }).slice(6)],
      classRow({ id: "c2", title: "" }),
    );
    expect(data.classes.map((c) => c.name)).toEqual(["Algebra I"]);
    expect(warnings[0]).toBe(
      'classes.csv:2: courseSourcedId — no course "nope" in courses.csv — add the course to courses.csv (the portal does not keep courses, so the class is imported anyway)',
    );
  });
  it("refuses a class without a title", () => {
    const { problems } = read({
      "manifest.csv": manifest({ classes: "bulk" }),
      "classes.csv": csv([CLASSES_HEADER, classRow({ id: "c1", title: "" })]),
    });
    expect(problems).toEqual([
      "classes.csv:2: title — the class has no title — fill the title (the class's name in the portal)",
    ]);
  });
});

describe("enrollments", () => {
  const enroll = (...rows: string[][]) =>
    read({ "manifest.csv": manifest({ enrollments: "bulk" }), "enrollments.csv": csv([ENROLLMENTS_HEADER, ...rows]) });
  it("keeps students and teachers, with primary, and counts other roles as ignored", () => {
    const { data, problems } = enroll(
      enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "TRUE" }),
      enrollmentRow({ id: "e2", cls: "c1", user: "s1", role: "student" }),
      enrollmentRow({ id: "e3", cls: "c1", user: "a1", role: "aide" }),
    );
    expect(problems).toEqual([]);
    expect(data.enrollments.map((e) => [e.sourcedId, e.userKey, e.classKey, e.role, e.primary])).toEqual([
      ["e1", "s:t1", "s:c1", "teacher", true],
      ["e2", "s:s1", "s:c1", "student", false],
    ]);
    expect(data.ignored.enrollments).toBe(1);
  });
  it("reads classSourcedIds/userSourcedIds spellings", () => {
    const { data } = read({
      "manifest.csv": manifest({ enrollments: "bulk" }),
      "enrollments.csv": csv([
        ["sourcedId", "classSourcedIds", "userSourcedIds", "role"],
        ["e1", "c1", "u1", "student"],
      ]),
    });
    expect(data.enrollments[0]).toMatchObject({ classKey: "s:c1", userKey: "s:u1" });
  });
  it("refuses an unknown role, a bad primary, bad dates and empty references", () => {
    const { problems } = enroll(
      enrollmentRow({ id: "e1", cls: "c1", user: "u1", role: "coach" }),
      enrollmentRow({ id: "e2", cls: "c1", user: "u1", role: "student", primary: "maybe" }),
      enrollmentRow({ id: "e3", cls: "c1", user: "u1", role: "student", begin: "09/01/2024" }),
      enrollmentRow({ id: "e4", cls: "", user: "u1", role: "student" }),
    );
    expect(problems).toEqual([
      'enrollments.csv:2: role — "coach" is not an enrollment role — write student or teacher (or another OneRoster role, which the portal skips)',
      'enrollments.csv:3: primary — "maybe" is not true or false — write true or false',
      'enrollments.csv:4: beginDate — "09/01/2024" is not a date — write it as YYYY-MM-DD',
      "enrollments.csv:5: classSourcedId — the value is empty — fill the classSourcedId",
    ]);
  });
});

describe("academic sessions", () => {
  const sessions = (...rows: string[][]) =>
    read({
      "manifest.csv": manifest({ academicSessions: "bulk" }),
      "academicSessions.csv": csv([SESSIONS_HEADER, ...rows]),
    });
  it("become terms, the school year from the end date when blank", () => {
    const { data, problems } = sessions(
      ["y1", "", "", "2024-25", "schoolYear", "2024-08-15", "2025-06-10", "", "2025"],
      ["t1", "", "", "Fall", "semester", "2024-08-15", "2024-12-20", "y1", ""],
    );
    expect(problems).toEqual([]);
    expect(
      data.terms.map((t) => [t.sourcedId, t.title, t.type, t.startDate, t.endDate, t.parentSourcedId, t.schoolYear]),
    ).toEqual([
      ["y1", "2024-25", "schoolYear", "2024-08-15", "2025-06-10", null, 2025],
      ["t1", "Fall", "semester", "2024-08-15", "2024-12-20", "y1", 2024],
    ]);
  });
  it("refuse bad dates, an end before the start and a bad year", () => {
    const { problems } = sessions(
      ["a", "", "", "A", "term", "2024-13-01", "2024-12-01", "", ""],
      ["b", "", "", "B", "term", "2024-12-01", "2024-09-01", "", ""],
      ["c", "", "", "C", "term", "2024-09-01", "2024-12-01", "", "24/25"],
    );
    expect(problems).toEqual([
      'academicSessions.csv:2: startDate — "2024-13-01" is not a date — write it as YYYY-MM-DD',
      "academicSessions.csv:3: endDate — the session ends (2024-09-01) before it starts (2024-12-01) — correct the dates",
      'academicSessions.csv:4: schoolYear — "24/25" is not a year — write the year the school year ends in, e.g. 2025',
    ]);
  });
});

describe("the gradebook files", () => {
  const gradebook = (
    files: Record<string, string>,
    modes: Parameters<typeof manifest>[0] = { categories: "bulk", lineItems: "bulk", results: "bulk" },
    timeZone = "UTC",
  ) => {
    const r = readRoster(looseUpload({ "manifest.csv": manifest(modes), ...files }), "auto", { timeZone });
    return {
      data: r.dataset,
      problems: r.problems.items.map(formatProblem),
      warnings: r.warnings.items.map(formatProblem),
    };
  };
  it("reads categories, line items (instants in UTC, a day's due date at 23:59 of the school's day) and results", () => {
    const { data, problems, warnings } = gradebook(
      {
        "categories.csv": csv([
          CATEGORIES_HEADER,
          categoryRow({ id: "k1", title: "  Home   work " }),
          categoryRow({ id: "k2", title: "Test", status: "tobedeleted" }),
        ]),
        "lineItems.csv": csv([
          LINEITEMS_HEADER,
          lineItemRow({
            id: "l1",
            cls: "c1",
            title: "Ch 1",
            max: "10.00",
            category: "k1",
            due: "2024-09-20",
            assigned: "2024-09-13T08:00:00+02:00",
            min: "1",
          }),
          lineItemRow({ id: "l2", cls: "c1", title: "Ch 2", max: 5, due: "2024-11-04T09:30" }),
        ]),
        "results.csv": csv([
          RESULTS_HEADER,
          resultRow({ id: "r1", item: "l1", student: "s1", score: "9.5", date: "2024-09-22T10:00:00Z", comment: "ok" }),
          resultRow({ id: "r2", item: "l1", student: "s2", score: "10.0", scoreStatus: "Fully Graded" }),
        ]),
      },
      { categories: "bulk", lineItems: "bulk", results: "bulk" },
      "Europe/Paris",
    );
    expect(problems).toEqual([]);
    expect(data.categories.map((c) => [c.sourcedId, c.title])).toEqual([["k1", "Home work"]]);
    expect(data.deleted.categories).toEqual([]); // a bulk file's tobedeleted row is simply not in the list
    expect(
      data.lineItems.map((l) => [
        l.sourcedId,
        l.classKey,
        l.maxScore,
        l.dueDate,
        l.assignDate,
        l.categoryId,
        l.description,
      ]),
    ).toEqual([
      ["l1", "s:c1", 10, "2024-09-20T21:59:00.000Z", "2024-09-13T06:00:00.000Z", "k1", ""],
      // No offset: the school's clock (Paris is UTC+1 in November).
      ["l2", "s:c1", 5, "2024-11-04T08:30:00.000Z", null, null, ""],
    ]);
    expect(warnings).toEqual([
      'lineItems.csv:2: resultValueMin — the portal\'s scores start at 0, not "1" — nothing: the minimum is not kept (scores are checked against 0 and resultValueMax)',
    ]);
    expect(
      data.results.map((r) => [r.sourcedId, r.lineItemId, r.studentId, r.score100, r.comment, r.scoreDate, r.line]),
    ).toEqual([
      ["r1", "l1", "s1", 950, "ok", "2024-09-22", 2],
      ["r2", "l1", "s2", 1000, null, undefined, 3],
    ]);
    expect(data.modes).toEqual({ categories: "bulk", assignments: "bulk", grades: "bulk" });
  });
  it("skips results that are not fully graded with a warning, counted as ignored, and keeps delta deletions", () => {
    const { data, warnings } = gradebook(
      {
        "results.csv": csv([
          RESULTS_HEADER,
          resultRow({ id: "r1", item: "l1", student: "s1", score: "", scoreStatus: "not submitted" }),
          resultRow({ id: "r2", item: "l1", student: "s2", score: 3, status: "tobedeleted" }),
        ]),
      },
      { results: "delta" },
    );
    expect(warnings).toEqual([
      'results.csv:2: scoreStatus — "not submitted": the portal keeps fully graded results only — nothing: the row is skipped (a grade the portal already has for it stays as it is)',
    ]);
    expect(data.results).toEqual([]);
    expect(data.ignored.grades).toBe(1);
    expect([...data.skippedResults]).toEqual(["r1"]);
    expect(data.deleted.results.map((d) => [d.sourcedId, d.ref.line])).toEqual([["r2", 3]]);
  });
  it("refuses bad line items and results row by row", () => {
    const { problems } = gradebook(
      {
        "lineItems.csv": csv([
          LINEITEMS_HEADER,
          lineItemRow({ id: "l1", cls: "", title: "", max: "0" }),
          lineItemRow({ id: "l2", cls: "c1", title: "T", max: "ten", assigned: "2024-13-01" }),
          lineItemRow({ id: "l3", cls: "c1", title: "T", max: "1000000" }),
        ]),
        "results.csv": csv([RESULTS_HEADER, resultRow({ id: "r1", item: "", student: "s1", score: "-2" })]),
      },
      { lineItems: "bulk", results: "bulk" },
    );
    expect(problems).toEqual([
      "lineItems.csv:2: title — the line item has no title — fill the title (the assignment's name in the portal)",
      "lineItems.csv:2: classSourcedId — the value is empty — fill the classSourcedId (the class the line item belongs to)",
      'lineItems.csv:2: resultValueMax — "0" is below 1 — a line item\'s maximum is a whole number of points, at least 1',
      'lineItems.csv:3: assignDate — "2024-13-01" is not a date and time — write it as ISO 8601, e.g. 2024-09-20T23:59:00Z (or a date, YYYY-MM-DD)',
      'lineItems.csv:3: resultValueMax — "ten" is not a number — write the maximum as a whole number of points, e.g. 20',
      'lineItems.csv:4: resultValueMax — "1000000" is more than the 999,999 points the portal allows — use a maximum of at most 999,999',
      "results.csv:2: lineItemSourcedId — the value is empty — fill the lineItemSourcedId",
      'results.csv:2: score — "-2" is below 0 — a score is 0 or more',
    ]);
  });
  it("demographics give birth dates: on the user's row when users.csv lists them, else on their own", () => {
    const { data, problems } = gradebook(
      {
        "users.csv": users(userRow({ id: "s1", role: "student", given: "A", family: "B" })),
        "demographics.csv": csv([
          DEMOGRAPHICS_HEADER,
          ["s1", "", "", "2010-04-02", "male"],
          ["s9", "", "", "", ""],
          ["s8", "tobedeleted", "", "2011-01-01", ""],
        ]),
      },
      { users: "bulk", demographics: "delta" },
    );
    expect(problems).toEqual([]);
    expect(data.users[0]!.dateOfBirth).toBe("2010-04-02");
    expect(data.birthDates.map((b) => [b.sourcedId, b.dateOfBirth])).toEqual([
      ["s9", null],
      ["s8", null],
    ]);
  });
});

describe("values", () => {
  it("reads scores to the hundredth", () => {
    expect(["0", "8", "8.5", "8.50", "8.500", ".25", "0017.2"].map((s) => parseScore(s))).toEqual(
      [0, 800, 850, 850, 850, 25, 1720].map((value) => ({ ok: true, value })),
    );
    for (const bad of ["8.505", "8,5", "1e3", "", "-1", "abc", "8.5.1"]) expect(parseScore(bad).ok, bad).toBe(false);
  });
  it("reads a maximum as whole points: 10 and 10.0, never 12.5 (a problem, not rounded)", () => {
    expect(parseMaxScore("10.0", 999_999)).toEqual({ ok: true, value: 10 });
    expect(parseMaxScore("12.5", 999_999).ok).toBe(false);
    expect(parseMaxScore("", 999_999)).toMatchObject({
      ok: false,
      message: msg("admin.rosterReport.text.maximumScoreEmpty"),
    });
  });
  it("reads instants with an offset as written, and without one on the school's clock, across DST", () => {
    expect(instantOf("2024-03-10T12:00:00.123456Z", "UTC")).toBe("2024-03-10T12:00:00.123Z");
    expect(instantOf("2024-03-10T12:00:00-0500", "UTC")).toBe("2024-03-10T17:00:00.000Z");
    expect(instantOf("2024-03-09", "America/New_York")).toBe("2024-03-09T05:00:00.000Z");
    expect(instantOf("2024-03-10T12:00", "America/New_York")).toBe("2024-03-10T16:00:00.000Z");
    expect(instantOf("2024-03-10", "America/New_York", "end")).toBe("2024-03-11T03:59:00.000Z");
    expect(instantOf("2024-02-30", "UTC")).toBeNull();
    expect(instantOf("soon", "UTC")).toBeNull();
  });
});
