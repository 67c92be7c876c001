// The class dashboard's Students tab: the roster as lib/queries/roster.ts reads it and as
// components/teacher/students-tab.tsx shows it. Defined once here so the client component names it
// without importing a server module.

export interface RosterStudent {
  id: number;
  name: string;
  username: string;
  email: string | null;
  code: string | null;
  /** A code exists but only an admin may give it out (issue 28, policy.accessCodeAccess). */
  codeAdminsOnly: boolean;
  phoneNumber: string | null;
  parent1Number: string | null;
  parent2Number: string | null;
  enrolledAt: Date;
}

/** A roster row as the tab shows it: the enrollment date formatted in the school's time zone. */
export interface RosterView extends Omit<RosterStudent, "enrolledAt"> {
  joined: string;
}
