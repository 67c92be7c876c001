import { describe, expect, it } from "vitest";
import { render } from "@/lib/i18n/render";
import { previewRosterImport } from "@/lib/roster/import";
import { groupText } from "@/lib/roster/problems";
import {
  csv,
  enrollmentRow,
  looseUpload,
  manifest,
  smallSchool,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "@/lib/roster/test-support";
import { lineItemRow, LINEITEMS_HEADER, resultRow, RESULTS_HEADER } from "@/lib/roster/test-support-gradebook";
import { useTestDatabase } from "./support/test-db";

// Issue 40: the roster import's problems and warnings are descriptors made where lib/roster finds
// them, written in the reader's language at the edge (the page, the command line, the nightly sync's
// e-mail). Real previews of bad files: every message and fix is a catalog message (none kept as
// written), and a Spanish reader gets Spanish; the English is the one the roster tests compare.
// (The sentences the history stored in English before: tests/roster-history-convert.integration.test.ts.)

useTestDatabase();

describe("problems from real previews are in Spanish", () => {
  const cli = { actorId: null, source: "cli" as const };
  const allTranslated = (run: Awaited<ReturnType<typeof previewRosterImport>>) => {
    const groups = [...run.problemGroups, ...run.warningGroups];
    expect(groups.length).toBeGreaterThan(0);
    const messages = groups.flatMap((g) => [g.problem.message, g.problem.fix]);
    expect(messages.filter((m) => !m.key.startsWith("admin.rosterReport."))).toEqual([]);
    // Spanish differs from English in every sentence (a value such as a quoted id stays as written).
    const english = messages.filter((m) => render(m, "es") === render(m, "en")).map((m) => render(m, "en"));
    expect(english).toEqual([]);
    return groups.map((g) => groupText(g, "es"));
  };

  it("a OneRoster upload with bad people, enrollments and grades", async () => {
    const school = smallSchool({
      users: [
        userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
        userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone", email: "not-an-email" }),
        userRow({ id: "s3", role: "coach", given: "Sid", family: "Three", username: "sthree" }),
        userRow({ id: "s4", role: "student", given: "", family: "", username: "sfour", status: "inactive" }),
      ],
      enrollments: [
        enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
        enrollmentRow({ id: "e2", cls: "c1", user: "s3", role: "student" }),
        enrollmentRow({ id: "e3", cls: "c9", user: "s9", role: "student" }),
        enrollmentRow({ id: "e4", cls: "c1", user: "t1", role: "student" }),
      ],
    });
    const lines = allTranslated(await previewRosterImport(zipUpload(school), cli));
    expect(lines.some((l) => l.includes('"coach" no es un rol que tenga el portal'))).toBe(true);
  });

  it("a gradebook with bad line items and results", async () => {
    const school = smallSchool({
      users: [userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" })],
      enrollments: [enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" })],
    });
    const files = {
      ...school,
      "manifest.csv": manifest({
        users: "bulk",
        classes: "bulk",
        enrollments: "bulk",
        lineItems: "delta",
        results: "delta",
      }),
      "lineItems.csv": csv([
        LINEITEMS_HEADER,
        lineItemRow({ id: "li1", cls: "c1", title: "Quiz", max: "12.5" }),
        lineItemRow({ id: "li2", cls: "c7", title: "", max: "" }),
      ]),
      "results.csv": csv([
        RESULTS_HEADER,
        resultRow({ id: "r1", item: "li9", student: "t1", score: "abc" }),
        resultRow({ id: "r2", item: "li1", student: "s7", score: "-1" }),
      ]),
    };
    allTranslated(await previewRosterImport(zipUpload(files), cli));
  });

  it("a spreadsheet and loose files that are not CSV", async () => {
    const run = await previewRosterImport(
      looseUpload({
        "students.csv": csv([
          ["student_id", "name"],
          ["", "Ana"],
        ]),
        "notes.txt": "hello",
        "users.csv": csv([USERS_HEADER.slice(0, 3), ["a", "b"]]),
      }),
      cli,
    );
    allTranslated(run);
  });
});
