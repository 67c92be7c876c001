// The portal's rows as the roster plan reads them (loaded by state.ts); plan-context.ts re-exports them.
import type { PortalRole } from "./model";
import type { Term } from "@/lib/domain/terms";

export interface StateUser {
  id: number;
  sourcedId: string | null;
  username: string;
  role: PortalRole;
  name: string;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  phoneNumber: string | null;
  parent1Number: string | null;
  parent2Number: string | null;
  dateOfBirth: string | null;
  rosterDeleted: boolean;
  /**
   * False for someone who also belongs to another school of the district (issue 42): this school's
   * roster takes them out of its classes, never their account, which signs them in there.
   */
  onlyHere?: boolean;
  /**
   * False for someone of another school of the district only (issue 42): a school's roster never
   * removes them, and matches them only when it is the district's (their membership here is added).
   */
  member?: boolean;
  /** A district admin: no school's roster adopts or changes them. */
  districtAdmin?: boolean;
  /** The schools they belong to (the district's roster keeps, not deletes, someone of several). */
  schools?: number[];
}

export interface StateLevel {
  id: number;
  code: string;
  sourcedId: string | null;
  name: string;
  period: string | null;
  level: string | null;
  teacherId: number | null;
  teacherEnrollmentSourcedId: string | null;
  rosterDeleted: boolean;
  /** Its school year (issue 41); null: the current year's class. */
  yearId: number | null;
  /** Its year is closed: the import leaves it, its enrollments and its gradebook as they are. */
  concluded: boolean;
}

export interface StateEnrollment {
  id: number;
  studentId: number;
  levelCode: string;
  sourcedId: string | null;
  /** enrolled_at's day in the school's time zone. */
  enrolledDay: string;
}

export interface StateLink {
  id: number;
  parentId: number;
  studentId: number;
  source: string;
  removed: boolean;
  fromRoster: boolean;
}

export interface TermValues {
  sourcedId: string;
  title: string;
  type: string;
  startDate: string;
  endDate: string;
  parentSourcedId: string | null;
  schoolYear: number | null;
  /** Its school year (issue 41): an existing year's id, or the key ("y:<sourcedId>") of one this import makes. */
  yearId: YearRef | null;
}

/** An existing school year's id, or the key ("y:<sourcedId>") of one this import creates. */
export type YearRef = number | string;

/** A school year as the plan reads it (issue 41). */
export interface StateYear {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  sourcedId: string | null;
  closed: boolean;
}

export interface StateCategory {
  id: number;
  name: string;
  sourcedId: string | null;
}

export interface StateAssignment {
  id: number;
  sourcedId: string | null;
  levelCode: string;
  title: string;
  description: string;
  maxScore: number;
  /** ISO 8601 in UTC with milliseconds, as the export writes it. */
  dueDate: string | null;
  createdAt: string;
  categoryId: number | null;
  /** How many grades it has, the highest (in hundredths), and whether students submitted work. */
  grades: number;
  topScore100: number | null;
  submitted: boolean;
}

export interface StateGrade {
  id: number;
  sourcedId: string | null;
  assignmentId: number;
  studentId: number;
  score100: number;
  feedback: string | null;
  /** graded_at's day in the school's time zone. */
  gradedDay: string;
}

export interface RosterState {
  /** School years (issue 41), the admin's choice of current year, and the school's day today. */
  years: StateYear[];
  chosenYearId: number | null;
  today: string;
  /**
   * People as the plan needs them: the school's own, those its rows name, district admins and
   * those the upload names (state.ts); a person of another school only is none of this plan's
   * unless the upload names them.
   */
  users: StateUser[];
  /**
   * Usernames of the people not in `users` that a username the import makes up could take
   * ("base", "base-2"…): each stays that person's.
   */
  usernamesElsewhere: Set<string>;
  levels: StateLevel[];
  enrollments: StateEnrollment[];
  links: StateLink[];
  /** Terms an import made (with a sourcedId): the only ones an import writes. */
  terms: (TermValues & { id: number })[];
  /** The admin's own terms (/admin → Terms, no sourcedId), for the portal's export to find them again. */
  ownTerms: (Omit<TermValues, "sourcedId"> & { id: number })[];
  /** Loaded when the upload has gradebook files (categories, line items, results); else empty. */
  categories: StateCategory[];
  assignments: StateAssignment[];
  /** Every grade, loaded only when the upload has results.csv. */
  grades: StateGrade[];
  /** Users and classes with academic records (grades, work, attendance, announcements, audit entries). */
  /** The school's grading terms, loaded with results.csv when any term is published (else empty). */
  gradingTerms: Term[];
  /** Published terms: their grades are locked, an import writes none. */
  publishedTermIds: Set<number>;
  usersWithRecords: Set<number>;
  levelsWithRecords: Set<number>;
  /**
   * Class codes (lower-case) of the district's other schools (issue 42): a class code is the
   * class's address across the install, so a new class of this school takes another.
   */
  codesElsewhere?: Set<string>;
}
