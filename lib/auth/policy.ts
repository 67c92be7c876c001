import "server-only";
// The one place that answers "may X do Y to Z?" (spec §6). Pure: callers load the facts
// (the level's teacher, whether an enrollment exists) and this decides.
import type { Role } from "@/lib/domain/constants";

export interface Actor {
  id: number;
  role: Role | (string & {});
}

export interface LevelFacts {
  code: string;
  teacherId: number | null;
}

/**
 * "May anything in this class change?" (issue 41): never once its school year is closed — the
 * class is concluded and kept as it was. Asked by every class write (lib/actions classAction, the
 * class's route handlers, gradeWriteRefusal inside the write's transaction) after its own access check.
 */
export function classWritable(facts: {
  concludedYear: string | null;
}): { allowed: true } | { allowed: false; reason: "concluded"; year: string } {
  return facts.concludedYear === null
    ? { allowed: true }
    : { allowed: false, reason: "concluded", year: facts.concludedYear };
}

/** Spec §1: the role word 'teacher' is treated like an instructor. */
export function isTeacherLike(role: string): boolean {
  return role === "instructor" || role === "teacher";
}

export function isStaff(role: string): boolean {
  return isTeacherLike(role) || role === "admin";
}

export type ClassPageDecision =
  { allowed: true; view: "student" | "staff" } | { allowed: false; reason: "not-enrolled" | "forbidden" };

/** Class page /level/{code}: students only when enrolled; instructors and admins always. */
export function classPageAccess(actor: Actor, facts: { enrolled: boolean }): ClassPageDecision {
  if (isStaff(actor.role)) return { allowed: true, view: "staff" };
  if (actor.role === "student")
    return facts.enrolled ? { allowed: true, view: "student" } : { allowed: false, reason: "not-enrolled" };
  return { allowed: false, reason: "forbidden" };
}

export type TeachDecision = { allowed: true } | { allowed: false; reason: "not-teacher" | "not-owner" };

/** Teacher dashboard and every teaching write: admins any level, instructors their own. */
export function teachAccess(actor: Actor, level: LevelFacts): TeachDecision {
  if (actor.role === "admin") return { allowed: true };
  if (!isTeacherLike(actor.role)) return { allowed: false, reason: "not-teacher" };
  return level.teacherId === actor.id ? { allowed: true } : { allowed: false, reason: "not-owner" };
}

export type AdminDecision = { allowed: true } | { allowed: false; reason: "no-session" | "not-admin" };

export function adminAccess(actor: Actor | null): AdminDecision {
  if (!actor) return { allowed: false, reason: "no-session" };
  return actor.role === "admin" ? { allowed: true } : { allowed: false, reason: "not-admin" };
}

/**
 * What the home dashboard lists (spec §2): students their enrolled classes, instructors their own,
 * admins all. Parents get their own children instead of the spec's "all levels" fallback, which
 * would show them the school's whole class list.
 */
export function homeClassScope(actor: Actor): "enrolled" | "own" | "all" | "children" {
  if (actor.role === "student") return "enrolled";
  if (isTeacherLike(actor.role)) return "own";
  if (actor.role === "parent") return "children";
  return "all";
}

/** A signed-in parent may read a report card only of a student they are linked to as a guardian (decision 004). */
export function canReadReportCard(actor: Actor, facts: { isLinkedGuardian: boolean }): boolean {
  return actor.role === "admin" || (actor.role === "parent" && facts.isLinkedGuardian);
}

/**
 * A student's record of every school year (issue 41: /records/{id} and its transcript): the
 * student themself, admins, and the student's guardians while their link is active. Not a teacher
 * of one of the student's classes: they see their own class, never the student's other years.
 */
export function canReadStudentRecord(actor: Actor, facts: { studentId: number; isLinkedGuardian: boolean }): boolean {
  if (actor.role === "admin") return true;
  if (actor.role === "student") return actor.id === facts.studentId;
  return actor.role === "parent" && facts.isLinkedGuardian;
}

/** Home card target: teacher dashboard for staff, class page for everyone else. */
export function classCardHref(actor: Actor, levelCode: string): string {
  const code = encodeURIComponent(levelCode);
  return isStaff(actor.role) ? `/level/${code}/update` : `/level/${code}`;
}

export function canSeeAdminButton(actor: Actor): boolean {
  return actor.role === "admin";
}

/** Edit a student record: admins any student; instructors students enrolled in one of their classes. */
export function canEditStudent(actor: Actor, facts: { studentInActorsClass: boolean }): boolean {
  if (actor.role === "admin") return true;
  return isTeacherLike(actor.role) && facts.studentInActorsClass;
}

/** Access codes are credentials: only the class's own instructor and admins see them (the blurred badge). */
export function canSeeAccessCodes(actor: Actor, level: LevelFacts): boolean {
  return teachAccess(actor, level).allowed;
}

export type AccessCodeDecision = { allowed: true } | { allowed: false; reason: "admins-only" | "forbidden" };

/**
 * May this person see or reset one person's access code (issue 28)? A code signs in as its owner,
 * so it is the whole account. Admins: anyone's. An instructor: a student's, and only when every
 * class the student is enrolled in is the instructor's own, and the instructor is not the one who
 * added the student while she was in no class (issue 39): else enrolling another teacher's
 * student, or any student the office has not placed yet, and pressing "new code" would sign the
 * instructor in as that student. Such codes are for admins only. Nobody else.
 */
export function accessCodeAccess(
  actor: Actor,
  target: { role: string; enrollments: number; enrollmentsInActorsClasses: number; withheldFromActor: boolean },
): AccessCodeDecision {
  if (actor.role === "admin") return { allowed: true };
  if (!isTeacherLike(actor.role) || target.role !== "student") return { allowed: false, reason: "forbidden" };
  const allOwn = target.enrollments > 0 && target.enrollmentsInActorsClasses === target.enrollments;
  return allOwn && !target.withheldFromActor ? { allowed: true } : { allowed: false, reason: "admins-only" };
}

/** Personal grades, submissions and attendance: a student only ever acts as themself. */
export function canActAsStudent(actor: Actor, studentId: number): boolean {
  return actor.role === "student" && actor.id === studentId;
}

export type GradeChangeDecision =
  | { allowed: true }
  | { allowed: false; reason: "not-teacher" | "not-owner" }
  | { allowed: false; reason: "published"; term: string }
  | { allowed: false; reason: "concluded"; year: string };

/**
 * "May this actor change these grades now?" (issue 27): every write that feeds a grade or a
 * report card — scores, E/M/L marks, overrides, comments, assignment dates, attendance — asks
 * this. The class's own instructor or an admin (teachAccess), and never while the term the write
 * touches is published (its report card is stored and out; an admin unlocks it first).
 */
export function gradeChangeAccess(
  actor: Actor,
  level: LevelFacts,
  facts: { publishedTerm: string | null; concludedYear: string | null },
): GradeChangeDecision {
  const teach = teachAccess(actor, level);
  if (!teach.allowed) return teach;
  const writable = classWritable(facts);
  if (!writable.allowed) return writable;
  return facts.publishedTerm === null
    ? { allowed: true }
    : { allowed: false, reason: "published", term: facts.publishedTerm };
}

export interface FileFacts {
  kind: "submission" | "assignment" | "announcement" | "comment" | (string & {});
  uploaderId: number;
  /** Handed in with a submission, or posted with a comment (false: staged, waiting for either). */
  attached: boolean;
  level: LevelFacts;
  /** The actor is enrolled in the file's class. */
  enrolled: boolean;
  /**
   * The actor is a linked guardian of the student the file is about: the uploader of a submission's
   * file, the thread's student of a comment's.
   */
  isLinkedGuardian: boolean;
  /** A posted comment's file: its thread (null for every other file). */
  thread: CommentFileThread | null;
}

/** What a comment's attachment needs of its thread to be read under the thread's rule. */
export interface CommentFileThread {
  studentId: number;
  studentEnrolled: boolean;
  /** The comment is hidden (moderation): its files, like it, reach staff only. */
  hidden: boolean;
  /** The school's setting: linked guardians read their child's threads. */
  guardiansMayRead: boolean;
}

/**
 * An attachment is read under the rule of the record it belongs to (decision 023). A submission's
 * files: the student, the class's own teacher, admins, and the student's linked guardians (their
 * child's work, like the report card). A file not yet handed in: its uploader only. A private
 * comment's files (decision 033): its thread's readers (canReadPrivateComments), a hidden comment's
 * its staff only; one not yet posted, its uploader only. An assignment's or announcement's files:
 * whoever sees the class page (enrolled students, instructors, admins).
 */
export function canReadFile(actor: Actor, f: FileFacts): boolean {
  if (f.kind === "comment") {
    // Before the admin rule: a comment box's staged upload is nobody's but its uploader's.
    if (!f.attached || !f.thread) return actor.id === f.uploaderId;
    if (f.thread.hidden) return canHidePrivateComments(actor, f.level);
    return canReadPrivateComments(actor, { ...f.thread, level: f.level, isLinkedGuardian: f.isLinkedGuardian });
  }
  if (actor.role === "admin") return true;
  if (f.kind === "submission") {
    if (actor.id === f.uploaderId && actor.role === "student") return true;
    if (!f.attached) return false;
    if (actor.role === "parent") return f.isLinkedGuardian;
    return teachAccess(actor, f.level).allowed;
  }
  if (isStaff(actor.role)) return true; // like the class page, which every instructor may open
  return actor.role === "student" && f.enrolled;
}

/**
 * Removing an attachment: a student their own file not yet handed in; anyone their own comment
 * upload not yet posted (a posted one stays with its comment, which is hidden, never removed);
 * the class's teacher and admins a teacher's file.
 */
export function canRemoveFile(actor: Actor, f: Pick<FileFacts, "kind" | "uploaderId" | "attached" | "level">): boolean {
  if (f.kind === "submission") return !f.attached && actor.role === "student" && actor.id === f.uploaderId;
  if (f.kind === "comment") return !f.attached && actor.id === f.uploaderId;
  return teachAccess(actor, f.level).allowed;
}

export interface PrivateCommentFacts {
  /** The student whose work the thread is about. */
  studentId: number;
  /** The class the assignment belongs to. */
  level: LevelFacts;
  /** The student is enrolled in that class. */
  studentEnrolled: boolean;
  /** The actor is a guardian linked to the student. */
  isLinkedGuardian: boolean;
  /** The school's setting (admin settings): linked guardians read their child's threads. */
  guardiansMayRead: boolean;
}

/**
 * Private comments on one student's work (issue 44, decision 033): the thread is read by the
 * student themself and the class's staff (its own teacher, admins), and by the student's linked
 * guardians only when the school allows it. Another student, another class's teacher, any other
 * parent: nothing (the thread answers as if it did not exist, decision 027).
 */
export function canReadPrivateComments(actor: Actor, f: PrivateCommentFacts): boolean {
  if (!f.studentEnrolled) return actor.role === "admin";
  if (actor.role === "student") return actor.id === f.studentId;
  if (actor.role === "parent") return guardianReadsPrivateComments(actor, f);
  return teachAccess(actor, f.level).allowed;
}

/** The guardian's part of canReadPrivateComments: linked to the student, and the school allows it. */
export function guardianReadsPrivateComments(
  actor: Actor,
  f: { isLinkedGuardian: boolean; guardiansMayRead: boolean },
): boolean {
  return actor.role === "parent" && f.isLinkedGuardian && f.guardiansMayRead;
}

/** Writing in the thread: its student and the class's staff, never a guardian (they only read). */
export function canWritePrivateComments(actor: Actor, f: PrivateCommentFacts): boolean {
  if (!f.studentEnrolled) return false;
  if (actor.role === "student") return actor.id === f.studentId;
  return teachAccess(actor, f.level).allowed;
}

/** Hiding a comment (moderation): the class's own teacher and admins. */
export function canHidePrivateComments(actor: Actor, level: LevelFacts): boolean {
  return teachAccess(actor, level).allowed;
}

/** A rubric of the bank (issue 44): whose it is, and whether it is the school's. */
export interface RubricFacts {
  ownerId: number | null;
  shared: boolean;
}

/**
 * Reading a bank rubric (to attach it to an assignment): one's own, and the school's (shared).
 * Instructors and admins only; students and parents have no bank.
 */
export function canUseRubric(actor: Actor, r: RubricFacts): boolean {
  if (!isStaff(actor.role)) return false;
  return r.shared || r.ownerId === actor.id;
}

/**
 * Changing or deleting a bank rubric (decision 033): the school's (shared) by admins only; a
 * teacher's own by that teacher only (an admin does not edit a teacher's private rubric).
 */
export function rubricEditAccess(
  actor: Actor,
  r: RubricFacts,
): { allowed: true } | { allowed: false; reason: "admins-only" | "not-owner" } {
  if (r.shared) return actor.role === "admin" ? { allowed: true } : { allowed: false, reason: "admins-only" };
  return isStaff(actor.role) && r.ownerId === actor.id ? { allowed: true } : { allowed: false, reason: "not-owner" };
}
