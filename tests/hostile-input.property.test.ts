import fc from "fast-check";
import * as announcementActions from "@/app/level/[levelCode]/update/announcement-actions";
import * as assignmentActions from "@/app/level/[levelCode]/update/assignment-actions";
import * as gradeActions from "@/app/level/[levelCode]/update/grade-actions";
import { beforeAll, describe, expect, it } from "vitest";
import * as admin from "@/app/admin/actions";
import * as classActions from "@/app/level/[levelCode]/actions";
import * as attendanceActions from "@/app/level/[levelCode]/update/attendance-actions";
import * as classRosterActions from "@/app/level/[levelCode]/update/class-roster-actions";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { databaseChecksum, firstAssignmentOf, firstUpdateOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Random and hostile values thrown at every server action by a caller who is allowed to use it:
// each must answer with a refusal or a validation message, write nothing, and never leak SQL or a
// stack trace. Every generated input has at least one field that is certainly invalid.

useTestDatabase();
const RUNS = 40;
const BIO = "BIO-P2";
let c: {
  ava: number;
  liam: number;
  bioUpdate: number;
  bioAssignment: number;
  algAssignment: number;
  algUpdate: number;
  maya: number;
};

beforeAll(async () => {
  await seedDemo();
  c = {
    ava: await userIdByCode(DEMO_STUDENTS[0]!.code),
    liam: await userIdByCode(DEMO_STUDENTS[1]!.code),
    maya: await userIdByCode(DEMO_STUDENTS[2]!.code), // not in Biology
    bioUpdate: await firstUpdateOf(BIO),
    bioAssignment: await firstAssignmentOf(BIO),
    algAssignment: await firstAssignmentOf("ALG1-P1"),
    algUpdate: await firstUpdateOf("ALG1-P1"),
  };
});

const LEAK =
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b|\bat .+:\d+:\d+|DrizzleQueryError|violates|syntax error|stack/i;

// Building blocks.
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom("'; drop table users; --", "<script>alert(1)</script>", "\u0000", "𝕏".repeat(50), "%_\\"),
);
const tooLong = (limit: number) =>
  fc
    .tuple(fc.constantFrom("a", "é", "😀", "'"), fc.integer({ min: 1, max: 50 }))
    .map(([ch, extra]) => ch.repeat(limit + extra));
const blank = fc.constantFrom("", "   ", "\n\t");
const badScore = fc.oneof(
  fc.constantFrom("NaN", "Infinity", "-Infinity", "-1", "-0.01", "1e309", "10.01", "100000"),
  fc.double({ min: -1e6, max: -0.001, noNaN: true }).map(String),
  fc.double({ min: 10.001, max: 1e9, noNaN: true }).map(String),
);
const badDate = fc.oneof(
  fc.constantFrom("2030-02-30", "2030-13-01", "yesterday", "", "2030-1-1", "1999-12-31", "2030-01-01T00:00", "'; --"),
  fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s)),
);
// Two properties below use -2 as the sentinel for "a real id", and filter -2 out of badId.
const badId = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, 9007199254740993),
  fc.integer({ max: 0 }),
);

async function check(run: () => Promise<{ ok: boolean; message?: string }>) {
  const before = await databaseChecksum();
  const res = await run();
  expect(res.ok, JSON.stringify(res).slice(0, 300)).toBe(false);
  expect(res.message ?? "").not.toMatch(LEAK);
  expect(await databaseChecksum()).toEqual(before);
}

function property<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  run: (v: T) => Promise<{ ok: boolean; message?: string }>,
  as: string,
) {
  it(`${name}: ${RUNS} hostile inputs refused, nothing written`, async () => {
    await signInAs(as);
    await fc.assert(
      fc.asyncProperty(arb, (v) => check(() => run(v))),
      { numRuns: RUNS },
    );
  });
}

describe("student actions", () => {
  const ava = DEMO_STUDENTS[0]!.code;
  property(
    "addResponse",
    fc.oneof(
      fc.record({ title: tooLong(200), content: anyText }),
      fc.record({ title: blank, content: anyText }),
      fc.record({ title: anyText.filter((t) => t.trim() !== ""), content: tooLong(20_000) }),
    ),
    (v) =>
      classActions.addResponse({ ok: true }, form({ levelCode: BIO, updateId: c.bioUpdate, studentId: c.ava, ...v })),
    ava,
  );
  property(
    "addResponse with ids of another class or student",
    fc.oneof(
      fc.record({ updateId: fc.constant(c?.algUpdate ?? 0), studentId: fc.constant(0) }),
      fc.record({ updateId: badId, studentId: fc.constant(0) }),
    ),
    (v) =>
      classActions.addResponse(
        { ok: true },
        form({
          levelCode: BIO,
          updateId: v.updateId || c.algUpdate,
          studentId: v.studentId || c.liam,
          title: "T",
          content: "C",
        }),
      ),
    ava,
  );
  property(
    "submitAssignment",
    fc.oneof(
      fc.string({ maxLength: 9 }).map((s) => ({ content: s, assignmentId: null as number | null })),
      tooLong(20_000).map((s) => ({ content: s, assignmentId: null as number | null })),
      badId.map((id) => ({ content: "long enough answer", assignmentId: id })),
    ),
    (v) =>
      classActions.submitAssignment(
        { ok: true },
        form({ levelCode: BIO, assignmentId: v.assignmentId ?? c.bioAssignment, studentId: c.ava, content: v.content }),
      ),
    ava,
  );
});

describe("teaching actions", () => {
  const chen = DEMO_INSTRUCTORS[1].code;
  property(
    "createAnnouncement",
    fc.oneof(fc.record({ title: tooLong(200), content: anyText }), fc.record({ title: anyText, content: blank })),
    (v) => announcementActions.createAnnouncement({ ok: true }, form({ levelCode: BIO, ...v })),
    chen,
  );
  property(
    "editAnnouncement",
    fc.oneof(
      fc.record({ updateId: badId.filter((id) => id !== -2), title: anyText }),
      fc.record({ updateId: fc.constant(-2), title: blank }),
    ),
    (v) =>
      announcementActions.editAnnouncement({
        levelCode: BIO,
        updateId: v.updateId === -2 ? c.bioUpdate : v.updateId,
        title: v.title,
      }),
    chen,
  );
  property(
    "deleteAnnouncement (other class or bad id)",
    fc.oneof(
      badId.filter((id) => id !== -2),
      fc.constant(-2),
    ),
    (id) => announcementActions.deleteAnnouncement({ levelCode: BIO, updateId: id === -2 ? c.algUpdate : id }),
    chen,
  );
  property(
    "createAssignment",
    fc.oneof(
      fc.record({
        title: tooLong(200),
        description: anyText,
        maxScore: fc.constant("10"),
        dueDate: fc.constant("2040-01-01T00:00:00Z"),
      }),
      fc.record({
        title: fc.constant("T"),
        description: fc.constant("D"),
        maxScore: fc.oneof(fc.constantFrom("0", "-5", "2.5", "NaN", "Infinity", "1e999", "abc")),
        dueDate: fc.constant("2040-01-01T00:00:00Z"),
      }),
      fc.record({
        title: fc.constant("T"),
        description: fc.constant("D"),
        maxScore: fc.constant("10"),
        dueDate: badDate.filter((d) => Number.isNaN(new Date(d).getTime()) || !d.trim()),
      }),
    ),
    (v) => assignmentActions.createAssignment({ ok: true }, form({ levelCode: BIO, ...v })),
    chen,
  );
  property(
    "saveGrade",
    badScore,
    (score) => gradeActions.saveGrade({ levelCode: BIO, assignmentId: c.bioAssignment, studentId: c.liam, score }),
    chen,
  );
  property(
    "saveGrade with ids of another class",
    fc.constantFrom("alg-assignment", "maya"),
    (which) =>
      gradeActions.saveGrade({
        levelCode: BIO,
        assignmentId: which === "alg-assignment" ? c.algAssignment : c.bioAssignment,
        studentId: which === "maya" ? c.maya : c.liam,
        score: "1",
      }),
    chen,
  );
  property(
    "bulkGrade",
    fc.array(badScore, { minLength: 1, maxLength: 5 }),
    (scores) =>
      gradeActions.bulkGrade({
        levelCode: BIO,
        assignmentId: c.bioAssignment,
        rows: scores.map((s) => ({ studentId: c.liam, score: s })),
      }),
    chen,
  );
  property(
    "setAttendance",
    fc.oneof(
      badDate.map((d) => ({ date: d, status: "late" })),
      fc
        .string()
        .filter((s) => !["present", "absent", "late", "excused", ""].includes(s))
        .map((s) => ({ date: "2040-01-02", status: s })),
    ),
    (v) => attendanceActions.setAttendance({ levelCode: BIO, studentId: c.liam, ...v }),
    chen,
  );
  property("addAttendanceDay", badDate, (date) => attendanceActions.addAttendanceDay({ levelCode: BIO, date }), chen);
  property(
    "createStudent",
    fc.oneof(
      fc.record({ name: blank, username: fc.constant("x1"), email: fc.constant("") }),
      fc.record({
        name: fc.constant("N"),
        username: fc.constant("x2"),
        email: fc
          .string({ minLength: 1 })
          .filter((s) => s.trim() !== "" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.trim())),
      }),
      fc.record({ name: tooLong(200), username: fc.constant("x3"), email: fc.constant("") }),
      fc.record({ name: fc.constant("N"), username: fc.constant("liam.okafor"), email: fc.constant("") }),
    ),
    (v) => classRosterActions.createStudent({ ok: true }, form({ levelCode: BIO, ...v })),
    chen,
  );
  property(
    "editStudent (student of another class)",
    fc.constantFrom("maya"),
    () =>
      classRosterActions.editStudent(
        { ok: true },
        form({ levelCode: BIO, studentId: c.maya, name: "X", username: "x" }),
      ),
    chen,
  );
});

describe("admin actions", () => {
  property(
    "saveClass",
    fc.oneof(
      fc.record({ code: fc.constantFrom("", "has space", "ALG1-P1", "'; --", "x".repeat(51)), name: fc.constant("N") }),
      fc.record({ code: fc.constant("OK1"), name: tooLong(200) }),
    ),
    (v) => admin.saveClass({ ok: true }, form(v)),
    DEMO_ADMIN.code,
  );
  property(
    "adminEditStudent",
    fc.oneof(
      fc.record({
        email: anyText.filter((s) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.trim())),
        dateOfBirth: fc.constant(""),
      }),
      fc.record({
        email: fc.constant("ok@example.org"),
        dateOfBirth: badDate.filter((d) => d.trim() !== "" && d !== "1999-12-31"),
      }),
    ),
    (v) => admin.adminEditStudent({ ok: true }, form({ id: c.liam, name: "Liam", username: "liam.okafor", ...v })),
    DEMO_ADMIN.code,
  );
  property("regenerateCode", badId, (id) => admin.regenerateCode(id), DEMO_ADMIN.code);
});
