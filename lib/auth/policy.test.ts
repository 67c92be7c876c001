import { describe, expect, it } from "vitest";
import {
  classWritable,
  gradeChangeAccess,
  accessCodeAccess,
  adminAccess,
  canActAsStudent,
  canHidePrivateComments,
  canReadFile,
  canRemoveFile,
  canReadPrivateComments,
  canReadReportCard,
  canWritePrivateComments,
  canReadStudentRecord,
  canEditStudent,
  canSeeAccessCodes,
  canSeeAdminButton,
  classCardHref,
  classPageAccess,
  canUseRubric,
  homeClassScope,
  rubricEditAccess,
  teachAccess,
} from "./policy";

const student = { id: 10, role: "student" };
const parent = { id: 20, role: "parent" };
const instructor = { id: 30, role: "instructor" };
const teacherWord = { id: 31, role: "teacher" };
const admin = { id: 40, role: "admin" };
const ownLevel = { code: "ALG", teacherId: 30 };
const otherLevel = { code: "BIO", teacherId: 99 };
const orphanLevel = { code: "ART", teacherId: null };

describe("class page access (spec §6)", () => {
  it("lets an enrolled student in with the student view", () => {
    expect(classPageAccess(student, { enrolled: true })).toEqual({ allowed: true, view: "student" });
  });
  it("refuses a student who is not enrolled", () => {
    expect(classPageAccess(student, { enrolled: false })).toEqual({ allowed: false, reason: "not-enrolled" });
  });
  it("lets instructors (and the role word teacher) and admins in without enrollment", () => {
    for (const actor of [instructor, teacherWord, admin]) {
      expect(classPageAccess(actor, { enrolled: false })).toEqual({ allowed: true, view: "staff" });
    }
  });
  it("refuses parents and unknown roles", () => {
    expect(classPageAccess(parent, { enrolled: true }).allowed).toBe(false);
    expect(classPageAccess({ id: 1, role: "janitor" }, { enrolled: true }).allowed).toBe(false);
  });
});

describe("teacher dashboard and teaching writes", () => {
  it("allows an instructor on their own level", () => {
    expect(teachAccess(instructor, ownLevel)).toEqual({ allowed: true });
  });
  it("refuses an instructor on another instructor's level", () => {
    expect(teachAccess(instructor, otherLevel)).toEqual({ allowed: false, reason: "not-owner" });
    expect(teachAccess(instructor, orphanLevel)).toEqual({ allowed: false, reason: "not-owner" });
  });
  it("treats the role word teacher like an instructor", () => {
    expect(teachAccess(teacherWord, { code: "X", teacherId: 31 })).toEqual({ allowed: true });
    expect(teachAccess(teacherWord, ownLevel)).toEqual({ allowed: false, reason: "not-owner" });
  });
  it("allows admins on any level", () => {
    for (const level of [ownLevel, otherLevel, orphanLevel])
      expect(teachAccess(admin, level)).toEqual({ allowed: true });
  });
  it("refuses students and parents as not teachers", () => {
    expect(teachAccess(student, ownLevel)).toEqual({ allowed: false, reason: "not-teacher" });
    expect(teachAccess(parent, ownLevel)).toEqual({ allowed: false, reason: "not-teacher" });
  });
});

describe("admin dashboard", () => {
  it("distinguishes no session from another role", () => {
    expect(adminAccess(null)).toEqual({ allowed: false, reason: "no-session" });
    for (const actor of [student, parent, instructor, teacherWord])
      expect(adminAccess(actor)).toEqual({ allowed: false, reason: "not-admin" });
    expect(adminAccess(admin)).toEqual({ allowed: true });
  });
  it("shows the Admin Dashboard button to admins only", () => {
    expect([student, parent, instructor, admin].map(canSeeAdminButton)).toEqual([false, false, false, true]);
  });
});

describe("home dashboard", () => {
  it("lists enrolled, own or all classes by role", () => {
    expect(homeClassScope(student)).toBe("enrolled");
    expect(homeClassScope(instructor)).toBe("own");
    expect(homeClassScope(teacherWord)).toBe("own");
    expect(homeClassScope(admin)).toBe("all");
    expect(homeClassScope(parent)).toBe("children");
    expect(homeClassScope({ id: 1, role: "janitor" })).toBe("all");
  });
  it("sends staff to the dashboard and students to the class page", () => {
    expect(classCardHref(instructor, "ALG 1")).toBe("/level/ALG%201/update");
    expect(classCardHref(admin, "ALG")).toBe("/level/ALG/update");
    expect(classCardHref(student, "ALG")).toBe("/level/ALG");
  });
});

describe("report cards for signed-in parents", () => {
  it("open only their own children's cards", () => {
    expect(canReadReportCard(parent, { isLinkedGuardian: true })).toBe(true);
    expect(canReadReportCard(parent, { isLinkedGuardian: false })).toBe(false);
    expect(canReadReportCard(student, { isLinkedGuardian: true })).toBe(false);
    expect(canReadReportCard(instructor, { isLinkedGuardian: true })).toBe(false);
    expect(canReadReportCard(admin, { isLinkedGuardian: false })).toBe(true);
  });
});

describe("student records and codes", () => {
  it("lets admins edit any student, instructors only their own students", () => {
    expect(canEditStudent(admin, { studentInActorsClass: false })).toBe(true);
    expect(canEditStudent(instructor, { studentInActorsClass: true })).toBe(true);
    expect(canEditStudent(instructor, { studentInActorsClass: false })).toBe(false);
    expect(canEditStudent(student, { studentInActorsClass: true })).toBe(false);
    expect(canEditStudent(parent, { studentInActorsClass: true })).toBe(false);
  });
  it("shows access codes to the class's own instructor and admins only", () => {
    expect([student, parent, instructor, teacherWord, admin].map((a) => canSeeAccessCodes(a, ownLevel))).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
    // Another instructor's class: no codes (the review found every instructor saw every class's).
    expect([student, parent, instructor, teacherWord, admin].map((a) => canSeeAccessCodes(a, otherLevel))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });
  it("lets a student act only as themself", () => {
    expect(canActAsStudent(student, 10)).toBe(true);
    expect(canActAsStudent(student, 11)).toBe(false);
    expect(canActAsStudent(instructor, 30)).toBe(false);
  });
});

describe("accessCodeAccess (issue 28: seeing or resetting a code is taking over the account)", () => {
  const pupil = (enrollments: number, own: number, withheldFromActor = false) => ({
    role: "student",
    enrollments,
    enrollmentsInActorsClasses: own,
    withheldFromActor,
  });
  it("lets an instructor have the code of a student whose every class is theirs", () => {
    expect(accessCodeAccess(instructor, pupil(1, 1))).toEqual({ allowed: true });
    expect(accessCodeAccess(teacherWord, pupil(3, 3))).toEqual({ allowed: true });
  });
  it("keeps a student who also takes another teacher's class, or no class, for admins", () => {
    expect(accessCodeAccess(instructor, pupil(2, 1))).toEqual({ allowed: false, reason: "admins-only" });
    expect(accessCodeAccess(instructor, pupil(1, 0))).toEqual({ allowed: false, reason: "admins-only" });
    expect(accessCodeAccess(instructor, pupil(0, 0))).toEqual({ allowed: false, reason: "admins-only" });
  });
  it("keeps a student for admins from the instructor who added her while she was in no class (issue 39)", () => {
    expect(accessCodeAccess(instructor, pupil(1, 1, true))).toEqual({ allowed: false, reason: "admins-only" });
    expect(accessCodeAccess(admin, pupil(1, 1, true))).toEqual({ allowed: true });
  });
  it("never gives an instructor another staff member's or a parent's code", () => {
    for (const role of ["instructor", "admin", "parent"])
      expect(
        accessCodeAccess(instructor, { role, enrollments: 0, enrollmentsInActorsClasses: 0, withheldFromActor: false })
          .allowed,
      ).toBe(false);
  });
  it("lets admins have anyone's and students or parents nobody's", () => {
    expect(
      accessCodeAccess(admin, {
        role: "instructor",
        enrollments: 0,
        enrollmentsInActorsClasses: 0,
        withheldFromActor: false,
      }),
    ).toEqual({ allowed: true });
    expect(accessCodeAccess(admin, pupil(2, 0))).toEqual({ allowed: true });
    expect(accessCodeAccess(student, pupil(1, 1)).allowed).toBe(false);
    expect(accessCodeAccess(parent, pupil(1, 1)).allowed).toBe(false);
  });
});

describe("canReadFile (decision 023)", () => {
  const level = { code: "BIO", teacherId: 7 };
  const work = {
    kind: "submission",
    uploaderId: 1,
    attached: true,
    level,
    enrolled: true,
    isLinkedGuardian: false,
    thread: null,
  };
  it("a handed-in file: the student, the class's teacher, admins and linked guardians only", () => {
    expect(canReadFile({ id: 1, role: "student" }, work)).toBe(true);
    expect(canReadFile({ id: 2, role: "student" }, work)).toBe(false);
    expect(canReadFile({ id: 7, role: "instructor" }, work)).toBe(true);
    expect(canReadFile({ id: 8, role: "instructor" }, work)).toBe(false);
    expect(canReadFile({ id: 9, role: "admin" }, work)).toBe(true);
    expect(canReadFile({ id: 5, role: "parent" }, work)).toBe(false);
    expect(canReadFile({ id: 5, role: "parent" }, { ...work, isLinkedGuardian: true })).toBe(true);
  });
  it("a file not yet handed in: its uploader only (and admins)", () => {
    const staged = { ...work, attached: false };
    expect(canReadFile({ id: 7, role: "instructor" }, staged)).toBe(false);
    expect(canReadFile({ id: 5, role: "parent" }, { ...staged, isLinkedGuardian: true })).toBe(false);
    expect(canReadFile({ id: 1, role: "student" }, staged)).toBe(true);
  });
  it("a handout: whoever sees the class page", () => {
    const handout = { ...work, kind: "assignment", uploaderId: 7 };
    expect(canReadFile({ id: 2, role: "student" }, handout)).toBe(true);
    expect(canReadFile({ id: 2, role: "student" }, { ...handout, enrolled: false })).toBe(false);
    expect(canReadFile({ id: 5, role: "parent" }, { ...handout, isLinkedGuardian: true })).toBe(false);
  });
});

describe("gradeChangeAccess and a concluded class (issue 41)", () => {
  const level = { code: "BIO", teacherId: 7 };
  const teacher = { id: 7, role: "instructor" };
  const admin = { id: 9, role: "admin" };
  it("refuses the class's own teacher and admins alike once the year is closed", () => {
    for (const actor of [teacher, admin])
      expect(gradeChangeAccess(actor, level, { publishedTerm: null, concludedYear: "2025–2026" })).toEqual({
        allowed: false,
        reason: "concluded",
        year: "2025–2026",
      });
  });
  it("asks who may teach first: another teacher is refused as not the owner, closed year or not", () => {
    expect(
      gradeChangeAccess({ id: 8, role: "instructor" }, level, { publishedTerm: null, concludedYear: "2025–2026" }),
    ).toEqual({ allowed: false, reason: "not-owner" });
  });
  it("lets an open class's teacher write", () => {
    expect(gradeChangeAccess(teacher, level, { publishedTerm: null, concludedYear: null })).toEqual({ allowed: true });
    expect(classWritable({ concludedYear: null })).toEqual({ allowed: true });
  });
});

describe("a student's record of every year (issue 41)", () => {
  const of = (studentId: number, isLinkedGuardian = false) => ({ studentId, isLinkedGuardian });
  it("lets the student read their own record, never another student's", () => {
    expect(canReadStudentRecord(student, of(10))).toBe(true);
    expect(canReadStudentRecord(student, of(11))).toBe(false);
    expect(canReadStudentRecord(student, of(11, true))).toBe(false);
  });
  it("lets admins read any student's record", () => {
    expect(canReadStudentRecord(admin, of(10))).toBe(true);
  });
  it("lets a parent read it only while linked to the student", () => {
    expect(canReadStudentRecord(parent, of(10, true))).toBe(true);
    expect(canReadStudentRecord(parent, of(10, false))).toBe(false);
  });
  it("refuses teachers, even of the student's own classes, and unknown roles", () => {
    for (const actor of [instructor, teacherWord, { id: 10, role: "janitor" }])
      expect(canReadStudentRecord(actor, of(10, true))).toBe(false);
    // An instructor whose id happens to be the student's is still not the student.
    expect(canReadStudentRecord({ id: 10, role: "instructor" }, of(10))).toBe(false);
  });
});

describe("private comments (issue 44, decision 033)", () => {
  const thread = (over: Partial<Parameters<typeof canReadPrivateComments>[1]> = {}) => ({
    studentId: 10,
    level: ownLevel,
    studentEnrolled: true,
    isLinkedGuardian: false,
    guardiansMayRead: false,
    ...over,
  });
  it("the student reads and writes their own thread, never a classmate's", () => {
    expect(canReadPrivateComments(student, thread())).toBe(true);
    expect(canWritePrivateComments(student, thread())).toBe(true);
    expect(canReadPrivateComments(student, thread({ studentId: 11 }))).toBe(false);
    expect(canWritePrivateComments(student, thread({ studentId: 11 }))).toBe(false);
  });
  it("the class's own teacher and admins read, write and hide; another class's teacher nothing", () => {
    for (const actor of [instructor, admin]) {
      expect(canReadPrivateComments(actor, thread())).toBe(true);
      expect(canWritePrivateComments(actor, thread())).toBe(true);
      expect(canHidePrivateComments(actor, ownLevel)).toBe(true);
    }
    expect(canReadPrivateComments(instructor, thread({ level: otherLevel }))).toBe(false);
    expect(canWritePrivateComments(instructor, thread({ level: otherLevel }))).toBe(false);
    expect(canHidePrivateComments(instructor, otherLevel)).toBe(false);
    expect(canHidePrivateComments(student, ownLevel)).toBe(false);
  });
  it("a guardian reads only when linked and the school allows it, and never writes", () => {
    expect(canReadPrivateComments(parent, thread({ isLinkedGuardian: true }))).toBe(false);
    expect(canReadPrivateComments(parent, thread({ guardiansMayRead: true }))).toBe(false);
    expect(canReadPrivateComments(parent, thread({ isLinkedGuardian: true, guardiansMayRead: true }))).toBe(true);
    expect(canWritePrivateComments(parent, thread({ isLinkedGuardian: true, guardiansMayRead: true }))).toBe(false);
  });
  describe("a comment's attachment follows its thread, never the class page's rule", () => {
    const file = (over: Partial<Parameters<typeof canReadFile>[1]["thread"] & object> = {}) => ({
      kind: "comment",
      uploaderId: 10,
      attached: true,
      level: ownLevel,
      enrolled: true,
      isLinkedGuardian: false,
      thread: { studentId: 10, studentEnrolled: true, hidden: false, guardiansMayRead: false, ...over },
    });
    it("the thread's student, the class's teacher and admins; not a classmate or another class's teacher", () => {
      for (const actor of [student, instructor, admin]) expect(canReadFile(actor, file()), actor.role).toBe(true);
      expect(canReadFile({ id: 11, role: "student" }, file())).toBe(false);
      expect(canReadFile({ id: 32, role: "instructor" }, file())).toBe(false);
    });
    it("a linked guardian only while the school allows it", () => {
      expect(canReadFile(parent, { ...file(), isLinkedGuardian: true })).toBe(false);
      expect(canReadFile(parent, { ...file({ guardiansMayRead: true }), isLinkedGuardian: true })).toBe(true);
      expect(canReadFile(parent, file({ guardiansMayRead: true }))).toBe(false);
    });
    it("a hidden comment's files: staff only", () => {
      const hidden = { ...file({ hidden: true, guardiansMayRead: true }), isLinkedGuardian: true };
      for (const actor of [instructor, admin]) expect(canReadFile(actor, hidden), actor.role).toBe(true);
      expect(canReadFile(student, hidden)).toBe(false);
      expect(canReadFile(parent, hidden)).toBe(false);
    });
    it("one not yet posted: its uploader only (not even an admin), who may remove it; a posted one stays", () => {
      const staged = { ...file(), attached: false, thread: null, uploaderId: instructor.id };
      expect(canReadFile(instructor, staged)).toBe(true);
      expect(canReadFile(admin, staged)).toBe(false);
      expect(canReadFile(student, staged)).toBe(false);
      expect(canRemoveFile(instructor, staged)).toBe(true);
      expect(canRemoveFile(admin, staged)).toBe(false);
      expect(canRemoveFile(student, file())).toBe(false);
      expect(canRemoveFile(instructor, file())).toBe(false);
    });
  });
  it("a student who is not in the class has no thread there", () => {
    expect(canReadPrivateComments(student, thread({ studentEnrolled: false }))).toBe(false);
    expect(canWritePrivateComments(instructor, thread({ studentEnrolled: false }))).toBe(false);
  });
});

describe("the rubric bank (issue 44)", () => {
  const teacher = { id: 2, role: "instructor" };
  const other = { id: 3, role: "instructor" };
  const admin = { id: 1, role: "admin" };
  const own = { ownerId: 2, shared: false };
  const school = { ownerId: 1, shared: true };
  it("is used by staff: one's own rubrics and the school's", () => {
    expect(canUseRubric(teacher, own)).toBe(true);
    expect(canUseRubric(other, own)).toBe(false);
    expect(canUseRubric(other, school)).toBe(true);
    expect(canUseRubric(admin, own)).toBe(false);
    expect(canUseRubric({ id: 9, role: "student" }, school)).toBe(false);
    expect(canUseRubric({ id: 8, role: "parent" }, school)).toBe(false);
  });
  it("is changed by a rubric's owner, and the school's by admins only", () => {
    expect(rubricEditAccess(teacher, own)).toEqual({ allowed: true });
    expect(rubricEditAccess(other, own)).toEqual({ allowed: false, reason: "not-owner" });
    expect(rubricEditAccess(admin, own)).toEqual({ allowed: false, reason: "not-owner" });
    expect(rubricEditAccess(teacher, school)).toEqual({ allowed: false, reason: "admins-only" });
    expect(rubricEditAccess({ id: 5, role: "admin" }, school)).toEqual({ allowed: true });
    expect(rubricEditAccess({ id: 2, role: "student" }, { ownerId: 2, shared: false })).toMatchObject({
      allowed: false,
    });
  });
});
