import type { ReadRoster } from "./dataset";
import { ENTITIES, type RosterEntity } from "./model";
import { planClasses } from "./plan-classes";
import { planEnrollments } from "./plan-enrollments";
import { planAssignments, planCategories } from "./plan-gradebook";
import { planGradebookRemovals } from "./plan-gradebook-removals";
import { planGrades } from "./plan-grades";
import { planBirthDates } from "./plan-birth-dates";
import { planGuardians } from "./plan-guardians";
import { planUsers } from "./plan-people";
import { planTerms } from "./plan-terms";
import { planYears, yearNotes } from "./plan-years";
import { causeOrder } from "./problems";
import { emptyCounts, type Counts, type Plan, type PlanContext, type RosterState } from "./plan-context";

// The plan (decision 012): what an import would change, computed from the upload's roster model
// and the portal's current rows, without writing anything. The dry run shows it; the apply
// computes it again inside its transaction and carries it out only when it has no problem.
// Pure: the state comes in (lib/roster/state.ts loads it), the plan goes out.

export type * from "./plan-context";
export { isBulk } from "./plan-context";

export function buildPlan(
  read: ReadRoster,
  state: RosterState,
  opts: {
    actorId?: number | null;
    timeZone?: string;
    allowNewAdmins?: boolean;
    district?: boolean;
    districtSet?: { sourcedIds: Set<string>; schoolIds: Set<number> };
  } = {},
): Plan {
  const counts = Object.fromEntries(ENTITIES.map((e) => [e, emptyCounts()])) as Record<RosterEntity, Counts>;
  for (const [entity, n] of Object.entries(read.dataset.ignored)) counts[entity as RosterEntity].ignored += n ?? 0;
  const ctx: PlanContext = {
    data: read.dataset,
    state,
    problems: read.problems.copy(),
    warnings: read.warnings.copy(),
    counts,
    changes: {
      years: { create: [], update: [] },
      users: { create: [], update: [], delete: [], keep: [], parkUsernames: false, join: [] },
      classes: { create: [], update: [], delete: [], keep: [] },
      enrollments: { create: [], update: [], delete: [] },
      guardians: { create: [], update: [], delete: [] },
      terms: { create: [], update: [], delete: [] },
      categories: { create: [], update: [], delete: [], detach: [], parkNames: false },
      assignments: { create: [], update: [], delete: [], detach: [] },
      grades: { create: [], update: [], delete: [], detach: [] },
    },
    deletions: [],
    actorId: opts.actorId ?? null,
    timeZone: opts.timeZone ?? "UTC",
    userFinal: () => undefined,
    usersGone: new Set(),
    classFinal: () => undefined,
    levelsGone: new Set(),
    fileUserIds: new Set(),
    refusedUsers: new Set(read.dataset.refused.users),
    refusedClasses: new Set(read.dataset.refused.classes),
    causes: {
      users: new Map(read.dataset.causes.refused.users),
      classes: new Map(read.dataset.causes.refused.classes),
    },
    allowNewAdmins: opts.allowNewAdmins ?? false,
    district: opts.district ?? false,
    districtSet: opts.districtSet,
    newAdmins: [],
    brokenUsers: read.dataset.broken.has("users"),
    brokenClasses: read.dataset.broken.has("classes"),
    teacherByCode: new Map(),
    categoryFinal: () => undefined,
    lineItemFinal: () => undefined,
    pending: { categories: [], assignments: [] },
    gradesDeletedOn: new Map(),
    concludedCodes: new Set(),
    shielded: new Set(),
    yearOfClass: () => null,
    termYear: () => null,
    closedYears: new Map(),
    closedYearPeople: new Set(),
    leavers: 0,
  };
  planYears(ctx);
  planUsers(ctx);
  ctx.leavers = [...ctx.usersGone].filter((id) => ctx.closedYearPeople.has(id)).length;
  planBirthDates(ctx);
  planClasses(ctx);
  planEnrollments(ctx);
  planGuardians(ctx);
  planTerms(ctx);
  planCategories(ctx);
  planAssignments(ctx);
  planGrades(ctx);
  planGradebookRemovals(ctx);
  yearNotes(ctx);
  // Root causes first (a refused user before its enrollments), then line by line: the order an
  // admin works through them in.
  for (const list of [ctx.problems, ctx.warnings]) list.items.sort(causeOrder);
  return {
    format: read.dataset.format,
    timeZone: opts.timeZone ?? "UTC",
    modes: read.dataset.modes,
    counts,
    problems: ctx.problems,
    warnings: ctx.warnings,
    changes: ctx.changes,
    deletions: ctx.deletions,
    newAdmins: ctx.newAdmins,
    // The school's people: someone of another school only is not this school's to count.
    peopleInPortal: state.users.filter((u) => u.member !== false).length,
    adminsRemoved: state.users.filter((u) => u.role === "admin" && ctx.usersGone.has(u.id)).map((u) => u.name),
    leavers: ctx.leavers,
  };
}

/** Whether the total of changes is zero (a re-import of the same files). */
export function changeCount(plan: Pick<Plan, "counts">): number {
  return Object.values(plan.counts).reduce((n, c) => n + c.create + c.update + c.delete + c.kept, 0);
}
