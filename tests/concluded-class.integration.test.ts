import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminActions from "@/app/admin/actions";
import { POST as rollCallRoute } from "@/app/api/roll-call/route";
import { DELETE as fileRoute } from "@/app/files/[fileId]/route";
import * as studentActions from "@/app/level/[levelCode]/actions";
import * as fileActions from "@/app/level/[levelCode]/files-actions";
import * as announcementActions from "@/app/level/[levelCode]/update/announcement-actions";
import * as assignmentActions from "@/app/level/[levelCode]/update/assignment-actions";
import * as attendanceActions from "@/app/level/[levelCode]/update/attendance-actions";
import * as rosterActions from "@/app/level/[levelCode]/update/class-roster-actions";
import * as gradeActions from "@/app/level/[levelCode]/update/grade-actions";
import * as gradingActions from "@/app/level/[levelCode]/update/grading-actions";
import * as gridTotalActions from "@/app/level/[levelCode]/update/grid-total-actions";
import * as messageActions from "@/app/level/[levelCode]/update/message-actions";
import * as responseActions from "@/app/level/[levelCode]/update/response-actions";
import * as commentActions from "@/app/level/[levelCode]/update/comment-actions";
import * as rubricActions from "@/app/level/[levelCode]/update/rubric-actions";
import * as setupCopyActions from "@/app/level/[levelCode]/update/setup-copy-actions";
import * as returnActions from "@/app/level/[levelCode]/update/return-actions";
import * as termGradeActions from "@/app/level/[levelCode]/update/term-grade-actions";
import { queryRows } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { setFileStorage } from "@/lib/files";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { setTermPublished } from "@/lib/terms/publishing";
import { closeYear, reopenYear } from "@/lib/years/close";
import { actionExports } from "./support/action-files";
import { databaseChecksum } from "./support/fixtures";
import { form } from "./support/form";
import { publishTerms } from "./support/publish";
import {
  CODES,
  classDump,
  generateYearOne,
  newStudent,
  studentOf,
  teacherCodeOf,
  type GeneratedYear,
} from "./support/school-year";
import { signInAs } from "./support/session";
import { fakePdf, uploadFile } from "./support/upload";
import { useTestDatabase } from "./support/test-db";

// Issue 41: a concluded class cannot change. Its school year is closed, and every class write —
// each class action exported from app/ (found the way the authorization matrix finds them, so a
// new one fails here until it is listed), the upload and file-removal routes, the roll call's
// form post and an admin's class edit — is refused with the years.concluded sentence, as the
// class's teacher and as an admin, and every row of the class stays byte-identical. Reads still
// answer. Reopening the year lets the same writes through again.

useTestDatabase();

let year: GeneratedYear;
let CLASS: string;
let teacher: string;
let student: { id: number; code: string };
let adminId: number;
let levelId: number;
const ids: Record<string, number> = {};
let concluded: string;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
/** Attendance days outside every term (no published-term lock), one per call: a day can be added once. */
const freshDay = () => `2041-${String((n % 12) + 1).padStart(2, "0")}-${String((++n % 27) + 1).padStart(2, "0")}`;
const idle = { ok: true } as const;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-concluded-"));

type Result = { ok: boolean; message?: string };
type Caller = "teach" | "student" | "admin";
interface Write {
  /** Who may make this write while the year is open: the class's teacher (and admins), a student, or an admin only. */
  as: Caller;
  call: () => Promise<Result>;
}

const cell = () => ({ levelCode: CLASS, assignmentId: ids.graded!, studentId: student.id });
/** The assignment form, re-dated inside the open (second) term. */
const assignmentFields = (over: Record<string, string | number> = {}) =>
  form({
    levelCode: CLASS,
    title: `Essay ${unique()}`,
    description: "Write it",
    maxScore: 20,
    dueDate: `${year.terms[1].start}T12:00:00Z`,
    ...over,
  });

/** A rubric of 10 points (issue 44): the teacher's own in the bank, and on an assignment of 10. */
const RUBRIC = {
  title: "Lab report",
  criteria: [
    {
      id: "c",
      title: "Method",
      description: "",
      levels: [
        { id: "a", label: "Sound", points: 1000 },
        { id: "b", label: "Unclear", points: 400 },
      ],
    },
  ],
};

/** Every class write of app/, by its exported name, with an input that succeeds while the year is open. */
const WRITES: Record<string, Write> = {
  // app/level/[levelCode]/actions.ts — a student's own writes
  addResponse: {
    as: "student",
    call: () =>
      studentActions.addResponse(
        idle,
        form({ levelCode: CLASS, updateId: ids.post!, studentId: student.id, title: "Q", content: "A question" }),
      ),
  },
  submitAssignment: {
    as: "student",
    call: () =>
      studentActions.submitAssignment(
        idle,
        form({ levelCode: CLASS, assignmentId: ids.graded!, studentId: student.id, content: "my answer, long enough" }),
      ),
  },
  // announcements, responses
  createAnnouncement: {
    as: "teach",
    call: () => announcementActions.createAnnouncement(idle, form({ levelCode: CLASS, title: "T", content: "C" })),
  },
  editAnnouncement: {
    as: "teach",
    call: () => announcementActions.editAnnouncement({ levelCode: CLASS, updateId: ids.post!, title: `E ${unique()}` }),
  },
  deleteAnnouncement: {
    as: "teach",
    call: () => announcementActions.deleteAnnouncement({ levelCode: CLASS, updateId: ids.spareUpdate! }),
  },
  // private comments (issue 44): the student on their own thread, the teacher on any student's
  postComment: {
    as: "student",
    call: () =>
      commentActions.postComment({
        levelCode: CLASS,
        assignmentId: ids.graded!,
        studentId: student.id,
        body: "A question",
      }),
  },
  hideComment: {
    as: "teach",
    call: () => commentActions.hideComment({ levelCode: CLASS, commentId: ids.spareComment! }),
  },
  deleteResponse: {
    as: "teach",
    call: () => responseActions.deleteResponse({ levelCode: CLASS, responseId: ids.spareResponse! }),
  },
  // assignments
  createAssignment: { as: "teach", call: () => assignmentActions.createAssignment(idle, assignmentFields()) },
  updateAssignment: {
    as: "teach",
    call: () => assignmentActions.updateAssignment(idle, assignmentFields({ assignmentId: ids.spareAssignment! })),
  },
  editAssignmentText: {
    as: "teach",
    call: () =>
      assignmentActions.editAssignmentText({
        levelCode: CLASS,
        assignmentId: ids.spareAssignment!,
        title: `T ${unique()}`,
      }),
  },
  deleteAssignment: {
    as: "teach",
    call: () => assignmentActions.deleteAssignment({ levelCode: CLASS, assignmentId: ids.doomedAssignment! }),
  },
  // rubrics (issue 44): the bank through the class's dashboard, and scoring with an assignment's rubric
  createBankRubric: {
    as: "teach",
    call: () => rubricActions.createBankRubric({ levelCode: CLASS, rubric: RUBRIC }),
  },
  updateBankRubric: {
    as: "teach",
    call: () =>
      rubricActions.updateBankRubric({
        levelCode: CLASS,
        rubricId: ids.ownRubric!,
        rubric: { ...RUBRIC, title: `R ${unique()}` },
      }),
  },
  deleteBankRubric: {
    as: "teach",
    call: () => rubricActions.deleteBankRubric({ levelCode: CLASS, rubricId: ids.doomedRubric! }),
  },
  scoreRubric: {
    as: "teach",
    call: () =>
      rubricActions.scoreRubric({
        levelCode: CLASS,
        assignmentId: ids.rubricAssignment!,
        studentId: student.id,
        selections: { c: { level: n++ % 2 ? "a" : "b" } },
      }),
  },
  // grades and marks
  saveGrade: { as: "teach", call: () => gradeActions.saveGrade({ ...cell(), score: String((n++ % 9) + 1) }) },
  addGrade: {
    as: "teach",
    call: () => gradeActions.addGrade(idle, form({ ...cell(), score: String((n++ % 9) + 1) })),
  },
  bulkGrade: {
    as: "teach",
    call: () =>
      gradeActions.bulkGrade({
        levelCode: CLASS,
        assignmentId: ids.graded!,
        rows: [{ studentId: student.id, score: String((n++ % 9) + 1) }],
      }),
  },
  returnGrades: {
    as: "teach",
    call: () => returnActions.returnGrades({ levelCode: CLASS, assignmentId: ids.drafted!, studentIds: [student.id] }),
  },
  setGradeMark: {
    as: "teach",
    call: () => gradeActions.setGradeMark({ ...cell(), mark: (["excused", "missing", "late"] as const)[n++ % 3]! }),
  },
  saveGradingAction: {
    as: "teach",
    call: () =>
      gradingActions.saveGradingAction(
        idle,
        form({ levelCode: CLASS, mode: "points", late: "on", latePerDay: String((n++ % 20) + 1), lateFloor: "50" }),
      ),
  },
  copySetupAction: {
    as: "teach",
    call: () => setupCopyActions.copySetupAction(idle, form({ levelCode: CLASS, source: "EARLIER-1" })),
  },
  setTermOverrideAction: {
    as: "teach",
    call: () =>
      termGradeActions.setTermOverrideAction(
        idle,
        form({ levelCode: CLASS, studentId: student.id, termId: year.terms[1].id, percent: "88", reason: "Retake" }),
      ),
  },
  setTermCommentAction: {
    as: "teach",
    call: () =>
      termGradeActions.setTermCommentAction(
        idle,
        form({ levelCode: CLASS, studentId: student.id, termId: year.terms[1].id, comment: `Good ${unique()}` }),
      ),
  },
  // attendance
  addAttendanceDay: {
    as: "teach",
    call: () => attendanceActions.addAttendanceDay({ levelCode: CLASS, date: freshDay() }),
  },
  markAllPresent: { as: "teach", call: () => attendanceActions.markAllPresent({ levelCode: CLASS, date: freshDay() }) },
  setAttendance: {
    as: "teach",
    call: () =>
      attendanceActions.setAttendance({ levelCode: CLASS, studentId: student.id, date: freshDay(), status: "late" }),
  },
  markRollCall: {
    as: "teach",
    call: () =>
      attendanceActions.markRollCall({ levelCode: CLASS, studentId: student.id, date: freshDay(), status: "absent" }),
  },
  // the roster
  enrollStudents: {
    as: "teach",
    call: () => rosterActions.enrollStudents({ levelCode: CLASS, studentIds: [ids.joiner!] }),
  },
  createStudent: {
    as: "teach",
    call: () => rosterActions.createStudent(idle, form({ levelCode: CLASS, name: "New", username: `new-${unique()}` })),
  },
  editStudent: {
    as: "teach",
    call: () =>
      rosterActions.editStudent(
        idle,
        form({ levelCode: CLASS, studentId: student.id, name: `Renamed ${unique()}`, username: `renamed-${unique()}` }),
      ),
  },
  removeStudent: {
    as: "teach",
    call: () => rosterActions.removeStudent({ levelCode: CLASS, studentId: ids.leaver! }),
  },
  // messages to guardians (they write notifications and jobs, not class rows, but speak for the class)
  sendGuardianMessage: {
    as: "teach",
    call: () =>
      messageActions.sendGuardianMessage({
        levelCode: CLASS,
        target: { kind: "below", percent: 100 },
        text: `Please check the gradebook ${unique()}`,
      }),
  },
  // app/admin/actions.ts — an admin's edit of the class itself
  saveClass: {
    as: "admin",
    call: () =>
      adminActions.saveClass(
        idle,
        form({ id: levelId, code: CLASS, name: `Renamed ${unique()}`, period: "1", teacherId: ids.teacher! }),
      ),
  },
};

/**
 * Class actions that read but lead to a write (the hand-in dialog, the enrol search, a message's
 * preview): refused for a concluded class like the write they open.
 */
const READS_BEFORE_A_WRITE: Record<string, Write> = {
  loadHandIn: { as: "student", call: () => fileActions.loadHandIn({ levelCode: CLASS, assignmentId: ids.graded! }) },
  searchStudents: { as: "teach", call: () => rosterActions.searchStudents(CLASS, "s") },
  previewGuardianMessage: {
    as: "teach",
    call: () => messageActions.previewGuardianMessage({ levelCode: CLASS, target: { kind: "below", percent: 100 } }),
  },
};

/** Reads declared { reads: true } (and an admin's class read): they answer for a concluded class. */
const READS: Record<string, Write> = {
  loadSubmissionHistory: { as: "student", call: () => studentActions.loadSubmissionHistory(CLASS, ids.graded!) },
  loadAssignmentResponses: { as: "teach", call: () => assignmentActions.loadAssignmentResponses(CLASS, ids.graded!) },
  loadGridTotal: {
    as: "teach",
    call: () => gridTotalActions.loadGridTotal({ levelCode: CLASS, studentId: student.id, term: year.terms[0].id }),
  },
  loadResponseFiles: {
    as: "teach",
    call: () => fileActions.loadResponseFiles({ levelCode: CLASS, assignmentId: ids.graded! }),
  },
  loadAttachments: {
    as: "teach",
    call: () => fileActions.loadAttachments({ levelCode: CLASS, kind: "assignment", id: ids.spareAssignment! }),
  },
  loadClassStudentStats: { as: "admin", call: () => adminActions.loadClassStudentStats(CLASS) },
  loadCommentThread: {
    as: "teach",
    call: () =>
      commentActions.loadCommentThread({ levelCode: CLASS, assignmentId: ids.graded!, studentId: student.id }),
  },
};

/** Actions that name no class, with the reason. */
const NOT_CLASS: Record<string, string> = {
  saveCommentSettingsAction: "the school's setting on guardians reading private comments",
  saveSchoolSettingsAction: "the school's own time zone, language, parent lookup and sign-in settings",
  adminEditStudent: "a person's account, not a class's records",
  createUser: "a new account",
  regenerateCode: "a person's sign-in code",
  linkGuardianAction: "a family link",
  unlinkGuardianAction: "a family link",
  issueReportLinkAction: "a family's report-card link",
  revokeReportLinkAction: "a family's report-card link",
  settlePendingLinkAction: "a family link",
  sendTestMailAction: "a test e-mail",
  restoreRosterRemovedAction: "the roster's removed people and classes",
  saveSyncPolicyAction: "the roster sync's policy",
  removeSignInLinkAction: "a school-account link",
  liftSignInBlockAction: "a school-account block",
  createYearAction: "the school's years",
  closePreviewAction: "the school's years (a read)",
  closeYearAction: "the school's years: closing is what concludes a class",
  reopenYearAction: "the school's years: reopening is the way back",
  chooseCurrentYearAction: "which year is current",
  startNextYearAction: "the next year and its terms",
  saveTermsAction: "the school's terms (a published term's dates are locked: tests/published-term-lock)",
  setTermPublishedAction: "publishing a term's report cards",
  saveLetterScaleAction: "the school's letter scale (a published card keeps its letters: tests/letter-scale)",
  eraseDepartedAction:
    "erasing departed students after retention: by design it blanks their text in concluded classes and keeps every figure (tests/records.integration.test.ts)",
  signOut: "the caller's session",
  switchSchool: "the caller's school cookie",
  createSchoolAction: "a new school of the district",
  addMembershipAction: "a person's schools",
  removeMembershipAction: "a person's schools",
  newCalendarFeedAction: "the caller's calendar feed",
  turnOffCalendarFeedAction: "the caller's calendar feed",
  saveMyLocaleAction: "the caller's language",
  chooseVisitorLocaleAction: "the visitor's language cookie",
  markNotificationsReadAction: "the caller's notifications",
  savePreferencesAction: "the caller's notification choices",
  unsubscribeAction: "an e-mail's unsubscribe token",
};

const callerCode = (who: Exclude<Caller, "teach"> | "teacher") =>
  who === "student" ? student.code : who === "admin" ? CODES.admin : teacher;
/** Who makes each call: a "teach" write as the class's teacher and as an admin. */
const callersOf = (w: Write) => (w.as === "teach" ? (["teacher", "admin"] as const) : ([w.as] as const));

/** Every row of the class and the whole database's checksum. */
const snapshot = async () => ({ class: await classDump(CLASS), all: await databaseChecksum() });

const rollCall = (date: string) =>
  rollCallRoute(
    new Request("http://localhost/api/roll-call", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", host: "localhost" },
      body: new URLSearchParams({ levelCode: CLASS, date, mark: `${student.id}:absent` }),
    }),
  );
const removeFile = (id: number) =>
  fileRoute(new Request(`http://localhost/files/${id}`, { method: "DELETE" }), {
    params: Promise.resolve({ fileId: String(id) }),
  });

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  year = await generateYearOne();
  CLASS = year.classes[0]!;
  teacher = await teacherCodeOf(CLASS);
  student = await studentOf(CLASS);
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await queryRows<T>(q))[0]!;
  adminId = Number((await one<{ id: number }>(sql`select id from users where role = 'admin'`)).id);
  const level = await one<{ id: number; teacher: number }>(
    sql`select id, teacher_id as teacher from levels where code = ${CLASS}`,
  );
  levelId = Number(level.id);
  ids.teacher = Number(level.teacher);
  // A graded assignment of the open term; spares to edit and delete; an announcement and a response to delete.
  ids.graded = Number(
    (
      await one<{ id: number }>(sql`select a.id from assignments a join grades g on g.assignment_id = a.id
        where a.level_code = ${CLASS} and g.student_id = ${student.id} and a.due_date::date >= ${year.terms[1].start}::date
        order by a.due_date limit 1`)
    ).id,
  );
  const spare = async (title: string) =>
    Number(
      (
        await one<{ id: number }>(sql`insert into assignments (level_code, title, description, max_score, due_date)
          values (${CLASS}, ${title}, 'No work yet', 10, ${`${year.terms[1].start}T12:00:00Z`}) returning id`)
      ).id,
    );
  ids.spareAssignment = await spare("Spare");
  ids.rubricAssignment = await spare("Rubric");
  await queryRows(
    sql`update assignments set rubric = ${JSON.stringify(RUBRIC)}::jsonb where id = ${ids.rubricAssignment}`,
  );
  const ownRubric = async () =>
    Number(
      (
        await one<{ id: number }>(sql`insert into rubrics (owner_id, title, criteria)
          values (${ids.teacher}, 'Own', ${JSON.stringify(RUBRIC.criteria)}::jsonb) returning id`)
      ).id,
    );
  ids.ownRubric = await ownRubric();
  ids.doomedRubric = await ownRubric();
  ids.doomedAssignment = await spare("Doomed");
  // An assignment posted on return with the student's grade still a draft (issue 44): what returnGrades returns.
  ids.drafted = await spare("Drafted");
  await queryRows(sql`update assignments set post_policy = 'on_return' where id = ${ids.drafted}`);
  await queryRows(sql`insert into grades (assignment_id, student_id, score) values (${ids.drafted}, ${student.id}, 7)`);
  ids.post = Number(
    (await one<{ id: number }>(sql`select id from updates where level_code = ${CLASS} order by id limit 1`)).id,
  );
  ids.spareUpdate = Number(
    (
      await one<{ id: number }>(
        sql`insert into updates (level_code, title, content) values (${CLASS}, 'Spare', 'x') returning id`,
      )
    ).id,
  );
  ids.spareResponse = Number(
    (
      await one<{ id: number }>(sql`insert into responses (update_id, student_id, title, content)
        values (${ids.post}, ${student.id}, 'Spare', 'A spare response') returning id`)
    ).id,
  );
  ids.spareComment = Number(
    (
      await one<{ id: number }>(sql`insert into submission_comments (assignment_id, student_id, author_id, body)
        values (${ids.graded}, ${student.id}, ${student.id}, 'A spare comment') returning id`)
    ).id,
  );
  // A class of an earlier year, the teacher's own: where a set-up is copied from.
  const earlier = await one<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values ('Earlier', ${year.start}::date - 400, ${year.start}::date - 40) returning id`,
  );
  await queryRows(
    sql`insert into levels (code, name, teacher_id, year_id) values ('EARLIER-1', 'Earlier class', ${ids.teacher}, ${earlier.id})`,
  );
  ids.leaver = (await studentOf(CLASS, 1)).id;
  ids.joiner = await newStudent("Joiner", "joiner", "joiner-code-1234");
  // A handout the teacher uploads while the year is open: the file-removal route's target.
  await signInAs(teacher);
  const up = await uploadFile(CLASS, { kind: "assignment", id: ids.spareAssignment }, "handout.pdf", fakePdf(2_000));
  expect(up.status, JSON.stringify(up.json)).toBe(201);
  ids.handout = up.json.file!.id;
  await publishTerms([year.terms[0].id]);
  expect(await closeYear(year.id, adminId)).toMatchObject({ ok: true });
  concluded = render(msg("years.concluded", { year: year.title }), "en");
});
afterAll(() => {
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the list covers every action exported from app/", () => {
  it("names each action as a class write, a read, or not a class's", async () => {
    const exported = await actionExports();
    const listed = { ...WRITES, ...READS_BEFORE_A_WRITE, ...READS };
    const unlisted = exported.filter((a) => !(a.name in listed) && !(a.name in NOT_CLASS)).map((a) => a.name);
    expect(unlisted, "a new action: add it to WRITES (or READS, or NOT_CLASS with a reason)").toEqual([]);
    // Everything under app/level/ acts on a class: none of it may be set aside as "not a class's".
    const classFiles = exported.filter((a) => a.file.includes(`${path.sep}level${path.sep}`)).map((a) => a.name);
    expect(classFiles.filter((name) => name in NOT_CLASS)).toEqual([]);
    expect(Object.keys(listed).length + Object.keys(NOT_CLASS).length).toBe(exported.length);
  });
});

describe("a concluded class", () => {
  for (const [name, write] of Object.entries({ ...WRITES, ...READS_BEFORE_A_WRITE }))
    for (const who of callersOf(write))
      it(`refuses ${name} as ${who === "teacher" ? "its teacher" : `a${who === "admin" ? "n" : ""} ${who}`}, and nothing changes`, async () => {
        await signInAs(callerCode(who));
        const before = await snapshot();
        const result = await write.call();
        expect({ ok: result.ok, message: result.message }).toEqual({ ok: false, message: concluded });
        expect(await snapshot()).toEqual(before);
      });

  for (const [name, read] of Object.entries(READS))
    for (const who of callersOf(read))
      it(`answers ${name} as ${who}`, async () => {
        await signInAs(callerCode(who));
        expect(await read.call(), name).toMatchObject({ ok: true });
      });

  it("refuses an upload to it (a teacher's handout, a student's hand-in, a private comment's file) with the sentence, storing nothing", async () => {
    for (const [who, target] of [
      ["teacher", { kind: "assignment", id: ids.spareAssignment! }],
      ["admin", { kind: "announcement", id: ids.post! }],
      ["student", { kind: "submission", id: ids.graded!, draft: "draft-0001" }],
      // A private comment's file (issue 44): the student on their thread, the teacher on it.
      ["student", { kind: `comment&student=${student.id}`, id: ids.graded!, draft: "draft-0002" }],
      ["teacher", { kind: `comment&student=${student.id}`, id: ids.graded!, draft: "draft-0003" }],
    ] as const) {
      await signInAs(callerCode(who));
      const before = await snapshot();
      const res = await uploadFile(CLASS, target, "notes.pdf", fakePdf(1_000));
      expect({ who, status: res.status, json: res.json }).toEqual({
        who,
        status: 403,
        json: { ok: false, message: concluded },
      });
      expect(await snapshot()).toEqual(before);
    }
  });

  it("refuses removing a file from it, as its teacher and as an admin", async () => {
    for (const who of ["teacher", "admin"] as const) {
      await signInAs(callerCode(who));
      const before = await snapshot();
      const res = await removeFile(ids.handout!);
      expect({ who, status: res.status, body: (await res.text()).trim() }).toEqual({
        who,
        status: 403,
        body: concluded,
      });
      expect(await snapshot()).toEqual(before);
    }
  });

  it("keeps its year's report cards as they are: unlocking its published term or publishing its other term is refused", async () => {
    for (const [term, publish] of [
      [year.terms[0], false],
      [year.terms[1], true],
    ] as const) {
      const before = await databaseChecksum();
      const result = await setTermPublished(term.id, publish, adminId);
      expect({ ok: result.ok, message: result.ok ? null : render(result.message, "en") }).toEqual({
        ok: false,
        message: `${term.title} belongs to ${year.title}, which is closed: its report cards stay as they are. An admin can reopen the year on /admin → Years first.`,
      });
      expect(await databaseChecksum()).toEqual(before);
    }
  });

  it("sends a roll-call tap back refused, writing nothing", async () => {
    for (const who of ["teacher", "admin"] as const) {
      await signInAs(callerCode(who));
      const before = await snapshot();
      const res = await rollCall(freshDay());
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/[?&]rollcall=refused$/);
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe("the year reopened", () => {
  it("takes the same writes again", async () => {
    expect(await reopenYear(year.id, adminId)).toMatchObject({ ok: true });
    for (const [name, write] of Object.entries({ ...WRITES, ...READS_BEFORE_A_WRITE })) {
      await signInAs(callerCode(write.as === "teach" ? "teacher" : write.as));
      const result = await write.call();
      expect({ name, ok: result.ok, message: result.message }).toMatchObject({ name, ok: true });
    }
    await signInAs(teacher);
    expect(
      (await uploadFile(CLASS, { kind: "assignment", id: ids.spareAssignment! }, "n.pdf", fakePdf(900))).status,
    ).toBe(201);
    expect((await removeFile(ids.handout!)).status).toBe(200);
    const tap = await rollCall(freshDay());
    expect([tap.status, tap.headers.get("location")]).toEqual([303, expect.not.stringMatching(/rollcall=refused/)]);
  });
});
