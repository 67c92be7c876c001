// The admin dashboard's view models: what lib/queries/admin.ts and app/admin prepare and
// components/admin renders. Defined once here (as class-page-types.ts) so a client component can
// name them without importing a server module, and lib never imports from components.
import type { RunningTotals } from "@/lib/db/schema";
import type { Band } from "@/lib/domain/grades";

/** One class of the Classes tab as read: its figures are level_stats' running totals. */
export interface AdminClassRow extends RunningTotals {
  id: number;
  code: string;
  name: string;
  period: string | null;
  level: string | null;
  teacherId: number | null;
  teacherName: string | null;
  /** The class's school year (issue 41); null: the current year's. */
  yearId: number | null;
  students: number;
  assignments: number;
  /** Removed by the roster but kept for its records (decision 012): shown with a marker. */
  rosterDeletedAt: Date | null;
}

/** One class of the Classes tab as shown: the totals turned into a percent and its band. */
export interface AdminClassView extends Omit<AdminClassRow, keyof RunningTotals | "rosterDeletedAt"> {
  /** "Removed by the roster on <date>" (decision 012), or null. */
  rosterRemovedOn: string | null;
  average: number;
  averageBand: Band;
  attendance: number;
  attendanceBand: Band;
}

/** View Students of one class: a student's grade average, attendance % and the four counts with total days. */
export interface ClassStudentStats {
  id: number;
  name: string;
  grade: number;
  attendance: number;
  present: number;
  excused: number;
  late: number;
  absent: number;
  total: number;
}

/** One student of the Students tab, with the names of their classes. */
export interface AdminStudentRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
  code: string | null;
  dateOfBirth: string | null;
  classes: string[];
  rosterDeletedAt: Date | null;
}

/** One student of the Students tab as shown, the roster's removal date written out. */
export interface AdminStudentView extends Omit<AdminStudentRow, "rosterDeletedAt"> {
  /** "Removed by the roster on <date>" (decision 012), or null. */
  rosterRemovedOn: string | null;
}
