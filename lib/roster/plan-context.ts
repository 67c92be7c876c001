import type { FileEntity, PortalRole, Relationship, RosterDataset, RosterEntity, RosterFormat } from "./model";
import type { ProblemList } from "./problems";
import type { RosterState, TermValues, YearRef } from "./plan-state";

// What the parts of the plan share (decision 012): the state the plan reads, the changes it
// decides, and the context its parts (plan-people, plan-classes, plan-gradebook) pass along.
// Its own file so that plan.ts imports the parts and the parts import only this: no circle. The
// state's row types live in plan-state.ts and are re-exported here.

export type {
  RosterState,
  StateAssignment,
  StateCategory,
  StateEnrollment,
  StateGrade,
  StateLevel,
  StateLink,
  StateUser,
  StateYear,
  TermValues,
  YearRef,
} from "./plan-state";

/** An existing user's id, or the key of a user this import creates. */
export type UserRef = number | string;

export interface UserValues {
  name: string;
  /** As imported (users.given_name, family_name); null: not known (a person made in the portal). */
  givenName: string | null;
  familyName: string | null;
  username: string;
  email: string | null;
  role: PortalRole;
  phoneNumber: string | null;
  parent1Number: string | null;
  parent2Number: string | null;
  dateOfBirth: string | null;
  sourcedId: string | null;
}

export interface LevelValues {
  code: string;
  name: string;
  period: string | null;
  level: string | null;
  teacher: UserRef | null;
  teacherEnrollmentSourcedId: string | null;
  sourcedId: string | null;
  /** Its school year (issue 41): its terms' year, else the current year's. */
  yearId: YearRef | null;
}

/** A school year an academicSessions.csv row of type schoolYear makes or updates (issue 41). */
export interface YearValues {
  sourcedId: string;
  title: string;
  startDate: string;
  endDate: string;
}

/** An existing category's id, or the key ("t:<title>") of one this import creates. */
export type CategoryRef = number | string;
/** An existing assignment's id, or the key ("s:<sourcedId>") of one this import creates. */
export type AssignmentRef = number | string;

export interface AssignmentValues {
  sourcedId: string;
  levelCode: string;
  title: string;
  description: string;
  maxScore: number;
  dueDate: string | null;
  /** null: the portal's (a new assignment: now). */
  createdAt: string | null;
  category: CategoryRef | null;
}

export interface GradeValues {
  sourcedId: string;
  assignment: AssignmentRef;
  student: UserRef;
  score100: number;
  feedback: string | null;
  /** YYYY-MM-DD in the school's time zone; null: the portal's (a new grade: now). */
  gradedDay: string | null;
}

export interface PlanChanges {
  /** School years, upserted by sourcedId; an import never removes one (classes and terms belong to it). */
  years: { create: YearValues[]; update: (YearValues & { id: number })[] };
  users: {
    create: (UserValues & { key: string })[];
    /** Full rows: fields the upload does not carry hold the portal's values. */
    update: (UserValues & { id: number; reactivate: boolean })[];
    delete: number[];
    /** Deleted by the roster but holding academic records: kept, signed out, without an access code. */
    keep: number[];
    /** Usernames move between people in this import: park them first so none collides midway. */
    parkUsernames: boolean;
    /** People of another school of the district the district's roster lists here: their membership here is added. */
    join: number[];
  };
  classes: {
    create: LevelValues[];
    update: (LevelValues & { id: number; reactivate: boolean })[];
    delete: number[];
    keep: number[];
  };
  enrollments: {
    create: { student: UserRef; levelCode: string; sourcedId: string | null; enrolledDay: string | null }[];
    /** sourcedId: the new one (null: unchanged); enrolledDay: the new day (null: unchanged). */
    update: { id: number; sourcedId: string | null; enrolledDay: string | null }[];
    delete: number[];
  };
  guardians: {
    create: { parent: UserRef; student: UserRef; relationship: Relationship }[];
    update: number[];
    delete: number[];
  };
  terms: { create: TermValues[]; update: (TermValues & { id: number })[]; delete: number[] };
  categories: {
    create: { key: string; name: string; sourcedId: string }[];
    /** sourcedId null: the portal's own category, named by its own id in the portal's export, stays its own. */
    update: { id: number; name: string; sourcedId: string | null }[];
    delete: number[];
    /** Removed by the roster but still used by assignments: kept as the portal's own (sourced_id cleared). */
    detach: number[];
    /** Names move between categories in this import: park them first. */
    parkNames: boolean;
  };
  assignments: {
    create: (AssignmentValues & { teacher: UserRef | null })[];
    /** sourcedId null: the portal's own assignment stays its own (decision 012, the portal's export re-imported). */
    update: (Omit<AssignmentValues, "sourcedId"> & { sourcedId: string | null; id: number })[];
    delete: number[];
    /** Removed by the roster but holding grades or submissions: kept as the portal's own. */
    detach: number[];
  };
  grades: {
    create: GradeValues[];
    /** sourcedId null: the portal's own grade stays its own. */
    update: (Omit<GradeValues, "sourcedId"> & { sourcedId: string | null; id: number; oldScore100: number })[];
    /** Deleted by a delta's tobedeleted row: each one audited. */
    delete: number[];
    /** Roster grades a bulk results file no longer lists: kept as the portal's own (never removed silently). */
    detach: number[];
  };
}

export interface Counts {
  create: number;
  update: number;
  unchanged: number;
  delete: number;
  /** The roster deleted it, but it has academic records: kept (decision 012). */
  kept: number;
  /** Read but not kept by the portal (e.g. aides' enrollments). */
  ignored: number;
}

export interface DeletionNote {
  entity: "users" | "classes";
  id: number;
  /** A person's name, or a class's name and code. */
  name: string;
  /** A person's username and role (null for a class): how an admin tells two people of one name apart. */
  username: string | null;
  role: PortalRole | null;
  sourcedId: string | null;
  kept: boolean;
}

export interface Plan {
  format: RosterFormat;
  /** The school's time zone: days (beginDate, scoreDate) become instants in it. */
  timeZone: string;
  modes: RosterDataset["modes"];
  counts: Record<RosterEntity, Counts>;
  problems: ProblemList;
  warnings: ProblemList;
  changes: PlanChanges;
  deletions: DeletionNote[];
  /** Administrators the import creates (only with allowNewAdmins). */
  newAdmins: { name: string; sourcedId: string | null }[];
  /** How many people the portal has, for the removal threshold. */
  peopleInPortal: number;
  /** Roster removals of administrators (by name). */
  adminsRemoved: string[];
  /**
   * People removed (deleted or kept) who were only in classes of closed years (issue 41): a year's
   * leavers, not counted by the removal guard.
   */
  leavers: number;
}

/** What the parts of the plan share: the upload, the state, and what earlier parts decided. */
export interface PlanContext {
  data: RosterDataset;
  state: RosterState;
  problems: ProblemList;
  warnings: ProblemList;
  counts: Record<RosterEntity, Counts>;
  changes: PlanChanges;
  deletions: DeletionNote[];
  actorId: number | null;
  /** The school's time zone: an assignment's due date falls in its term as the school's day. */
  timeZone: string;
  /** Users by key as this import leaves them: an id (existing) or the key (created), and the role. */
  userFinal(key: string): { ref: UserRef; role: PortalRole } | undefined;
  /** Users removed by this import (deleted or kept), by id. */
  usersGone: Set<number>;
  /** Classes by key as this import leaves them: their code. */
  classFinal(key: string): { code: string } | undefined;
  levelsGone: Set<number>;
  /** Existing users matched by a row of the users file (their rows carry agentSourcedIds). */
  fileUserIds: Set<number>;
  refusedUsers: Set<string>;
  /** Where each refused user and class row is (the reader's and the plan's refusals). */
  causes: { users: Map<string, { file: string; line: number }>; classes: Map<string, { file: string; line: number }> };
  /** Whether the import may create administrators (else a new administrator is a problem). */
  allowNewAdmins: boolean;
  /** The district's roster (issue 42): a person of another school it lists here joins this school. */
  district: boolean;
  /**
   * The district's roster: every person's sourcedId in the whole set (someone another school's part
   * lists is not this part's to remove: a student who moved), and the portal's schools of the set
   * (someone of several schools, all of them in the set, whom no part lists, is kept without access).
   */
  districtSet?: { sourcedIds: Set<string>; schoolIds: Set<number> };
  newAdmins: { name: string; sourcedId: string | null }[];
  refusedClasses: Set<string>;
  /** The users or classes file was not read whole: a reference into it that finds nothing is not reported. */
  brokenUsers: boolean;
  brokenClasses: boolean;
  /** Each class's teacher as this import leaves it (classes the import writes; others keep theirs). */
  teacherByCode: Map<string, UserRef | null>;
  /** Categories by sourcedId as this import leaves them. */
  categoryFinal(sourcedId: string): CategoryRef | undefined;
  /** Line items by sourcedId as this import leaves them: the assignment, its class and maximum. */
  lineItemFinal(
    sourcedId: string,
  ): { ref: AssignmentRef; levelCode: string; maxScore: number; title: string } | undefined;
  /** Category removals and assignment removals wait for what the later parts decide. */
  pending: {
    categories: { id: number; ref: { file: string; line: number } }[];
    assignments: { id: number; ref: { file: string; line: number } }[];
  };
  /** Grades this import deletes, per assignment id. */
  gradesDeletedOn: Map<number, number>;
  /** Codes of concluded classes (their year is closed): nothing of theirs changes (issue 41). */
  concludedCodes: Set<string>;
  /** Codes of concluded classes this import would have changed (removed, or their enrollments or gradebook) and leaves alone. */
  shielded: Set<string>;
  /** The year a class row belongs to as this import leaves it (plan-years.ts). */
  yearOfClass(c: { termIds?: string[] }, db: { yearId: number | null } | undefined): YearRef | null;
  /** A session's year as this import leaves it, by its sourcedId (plan-years.ts). */
  termYear(sourcedId: string): YearRef | null;
  /** Closed years' titles by id. */
  closedYears: Map<number, string>;
  /** Users only in classes of closed years (students, teachers) and parents only of such students. */
  closedYearPeople: Set<number>;
  /** How many of the people this import removes are such people: a closed year's leavers. */
  leavers: number;
}

export const emptyCounts = (): Counts => ({ create: 0, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 });

/** Whether rows missing from the entity's file are removed: a bulk file read whole (a broken one removes nothing). */
export const isBulk = (ctx: PlanContext, entity: FileEntity): boolean =>
  !ctx.data.upsertOnly && ctx.data.modes[entity] === "bulk" && !ctx.data.broken.has(entity);
