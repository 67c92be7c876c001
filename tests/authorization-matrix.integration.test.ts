import fs from "node:fs";
import * as announcementActions from "@/app/level/[levelCode]/update/announcement-actions";
import * as assignmentActions from "@/app/level/[levelCode]/update/assignment-actions";
import * as gradeActions from "@/app/level/[levelCode]/update/grade-actions";
import * as rubricActions from "@/app/level/[levelCode]/update/rubric-actions";
import * as termGradeActions from "@/app/level/[levelCode]/update/term-grade-actions";
import { codeColumns } from "@/lib/auth/code-store";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminActions from "@/app/admin/actions";
import * as authActions from "@/app/auth/actions";
import * as guardianActions from "@/app/admin/guardian-actions";
import * as schoolActions from "@/app/admin/school-actions";
import * as classActions from "@/app/level/[levelCode]/actions";
import * as fileActions from "@/app/level/[levelCode]/files-actions";
import * as attendanceActions from "@/app/level/[levelCode]/update/attendance-actions";
import * as classRosterActions from "@/app/level/[levelCode]/update/class-roster-actions";
import * as responseActions from "@/app/level/[levelCode]/update/response-actions";
import * as commentActions from "@/app/level/[levelCode]/update/comment-actions";
import * as termActions from "@/app/admin/term-actions";
import * as gradingActions from "@/app/level/[levelCode]/update/grading-actions";
import * as gridTotalActions from "@/app/level/[levelCode]/update/grid-total-actions";
import * as notificationActions from "@/app/notifications/actions";
import * as localeActions from "@/app/locale/actions";
import * as calendarActions from "@/app/calendar/actions";
import * as mailActions from "@/app/admin/mail-actions";
import * as messageActions from "@/app/level/[levelCode]/update/message-actions";
import * as signInLinkActions from "@/app/admin/sign-in-link-actions";
import * as rosterActions from "@/app/admin/roster-actions";
import * as yearActions from "@/app/admin/year-actions";
import * as setupCopyActions from "@/app/level/[levelCode]/update/setup-copy-actions";
import * as returnActions from "@/app/level/[levelCode]/update/return-actions";
import { closeYear } from "@/lib/years/close";
import { createYear } from "@/lib/years/create";
import * as recordsActions from "@/app/admin/records-actions";
import * as districtActions from "@/app/district/actions";
import { listErasable } from "@/lib/records/erase";
import { db, dbHandle, queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { and, eq, sql } from "drizzle-orm";
import {
  assignmentSubmissions,
  assignments,
  grades,
  guardianLinks,
  levels,
  rubrics,
  schoolYears,
  pendingGuardianLinks,
  oidcBlocks,
  oidcLinks,
  reportCardLinks,
  responses,
  schoolTerms,
  submissionComments,
  studentEnrollment,
  updates,
  users,
} from "@/lib/db/schema";
import { actionExports, actionFiles } from "./support/action-files";
import { cookieJar } from "./support/request-context";
import { databaseChecksum, firstAssignmentOf, firstUpdateOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { startTestSmtp } from "./support/smtp";
import { resetEnvCache } from "@/lib/env";
import { closeMail } from "@/lib/mail/transport";
import { signInAs, useExpiredSessionOf } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Every server action and route handler, called as every kind of caller. The class under test is
// Biology (David Chen's). Refused calls must change nothing in the database.

useTestDatabase();

const ROLES = [
  "anonymous",
  "expired session",
  "student enrolled",
  "student not enrolled",
  "student acting for another student",
  "parent",
  "instructor owning the class",
  "instructor not owning it",
  "admin",
] as const;
type Role = (typeof ROLES)[number];

const BIO = "BIO-P2";
interface Ctx {
  self: number; // the caller's own id (Ava for anonymous callers)
  studentId: number; // the student id the request names
  ava: number;
  liam: number;
  tariq: number;
  bioUpdate: number;
  bioAssignment: number;
}
let ctx: Omit<Ctx, "self" | "studentId">;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const futureDay = () =>
  `2040-01-${String((n % 28) + 1).padStart(2, "0")}`.replace(/^2040/, String(2040 + Math.floor(++n / 28)));

type Who = "student" | "teach" | "admin" | "user" | "family" | "view" | "thread" | "district";
interface Row {
  who: Who;
  /** Runs before the snapshot: creates whatever the call will use up. */
  prepare?: (c: Ctx) => Promise<Partial<Ctx> & Record<string, unknown>>;
  call: (c: Ctx & Record<string, unknown>) => Promise<{ ok: boolean }>;
}

const ALLOWED: Record<Who, Role[]> = {
  // Actions that take no student id act as the caller, so "acting for another student" is the same call.
  student: ["student enrolled"],
  // Reads what the class page shows: enrolled students (as themselves) and every instructor and admin.
  view: [
    "student enrolled",
    "student acting for another student",
    "instructor owning the class",
    "instructor not owning it",
    "admin",
  ],
  teach: ["instructor owning the class", "admin"],
  // A student's private comments (issue 44): the student on their own thread, the class's teacher, admins.
  thread: ["student enrolled", "instructor owning the class", "admin"],
  admin: ["admin"],
  // Acts on the caller's own rows only (notifications): anyone signed in.
  user: [
    "student enrolled",
    "student not enrolled",
    "student acting for another student",
    "parent",
    "instructor owning the class",
    "instructor not owning it",
    "admin",
  ],
  // The district's own actions (issue 42): district admins only, and no caller here is one (a
  // school's admin included); tests/district.integration.test.ts has the district admin's calls.
  district: [],
  // One's own notification choices: the people notices are for (students and parents).
  family: ["student enrolled", "student not enrolled", "student acting for another student", "parent"],
};

/**
 * The thread a private-comment row names: the caller's own when they are a student of the class,
 * the student the row acts for; staff (and everyone else) name Ava's.
 */
const threadOf = (c: Ctx) => (c.studentId === c.self && c.self !== c.ava ? c.ava : c.studentId);

const freshAnnouncement = async () => ({
  updateId: (
    await db().insert(updates).values({ levelCode: BIO, title: "Temp", content: "Temp" }).returning({ id: updates.id })
  )[0]!.id,
});
const freshAssignment = async () => ({
  assignmentId: (
    await db()
      .insert(assignments)
      .values({ levelCode: BIO, title: "Temp", description: "d", maxScore: 5 })
      .returning({ id: assignments.id })
  )[0]!.id,
});
/** An assignment posted on return with a draft grade for Liam (issue 44): what returnGrades returns. */
const freshDraft = async (c: Ctx) => {
  const [a] = await db()
    .insert(assignments)
    .values({ levelCode: BIO, title: "Draft", description: "d", maxScore: 5, postPolicy: "on_return" })
    .returning({ id: assignments.id });
  await db().insert(grades).values({ assignmentId: a!.id, studentId: c.liam, score: 4 });
  return { draftAssignment: a!.id };
};
// Issue 44: a rubric of 5 points, in the caller's own bank, or on a fresh Biology assignment of 5.
const MATRIX_RUBRIC = {
  title: "Matrix rubric",
  criteria: [
    {
      id: "c",
      title: "Work",
      description: "",
      levels: [
        { id: "a", label: "Done", points: 500 },
        { id: "b", label: "Not yet", points: 0 },
      ],
    },
  ],
};
const freshOwnRubric = async (c: Ctx) => ({
  rubricId: (
    await db()
      .insert(rubrics)
      .values({ ownerId: c.self, title: "Mine", criteria: MATRIX_RUBRIC.criteria })
      .returning({ id: rubrics.id })
  )[0]!.id,
});
const freshRubricAssignment = async () => ({
  assignmentId: (
    await db()
      .insert(assignments)
      .values({ levelCode: BIO, title: "Rubric", description: "d", maxScore: 5, rubric: MATRIX_RUBRIC })
      .returning({ id: assignments.id })
  )[0]!.id,
});
const freshEnrolledStudent = async () => {
  const [u] = await db()
    .insert(users)
    .values({ name: "Temp", username: `tmp-${unique()}`, role: "student" })
    .returning({ id: users.id });
  await db().insert(studentEnrollment).values({ studentId: u!.id, levelCode: BIO });
  return { removeId: u!.id };
};
const freshUser = async () => ({
  userId: (
    await db()
      .insert(users)
      .values({ name: "Temp", username: `tmp-${unique()}`, role: "parent", ...codeColumns(`tmp-${unique()}`) })
      .returning({ id: users.id })
  )[0]!.id,
});

/** A parent the roster removed but kept (decision 012): what an admin may restore. */
const freshRosterRemoved = async () => ({
  userId: (
    await db()
      .insert(users)
      .values({
        name: "Removed",
        username: `gone-${unique()}`,
        role: "parent",
        sourcedId: `gone-${unique()}`,
        rosterDeletedAt: new Date(),
      })
      .returning({ id: users.id })
  )[0]!.id,
});

const freshGuardianLink = async () => {
  const { userId } = await freshUser();
  const { removeId } = await freshEnrolledStudent();
  const [g] = await db()
    .insert(guardianLinks)
    .values({ parentId: userId, studentId: removeId, source: "admin" })
    .returning({ id: guardianLinks.id });
  return { parentId: userId, linkStudentId: removeId, guardianLinkId: g!.id };
};
// Issue 28: a parent link a teacher's parent-number edit filed for an admin to confirm.
const freshPendingLink = async () => {
  const { userId } = await freshUser();
  const { removeId } = await freshEnrolledStudent();
  const [p] = await db()
    .insert(pendingGuardianLinks)
    .values({ parentId: userId, studentId: removeId })
    .returning({ id: pendingGuardianLinks.id });
  return { pendingLinkId: p!.id };
};
const freshReportLink = async () => {
  const { guardianLinkId } = await freshGuardianLink();
  const [l] = await db()
    .insert(reportCardLinks)
    .values({ guardianLinkId, tokenHash: `h-${unique()}`, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: reportCardLinks.id });
  return { reportLinkId: l!.id };
};

// School years (issue 41), each its own half of a year long ago, so none holds today's classes
// (the demo's classes were made today) or shares a day with another.
let yearN = 0;
const freshYear = async (from = 1100) => {
  const y = from + ++yearN;
  const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  const made = await createYear({ title: `Matrix ${y}`, startDate: `${y}-01-01`, endDate: `${y}-06-30` }, admin!.id);
  if (!made.ok || !made.data) throw new Error("freshYear: no year made");
  return { yearId: made.data.id, year: y, adminId: admin!.id };
};
const freshClosedYear = async () => {
  const made = await freshYear();
  await closeYear(made.yearId, made.adminId);
  return made;
};
// A class of David Chen's in a year before every other (Biology, without a year, is the current year's).
const freshSetupSource = async () => {
  const { yearId } = await freshYear(900);
  await freshYear(1600);
  const [teacher] = await db().select({ teacherId: levels.teacherId }).from(levels).where(eq(levels.code, BIO));
  const code = `SRC-${unique()}`;
  await db().insert(levels).values({ code, name: "Old biology", teacherId: teacher!.teacherId, yearId });
  return { source: code };
};

// Terms from a roster import (sourced_id set): the admin's own terms, saved by saveTermsAction, never overlap them.
const freshTerm = async () => {
  const year = 2060 + (n++ % 30);
  const [t] = await db()
    .insert(schoolTerms)
    .values({
      sourcedId: `matrix-${unique()}`,
      title: `Matrix ${year}`,
      type: "term",
      startDate: `${year}-01-01`,
      endDate: `${year}-06-30`,
    })
    .returning({ id: schoolTerms.id });
  return { termId: t!.id };
};

/** A student whose only class is in a year closed in 2001: past the matrix's 5-year retention. */
const freshDepartedStudent = async () => {
  const [y] = await db()
    .insert(schoolYears)
    .values({ title: `Old ${unique()}`, startDate: "2000-09-01", endDate: "2001-06-30", closedAt: new Date() })
    .returning({ id: schoolYears.id });
  const code = `OLD-${unique()}`;
  await db().insert(levels).values({ code, name: "Old class", yearId: y!.id });
  const { removeId } = await freshEnrolledStudent();
  await db().insert(studentEnrollment).values({ studentId: removeId, levelCode: code });
  await db()
    .delete(studentEnrollment)
    .where(and(eq(studentEnrollment.studentId, removeId), eq(studentEnrollment.levelCode, BIO)));
  return { departedId: removeId };
};

const MATRIX: Record<string, Row> = {
  // app/level/[levelCode]/actions.ts — a student's own writes
  addResponse: {
    who: "student",
    call: (c) =>
      classActions.addResponse(
        { ok: true },
        form({ levelCode: BIO, updateId: c.bioUpdate, studentId: c.studentId, title: "T", content: "C" }),
      ),
  },
  submitAssignment: {
    who: "student",
    call: (c) =>
      classActions.submitAssignment(
        { ok: true },
        form({
          levelCode: BIO,
          assignmentId: c.bioAssignment,
          studentId: c.studentId,
          content: "a long enough answer",
        }),
      ),
  },
  loadSubmissionHistory: { who: "student", call: (c) => classActions.loadSubmissionHistory(BIO, c.bioAssignment) },
  // app/level/[levelCode]/update/actions.ts — teaching
  createAnnouncement: {
    who: "teach",
    call: () =>
      announcementActions.createAnnouncement({ ok: true }, form({ levelCode: BIO, title: "T", content: "C" })),
  },
  editAnnouncement: {
    who: "teach",
    call: (c) =>
      announcementActions.editAnnouncement({ levelCode: BIO, updateId: c.bioUpdate, title: `Edited ${unique()}` }),
  },
  deleteAnnouncement: {
    who: "teach",
    prepare: freshAnnouncement,
    call: (c) => announcementActions.deleteAnnouncement({ levelCode: BIO, updateId: c.updateId }),
  },
  createAssignment: {
    who: "teach",
    call: () =>
      assignmentActions.createAssignment(
        { ok: true },
        form({ levelCode: BIO, title: "T", description: "D", maxScore: 10, dueDate: "2040-01-01T10:00:00Z" }),
      ),
  },
  updateAssignment: {
    who: "teach",
    call: (c) =>
      assignmentActions.updateAssignment(
        { ok: true },
        form({
          levelCode: BIO,
          assignmentId: c.bioAssignment,
          title: `T ${unique()}`,
          description: "D",
          maxScore: 1000,
          dueDate: "2040-01-01T10:00:00Z",
        }),
      ),
  },
  editAssignmentText: {
    who: "teach",
    call: (c) =>
      assignmentActions.editAssignmentText({ levelCode: BIO, assignmentId: c.bioAssignment, title: `T ${unique()}` }),
  },
  deleteAssignment: {
    who: "teach",
    prepare: freshAssignment,
    call: (c) => assignmentActions.deleteAssignment({ levelCode: BIO, assignmentId: c.assignmentId }),
  },
  loadAssignmentResponses: {
    who: "teach",
    call: (c) => assignmentActions.loadAssignmentResponses(BIO, c.bioAssignment),
  },
  // app/level/[levelCode]/update/rubric-actions.ts — the rubric bank and scoring with a rubric (issue 44)
  createBankRubric: {
    who: "teach",
    call: () => rubricActions.createBankRubric({ levelCode: BIO, rubric: MATRIX_RUBRIC }),
  },
  updateBankRubric: {
    who: "teach",
    prepare: freshOwnRubric,
    call: (c) =>
      rubricActions.updateBankRubric({
        levelCode: BIO,
        rubricId: c.rubricId,
        rubric: { ...MATRIX_RUBRIC, title: `R ${unique()}` },
      }),
  },
  deleteBankRubric: {
    who: "teach",
    prepare: freshOwnRubric,
    call: (c) => rubricActions.deleteBankRubric({ levelCode: BIO, rubricId: c.rubricId }),
  },
  scoreRubric: {
    who: "teach",
    prepare: freshRubricAssignment,
    call: (c) =>
      rubricActions.scoreRubric({
        levelCode: BIO,
        assignmentId: c.assignmentId,
        studentId: c.liam,
        selections: { c: { level: "a", comment: "Well done" } },
      }),
  },
  saveGrade: {
    who: "teach",
    call: (c) =>
      gradeActions.saveGrade({
        levelCode: BIO,
        assignmentId: c.bioAssignment,
        studentId: c.liam,
        score: String((n++ % 9) + 1),
      }),
  },
  // app/level/[levelCode]/update/return-actions.ts — Return (issue 44)
  returnGrades: {
    who: "teach",
    prepare: freshDraft,
    call: (c) => returnActions.returnGrades({ levelCode: BIO, assignmentId: c.draftAssignment, studentIds: [c.liam] }),
  },
  addGrade: {
    who: "teach",
    call: (c) =>
      gradeActions.addGrade(
        { ok: true },
        form({ levelCode: BIO, assignmentId: c.bioAssignment, studentId: c.liam, score: String((n++ % 9) + 1) }),
      ),
  },
  bulkGrade: {
    who: "teach",
    call: (c) =>
      gradeActions.bulkGrade({
        levelCode: BIO,
        assignmentId: c.bioAssignment,
        rows: [{ studentId: c.liam, score: String((n++ % 9) + 1) }],
      }),
  },
  // app/level/[levelCode]/update/response-actions.ts — moderating responses
  deleteResponse: {
    who: "teach",
    prepare: async (c) => ({
      responseId: (
        await db()
          .insert(responses)
          .values({ updateId: c.bioUpdate, studentId: c.ava, title: "Temp", content: "Temp" })
          .returning({ id: responses.id })
      )[0]!.id,
    }),
    call: (c) => responseActions.deleteResponse({ levelCode: BIO, responseId: c.responseId }),
  },
  // app/level/[levelCode]/update/comment-actions.ts — private comments on a student's work (issue 44)
  postComment: {
    who: "thread",
    call: (c) =>
      commentActions.postComment({
        levelCode: BIO,
        assignmentId: c.bioAssignment,
        studentId: threadOf(c),
        body: "A question",
      }),
  },
  loadCommentThread: {
    who: "thread",
    call: (c) =>
      commentActions.loadCommentThread({ levelCode: BIO, assignmentId: c.bioAssignment, studentId: threadOf(c) }),
  },
  hideComment: {
    who: "teach",
    prepare: async (c) => ({
      commentId: (
        await db()
          .insert(submissionComments)
          .values({ assignmentId: c.bioAssignment, studentId: c.ava, authorId: c.ava, body: "Temp" })
          .returning({ id: submissionComments.id })
      )[0]!.id,
    }),
    call: (c) => commentActions.hideComment({ levelCode: BIO, commentId: c.commentId }),
  },
  // app/level/[levelCode]/update/attendance-actions.ts and class-roster-actions.ts
  addAttendanceDay: {
    who: "teach",
    prepare: () => Promise.resolve({ day: futureDay() }),
    call: (c) => attendanceActions.addAttendanceDay({ levelCode: BIO, date: c.day as string }),
  },
  markAllPresent: {
    who: "teach",
    prepare: () => Promise.resolve({ day: futureDay() }),
    call: (c) => attendanceActions.markAllPresent({ levelCode: BIO, date: c.day as string }),
  },
  setAttendance: {
    who: "teach",
    prepare: () => Promise.resolve({ day: futureDay() }),
    call: (c) =>
      attendanceActions.setAttendance({ levelCode: BIO, studentId: c.liam, date: c.day as string, status: "late" }),
  },
  markRollCall: {
    who: "teach",
    prepare: () => Promise.resolve({ day: futureDay() }),
    call: (c) =>
      attendanceActions.markRollCall({ levelCode: BIO, studentId: c.liam, date: c.day as string, status: "absent" }),
  },
  searchStudents: { who: "teach", call: () => classRosterActions.searchStudents(BIO, "a") },
  enrollStudents: {
    who: "teach",
    prepare: async () => ({ newId: (await freshUser()).userId }),
    call: (c) => classRosterActions.enrollStudents({ levelCode: BIO, studentIds: [c.tariq] }),
  },
  createStudent: {
    who: "teach",
    call: () =>
      classRosterActions.createStudent(
        { ok: true },
        form({ levelCode: BIO, name: "New", username: `new-${unique()}` }),
      ),
  },
  editStudent: {
    who: "teach",
    call: (c) =>
      classRosterActions.editStudent(
        { ok: true },
        form({
          levelCode: BIO,
          studentId: c.liam,
          name: "Liam Okafor",
          username: "liam.okafor",
          parent1Number: "(555) 201-0001",
        }),
      ),
  },
  removeStudent: {
    who: "teach",
    prepare: freshEnrolledStudent,
    call: (c) => classRosterActions.removeStudent({ levelCode: BIO, studentId: c.removeId }),
  },
  // app/admin/actions.ts
  saveClass: {
    who: "admin",
    call: () => adminActions.saveClass({ ok: true }, form({ code: `C-${unique()}`, name: "New class" })),
  },
  loadClassStudentStats: { who: "admin", call: () => adminActions.loadClassStudentStats(BIO) },
  adminEditStudent: {
    who: "admin",
    call: (c) =>
      adminActions.adminEditStudent(
        { ok: true },
        form({ id: c.liam, name: "Liam Okafor", username: "liam.okafor", email: "liam@example.org" }),
      ),
  },
  createUser: {
    who: "admin",
    call: () => adminActions.createUser({ ok: true }, form({ role: "parent", name: "New", username: `u-${unique()}` })),
  },
  regenerateCode: { who: "admin", prepare: freshUser, call: (c) => adminActions.regenerateCode(c.userId) },
  // app/admin/roster-actions.ts — restoring what the roster removed; the nightly sync's policy (issue 29)
  restoreRosterRemovedAction: {
    who: "admin",
    prepare: freshRosterRemoved,
    call: (c) => rosterActions.restoreRosterRemovedAction({ kind: "user", id: c.userId }),
  },
  saveSyncPolicyAction: {
    who: "admin",
    call: () => rosterActions.saveSyncPolicyAction({ ok: true }, form({ skipInvalid: "on", deletionPercent: "2.5" })),
  },
  // app/admin/term-actions.ts — the school year's terms and publishing their report cards
  saveTermsAction: {
    who: "admin",
    call: () =>
      termActions.saveTermsAction(
        { ok: true },
        // The terms of no year (year ""): the school years other rows make lie long ago.
        form({ year: "", "title.0": "Matrix year", "start.0": "2050-01-01", "end.0": "2050-06-30" }),
      ),
  },
  // app/district/actions.ts — adding a school (issue 42)
  createSchoolAction: {
    who: "district",
    call: () =>
      districtActions.createSchoolAction(
        { ok: true },
        form({ name: `School ${unique()}`, adminName: "New Admin", adminUsername: `a-${unique()}` }),
      ),
  },
  addMembershipAction: {
    who: "district",
    prepare: freshUser,
    call: async (c) => {
      const [u] = await db()
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, c.userId as number));
      return districtActions.addMembershipAction({ ok: true }, form({ username: u!.username, school: "1" }));
    },
  },
  removeMembershipAction: {
    who: "district",
    // Someone of two schools, taken out of the second (a person keeps one school at least).
    prepare: async () => {
      const { userId } = await freshUser();
      const [school] = await queryRows<{ id: number }>(
        sql`insert into schools (name) values (${`Matrix school ${unique()}`}) returning id`,
      );
      await queryRows(sql`insert into school_memberships (user_id, school_id) values (${userId}, ${school!.id})`);
      return { userId, schoolId: Number(school!.id) };
    },
    call: async (c) => {
      const [u] = await db()
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, c.userId as number));
      return districtActions.removeMembershipAction(
        { ok: true },
        form({ username: u!.username, school: String(c.schoolId) }),
      );
    },
  },
  saveLetterScaleAction: {
    who: "admin",
    call: () => termActions.saveLetterScaleAction({ ok: true }, form({ "min.0": "60", "label.0": "P", below: "F" })),
  },
  // app/admin/year-actions.ts — school years (issue 41)
  createYearAction: {
    who: "admin",
    call: () => {
      const y = 1300 + ++yearN;
      return yearActions.createYearAction(
        { ok: true },
        form({ title: `Matrix ${y}`, startDate: `${y}-01-01`, endDate: `${y}-06-30` }),
      );
    },
  },
  closePreviewAction: {
    who: "admin",
    prepare: () => freshYear(),
    call: (c) => yearActions.closePreviewAction({ yearId: c.yearId }),
  },
  closeYearAction: {
    who: "admin",
    prepare: () => freshYear(),
    call: (c) => yearActions.closeYearAction({ yearId: c.yearId }),
  },
  reopenYearAction: {
    who: "admin",
    prepare: freshClosedYear,
    call: (c) => yearActions.reopenYearAction({ yearId: c.yearId }),
  },
  chooseCurrentYearAction: {
    who: "admin",
    call: () => yearActions.chooseCurrentYearAction({ ok: true }, form({ yearId: "" })),
  },
  startNextYearAction: {
    who: "admin",
    prepare: () => freshYear(),
    call: (c) =>
      yearActions.startNextYearAction(
        { ok: true },
        form({
          fromId: c.yearId as number,
          title: `Matrix ${c.year as number} b`,
          startDate: `${c.year as number}-07-01`,
          endDate: `${c.year as number}-12-31`,
          "title.0": "Autumn",
          "start.0": `${c.year as number}-09-01`,
          "end.0": `${c.year as number}-12-20`,
        }),
      ),
  },
  // app/level/[levelCode]/update/setup-copy-actions.ts — a set-up from an earlier year's class
  copySetupAction: {
    who: "teach",
    prepare: freshSetupSource,
    call: (c) => setupCopyActions.copySetupAction({ ok: true }, form({ levelCode: BIO, source: c.source as string })),
  },
  setTermPublishedAction: {
    who: "admin",
    prepare: freshTerm,
    call: (c) => termActions.setTermPublishedAction({ ok: true }, form({ termId: c.termId as number, publish: "on" })),
  },
  // app/level/[levelCode]/update/{grading,mark,override,comment}-actions.ts — the gradebook
  saveGradingAction: {
    who: "teach",
    call: () =>
      gradingActions.saveGradingAction(
        { ok: true },
        form({ levelCode: BIO, mode: "points", late: "on", latePerDay: String((n++ % 20) + 1), lateFloor: "50" }),
      ),
  },
  setGradeMark: {
    who: "teach",
    call: (c) =>
      gradeActions.setGradeMark({
        levelCode: BIO,
        assignmentId: c.bioAssignment,
        studentId: c.liam,
        mark: (["excused", "missing", "late"] as const)[n++ % 3]!,
      }),
  },
  loadGridTotal: {
    who: "teach",
    call: (c) => gridTotalActions.loadGridTotal({ levelCode: BIO, studentId: c.liam, term: "year" }),
  },
  setTermOverrideAction: {
    who: "teach",
    prepare: freshTerm,
    call: (c) =>
      termGradeActions.setTermOverrideAction(
        { ok: true },
        form({ levelCode: BIO, studentId: c.liam, termId: c.termId as number, percent: "88", reason: "Matrix" }),
      ),
  },
  setTermCommentAction: {
    who: "teach",
    prepare: freshTerm,
    call: (c) =>
      termGradeActions.setTermCommentAction(
        { ok: true },
        form({ levelCode: BIO, studentId: c.liam, termId: c.termId as number, comment: `Good term ${unique()}` }),
      ),
  },
  // app/notifications/actions.ts — one's own notifications
  markNotificationsReadAction: {
    who: "user",
    call: () => notificationActions.markNotificationsReadAction({ ok: true }, form({ id: "all" })),
  },
  // app/locale/actions.ts — one's own language (issue 31)
  saveMyLocaleAction: {
    who: "user",
    call: () => localeActions.saveMyLocaleAction({ ok: true }, form({ locale: "es" })),
  },
  // app/calendar/actions.ts — one's own calendar feed
  newCalendarFeedAction: { who: "user", call: () => calendarActions.newCalendarFeedAction() },
  turnOffCalendarFeedAction: { who: "user", call: () => calendarActions.turnOffCalendarFeedAction() },
  savePreferencesAction: {
    who: "family",
    call: () =>
      notificationActions.savePreferencesAction(
        { ok: true },
        form({
          attendance: "daily",
          work: "weekly",
          grade: "immediately",
          announcement: "off",
          report_card: "immediately",
          comment: "immediately",
          message: "immediately",
          threshold: String((n++ % 90) + 5),
        }),
      ),
  },
  // app/admin/mail-actions.ts — a test e-mail (to the matrix's own SMTP server)
  sendTestMailAction: {
    who: "admin",
    call: () => mailActions.sendTestMailAction({ ok: true }, form({ to: "it@demo.school" })),
  },
  // app/level/[levelCode]/update/message-actions.ts — messages to guardians
  previewGuardianMessage: {
    who: "teach",
    call: (c) =>
      messageActions.previewGuardianMessage({
        levelCode: BIO,
        target: { kind: "not_submitted", assignmentId: c.bioAssignment },
      }),
  },
  sendGuardianMessage: {
    who: "teach",
    // Liam (Grace Johnson's son) has not handed it in, nor been graded on paper: there is a guardian to write to.
    prepare: async (c) => (
      await db()
        .delete(assignmentSubmissions)
        .where(
          and(eq(assignmentSubmissions.assignmentId, c.bioAssignment), eq(assignmentSubmissions.studentId, c.liam)),
        ),
      await db()
        .delete(grades)
        .where(and(eq(grades.assignmentId, c.bioAssignment), eq(grades.studentId, c.liam))),
      {}
    ),
    call: (c) =>
      messageActions.sendGuardianMessage({
        levelCode: BIO,
        target: { kind: "not_submitted", assignmentId: c.bioAssignment },
        text: `Matrix ${unique()}`,
      }),
  },
  // app/level/[levelCode]/files-actions.ts (issue 33; the upload and download routes: tests/files.integration.test.ts)
  loadResponseFiles: {
    who: "teach",
    call: (c) => fileActions.loadResponseFiles({ levelCode: BIO, assignmentId: c.bioAssignment }),
  },
  loadAttachments: {
    who: "view",
    call: (c) => fileActions.loadAttachments({ levelCode: BIO, kind: "assignment", id: c.bioAssignment }),
  },
  loadHandIn: {
    who: "student",
    call: (c) => fileActions.loadHandIn({ levelCode: BIO, assignmentId: c.bioAssignment }),
  },
  // app/admin/school-actions.ts
  saveSchoolSettingsAction: {
    who: "admin",
    call: () => schoolActions.saveSchoolSettingsAction({ ok: true }, form({ codes: "install", locale: "es" })),
  },
  // app/admin/guardian-actions.ts
  saveCommentSettingsAction: {
    who: "admin",
    call: () => guardianActions.saveCommentSettingsAction({ ok: true }, form({ guardiansReadPrivateComments: "on" })),
  },
  linkGuardianAction: {
    who: "admin",
    prepare: async () => ({
      parentUsername: (
        await db()
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, (await freshUser()).userId))
      )[0]!.username,
    }),
    call: (c) =>
      guardianActions.linkGuardianAction(
        { ok: true },
        form({ studentId: c.liam, parentUsername: c.parentUsername as string, relationship: "mother" }),
      ),
  },
  unlinkGuardianAction: {
    who: "admin",
    prepare: freshGuardianLink,
    call: (c) => guardianActions.unlinkGuardianAction({ ok: true }, form({ linkId: c.guardianLinkId as number })),
  },
  settlePendingLinkAction: {
    who: "admin",
    prepare: freshPendingLink,
    call: (c) =>
      guardianActions.settlePendingLinkAction(
        { ok: true },
        form({ pendingId: c.pendingLinkId as number, decision: "confirm" }),
      ),
  },
  issueReportLinkAction: {
    who: "admin",
    prepare: freshGuardianLink,
    call: (c) =>
      guardianActions.issueReportLinkAction({ ok: true }, form({ guardianLinkId: c.guardianLinkId as number })),
  },
  // app/admin/sign-in-link-actions.ts — school-account links (issue 32)
  removeSignInLinkAction: {
    who: "admin",
    prepare: async () => {
      const { userId } = await freshUser();
      const [l] = await db()
        .insert(oidcLinks)
        .values({ userId, provider: "school", subject: `sub-${unique()}`, matchedBy: "email" })
        .returning({ id: oidcLinks.id });
      return { signInLinkId: l!.id };
    },
    call: (c) =>
      signInLinkActions.removeSignInLinkAction({ ok: true }, form({ linkId: c.signInLinkId as number, block: "on" })),
  },
  liftSignInBlockAction: {
    who: "admin",
    prepare: async () => {
      const [b] = await db()
        .insert(oidcBlocks)
        .values({ provider: "school", subject: `sub-${unique()}` })
        .returning({ id: oidcBlocks.id });
      return { signInBlockId: b!.id };
    },
    call: (c) => signInLinkActions.liftSignInBlockAction({ ok: true }, form({ blockId: c.signInBlockId as number })),
  },
  revokeReportLinkAction: {
    who: "admin",
    prepare: freshReportLink,
    call: (c) => guardianActions.revokeReportLinkAction({ ok: true }, form({ linkId: c.reportLinkId as number })),
  },
  // app/admin/records-actions.ts — erasing departed students past RECORDS_RETENTION_YEARS (issue 41)
  eraseDepartedAction: {
    who: "admin",
    prepare: freshDepartedStudent,
    call: async () => {
      // What the page lists: the students, and their number typed.
      const listed = (await listErasable(5)).map((s) => s.id);
      return recordsActions.eraseDepartedAction(
        { ok: true },
        form({ confirm: String(listed.length), listed: listed.join(",") }),
      );
    },
  },
};

/** Actions open to everyone by design, each with the reason. */
const PUBLIC: Record<string, string> = {
  signOut: "ends the caller's own session, if any",
  switchSchool:
    "the header's school switcher: sets only the caller's own school cookie, to a school they belong to, and writes nothing (tests/district.integration.test.ts)",
  chooseVisitorLocaleAction:
    "the anonymous pages' language switcher: sets only the caller's own language cookie, to a code of lib/i18n/locales.ts (tests/i18n-catalog.test.ts, e2e/languages.spec.ts)",
  "POST /api/session": "sign-in: anyone may try a code (rate-limited)",
  "POST /api/parent/lookup": "parent portal: no sign-in by design (rate-limited, audited)",
  "POST /api/parent/report": "parent portal: keyed on the phone number (rate-limited, audited)",
  unsubscribeAction:
    "an e-mail's unsubscribe page: the HMAC'd token is the key, and it can only turn a notification off (tests/notify-mail.integration.test.ts)",
  "POST /api/unsubscribe/[token]":
    "RFC 8058 one-click unsubscribe, posted by mail providers without cookies: the HMAC'd token is the key, it only turns one notification off, rate-limited (tests/notify-mail.integration.test.ts)",
  "GET /api/unsubscribe/[token]": "answers 405 and changes nothing: link scanners open links",
  "GET /auth/oidc/[provider]":
    "'Sign in with <label>': anyone may start a school-account sign-in; it only redirects to the provider (rate-limited; tests/oidc-sign-in.integration.test.ts)",
  "GET /auth/oidc/[provider]/callback":
    "the provider's answer: signs in only with this browser's one-time state, PKCE, nonce, iss and a JWKS-checked ID token linked to a user; refusals audited (tests/oidc-sign-in.integration.test.ts)",
  "GET /calendar/feed/[token]":
    "a calendar feed: the secret in the address is the key (192 bits, only its SHA-256 stored), rate-limited per client (tests/calendar-feeds.integration.test.ts)",
  "GET /api/health/live":
    "the balancer's liveness check: answers 'live' and reads nothing (tests/health.integration.test.ts)",
  "GET /api/health/ready":
    "the balancer's readiness check: says only whether this host serves and why not, never data (tests/health.integration.test.ts, scripts/cluster-test.ts)",
  "GET /r/[token]/pdf":
    "report-card link's PDF: the secret in the address is the key, as on /r/<token> (rate-limited, audited by link id; tests/report-pdf.integration.test.ts)",
};

/** Route handlers that are not public: each has its own refusal tests (named in the reason). */
const GUARDED_ROUTES: Record<string, string> = {
  "GET /api/query-stats":
    "benchmark SQL totals: 404 unless QUERY_STATS=on, then admins only (tests/query-stats.integration.test.ts)",
  "POST /api/roll-call":
    "a roll-call mark posted before hydration: markRollCall's own access check (the class's instructor and admins), same-origin (tests/roll-call-route.integration.test.ts)",
  "POST /admin/letters": "parent letters: admins only, same-origin (tests/guardians.integration.test.ts)",
  "POST /admin/roster/preview":
    "roster dry run: admins only, same-origin, bounded (tests/roster-web.integration.test.ts)",
  "POST /admin/roster/apply": "roster apply: admins only, same-origin, bounded (tests/roster-web.integration.test.ts)",
  "GET /level/[levelCode]/export/gradebook":
    "gradebook CSV: the class's own instructor and admins only (tests/export-routes.integration.test.ts)",
  "GET /level/[levelCode]/export/attendance":
    "attendance CSV: the class's own instructor and admins only, dates checked after access (tests/export-routes.integration.test.ts)",
  "GET /admin/export/oneroster": "the school's OneRoster zip: admins only (tests/export-routes.integration.test.ts)",
  "GET /district/export/[school]":
    "one school's OneRoster zip from /district: district admins only (tests/district-oneroster.integration.test.ts)",
  "POST /level/[levelCode]/cards":
    "a class's sign-in cards with codes: its own instructor and admins, same-origin, audited (tests/cards-routes.integration.test.ts)",
  "POST /admin/cards":
    "the school's or the last import's sign-in cards: admins only, same-origin, audited (tests/cards-routes.integration.test.ts)",
  "GET /admin/students/[id]/records":
    "one student's complete record as a zip: admins only, same-origin, audited (tests/records.integration.test.ts)",
  "GET /admin/report-cards":
    "a published term's report-card PDF: admins only, audited (tests/report-pdf.integration.test.ts)",
  "GET /children/[studentId]/pdf":
    "a child's published report card as a PDF: linked parents and admins only (tests/report-pdf.integration.test.ts)",
  "GET /records/[studentId]/transcript.pdf":
    "a student's transcript of every year: the student, admins and linked guardians only; others 404 (tests/years-history.integration.test.ts)",
  "POST /level/[levelCode]/files":
    "an upload: students to their own class's assignments, the class's teacher and admins to its assignments and announcements, same-origin (tests/files.integration.test.ts); a private comment's file (kind=comment) by whoever may write that thread, the student or the class's staff; others 404 (tests/private-comment-files.integration.test.ts)",
  "GET /files/[fileId]":
    "an attachment under its record's rule: the student, the class's teacher, admins, linked guardians; a private comment's under its thread's (tests/private-comment-files.integration.test.ts); others 404 (tests/files.integration.test.ts)",
  "DELETE /files/[fileId]":
    "removes a student's own file not yet handed in, anyone's own comment upload not yet posted, or a teacher's file on their class; same-origin (tests/files.integration.test.ts)",
  "GET /level/[levelCode]/files/zip":
    "Download all: the class's own teacher and admins only (tests/files.integration.test.ts)",
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

describe("the matrix covers every server action and route handler", () => {
  it("has a row for each exported server action", async () => {
    expect(actionFiles().length).toBe(31);
    const exported = (await actionExports()).map((a) => a.name);
    const missing = exported.filter((name) => !(name in MATRIX) && !(name in PUBLIC));
    expect(missing, "add a row to MATRIX (or PUBLIC with a reason) for each new action").toEqual([]);
    expect(exported.length).toBe(
      Object.keys(MATRIX).length + Object.keys(PUBLIC).filter((k) => !k.includes(" ")).length,
    );
  });
  it("has a row for each route handler", async () => {
    const routes: string[] = [];
    for (const f of routeFiles(path.resolve("app"))) {
      const route = path.relative(path.resolve("app"), path.dirname(f)).split(path.sep).join("/");
      for (const method of Object.keys((await import(f)) as Record<string, unknown>))
        if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(method)) routes.push(`${method} /${route}`);
    }
    expect(routes.sort()).toEqual(
      [...Object.keys(PUBLIC).filter((k) => k.includes(" ")), ...Object.keys(GUARDED_ROUTES)].sort(),
    );
  });
});

let ids: Record<Role, { self: number; studentId: number; become: () => Promise<void> }>;

beforeAll(async () => {
  // E-mail on, to a real SMTP server on loopback: the admin's test message is one of the actions.
  const smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "portal@demo.school";
  process.env.PORTAL_URL = "https://portal.demo.school";
  // Erasure on: the admin's erase action has departed students to take (freshDepartedStudent).
  process.env.RECORDS_RETENTION_YEARS = "5";
  resetEnvCache();
  return async () => {
    closeMail();
    await smtp.close();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    delete process.env.PORTAL_URL;
    delete process.env.RECORDS_RETENTION_YEARS;
    resetEnvCache();
  };
});

beforeAll(async () => {
  await seedDemo();
  const ava = await userIdByCode(DEMO_STUDENTS[0]!.code);
  const liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
  const maya = await userIdByCode(DEMO_STUDENTS[2]!.code);
  ctx = {
    ava,
    liam,
    tariq: await userIdByCode(DEMO_STUDENTS[29]!.code),
    bioUpdate: await firstUpdateOf(BIO),
    bioAssignment: await firstAssignmentOf(BIO),
  };
  const as = (code: string) => async () => void (await signInAs(code));
  const idOf = (code: string) => userIdByCode(code);
  ids = {
    anonymous: { self: ava, studentId: ava, become: () => Promise.resolve(cookieJar.clear()) },
    "expired session": { self: ava, studentId: ava, become: () => useExpiredSessionOf(DEMO_ADMIN.code) },
    "student enrolled": { self: ava, studentId: ava, become: as(DEMO_STUDENTS[0]!.code) },
    "student not enrolled": { self: maya, studentId: maya, become: as(DEMO_STUDENTS[2]!.code) },
    "student acting for another student": { self: ava, studentId: liam, become: as(DEMO_STUDENTS[0]!.code) },
    parent: { self: await idOf("parent-kim"), studentId: await idOf("parent-kim"), become: as("parent-kim") },
    "instructor owning the class": {
      self: await idOf(DEMO_INSTRUCTORS[1].code),
      studentId: await idOf(DEMO_INSTRUCTORS[1].code),
      become: as(DEMO_INSTRUCTORS[1].code),
    },
    "instructor not owning it": {
      self: await idOf(DEMO_INSTRUCTORS[0].code),
      studentId: await idOf(DEMO_INSTRUCTORS[0].code),
      become: as(DEMO_INSTRUCTORS[0].code),
    },
    admin: { self: await idOf(DEMO_ADMIN.code), studentId: await idOf(DEMO_ADMIN.code), become: as(DEMO_ADMIN.code) },
  };
});

/** A student's reads of their own work: they name no student, so any enrolled student may call them. */
const OWN_READS = new Set(["loadSubmissionHistory", "loadHandIn"]);

const SQL_OR_STACK =
  /\b(select|insert|update|delete)\b.*\b(from|into|set)\b|\bat .+\(.+:\d+:\d+\)|DrizzleQueryError|violates/i;

describe("authorization matrix", () => {
  for (const [name, row] of Object.entries(MATRIX)) {
    for (const role of ROLES) {
      const allowed =
        ALLOWED[row.who].includes(role) || (OWN_READS.has(name) && role === "student acting for another student");
      it(`${name} · ${role} → ${allowed ? "allowed" : "refused"}`, async () => {
        const who = ids[role];
        const base: Ctx = { ...ctx, self: who.self, studentId: who.studentId };
        const extra = row.prepare ? await row.prepare(base) : {};
        await who.become();
        const before = await databaseChecksum();
        const result = await row.call({ ...base, ...extra });
        if (allowed) {
          expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
        } else {
          expect(result.ok).toBe(false);
          expect((result as unknown as { message: string }).message).not.toMatch(SQL_OR_STACK);
          expect(await databaseChecksum()).toEqual(before);
        }
      });
    }
  }
});

describe("public entry points", () => {
  it("signOut as anonymous writes nothing", async () => {
    cookieJar.clear();
    const before = await databaseChecksum();
    await authActions.signOut();
    expect(await databaseChecksum()).toEqual(before);
  });
  it("lists the reason for each public entry point", () => {
    for (const reason of Object.values(PUBLIC)) expect(reason.length).toBeGreaterThan(10);
  });
  it("counts the matrix", () => {
    const cells = Object.keys(MATRIX).length * ROLES.length;
    const refused = Object.entries(MATRIX).reduce(
      (s, [name, r]) =>
        s +
        ROLES.filter(
          (role) =>
            !(ALLOWED[r.who].includes(role) || (OWN_READS.has(name) && role === "student acting for another student")),
        ).length,
      0,
    );
    console.log(
      `authorization matrix: ${Object.keys(MATRIX).length} actions × ${ROLES.length} callers = ${cells} cells, ${refused} refusals checked for an unchanged database`,
    );
    expect(cells).toBeGreaterThan(200);
  });
});

/**
 * The matrix again, with a second school (issue 42): every row of every school-scoped table (the
 * demo school, Biology and all the rows the matrix made) becomes school 2's, while the callers stay
 * people of school 1 alone. A school's admin, a teacher, a student and a guardian of school 1 then
 * call every action naming school 2's class, people's records and ids (the fresh objects each row
 * prepares are made in school 2 too): a class's action is refused, and nothing of school 2 changes,
 * whatever the action (an admin's action may still do its work in school 1).
 */
describe("a second school's class, called from the first school", () => {
  const CALLERS = ["student enrolled", "parent", "instructor owning the class", "admin"] as const;
  const CLASS_KINDS: Who[] = ["student", "view", "teach", "thread"];
  let scoped: string[] = [];
  // School 2's rows, and the accounts of the people who belong to school 2 alone (a person is the
  // district's row: a new code or name given from school 1 would show there).
  const schoolTwo = async () => ({
    ...(await withSchool(2, () => databaseChecksum(scoped))),
    people: (
      await queryRows<{ s: string }>(
        sql`select count(*)::text || ':' || coalesce(md5(string_agg(md5(u::text), ',' order by u.id)), '') as s from users u
            where exists (select 1 from school_memberships m where m.user_id = u.id and m.school_id = 2)
              and not exists (select 1 from school_memberships m where m.user_id = u.id and m.school_id <> 2)`,
      )
    )[0]!.s,
  });

  beforeAll(async () => {
    scoped = (
      await queryRows<{ t: string }>(
        sql`select tablename as t from pg_policies where policyname = 'school_isolation' order by 1`,
        dbHandle().ownerDb,
      )
    ).map((r) => r.t);
    // As the owner, triggers off (the audit log refuses updates).
    await dbHandle().ownerDb.transaction(async (tx) => {
      await tx.execute(sql`insert into schools (id, name) values (2, 'Second school') on conflict do nothing`);
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of scoped) await tx.execute(sql.raw(`update ${table} set school_id = 2`));
    });
  });

  it("moved every school-scoped row: school 1 has no class left, school 2 has Biology", async () => {
    expect(scoped.length).toBeGreaterThanOrEqual(31);
    expect(await queryRows(sql`select code from levels`)).toEqual([]);
    expect(await withSchool(2, () => queryRows(sql`select code from levels where code = ${BIO}`))).toHaveLength(1);
  });

  for (const [name, row] of Object.entries(MATRIX)) {
    for (const role of CALLERS) {
      it(`${name} · ${role} of school 1 → nothing of school 2`, async () => {
        const who = ids[role];
        const base: Ctx = { ...ctx, self: who.self, studentId: who.studentId };
        const extra = row.prepare ? await withSchool(2, () => row.prepare!(base)) : {};
        await who.become();
        const before = await schoolTwo();
        const result = await row.call({ ...base, ...extra });
        if (CLASS_KINDS.includes(row.who)) expect(result.ok, JSON.stringify(result)).toBe(false);
        expect((result as unknown as { message?: string }).message ?? "").not.toMatch(SQL_OR_STACK);
        expect(await schoolTwo()).toEqual(before);
      });
    }
  }
});
