import type { RosterDataset, RosterOrg, RosterUser } from "./model";

// A district's OneRoster set (issue 42): one orgs.csv with the district and its schools, every
// class naming its school (schoolSourcedId). The set is cut into one dataset per school, and each
// is planned and applied in its own school as a school's own set would be (decision 036). Pure.

/** The orgs a set's classes go to: orgs.csv's schools ("school" type, or no type given under a district). */
export function schoolOrgs(data: RosterDataset): RosterOrg[] {
  const hasDistrict = data.orgs.some((o) => o.type === "district");
  return data.orgs.filter((o) => o.type === "school" || (o.type === "" && hasDistrict && o.parentSourcedId !== null));
}

/**
 * A district's set names more than one school. A set with one school (with or without its
 * district above it) is that school's own, as it always was.
 */
export const isDistrictSet = (data: RosterDataset): boolean => schoolOrgs(data).length > 1;

/** One school's part of a district's set. */
export function datasetOfSchool(data: RosterDataset, orgId: string, first: boolean): RosterDataset {
  const classes = data.classes.filter((c) => c.schoolId === orgId);
  const classKeys = new Set(classes.map((c) => c.key));
  // A delta's enrollment of a class the upload does not repeat goes by its own schoolSourcedId.
  const inUpload = new Set(data.classes.map((c) => c.key));
  const enrollments = data.enrollments.filter(
    (e) => classKeys.has(e.classKey) || (e.schoolId === orgId && !inUpload.has(e.classKey)),
  );
  const lineItems = data.lineItems.filter((l) => classKeys.has(l.classKey));
  const lineItemIds = new Set(lineItems.map((l) => l.sourcedId));
  const users = usersOfSchool(data.users, orgId, new Set(enrollments.map((e) => e.userKey)));
  const userKeys = new Set(users.map((u) => u.key));
  return {
    ...data,
    classes,
    enrollments,
    users,
    lineItems,
    results: data.results.filter((r) => lineItemIds.has(r.lineItemId)),
    birthDates: data.birthDates.filter((b) => userKeys.has(b.key)),
    // Terms and grade categories are the district's calendar and words: every school has them.
    // What a delta marks deleted goes to every school: each removes only what is its own.
    // Rows read but not kept are counted once, in the first school's report.
    ignored: first ? data.ignored : {},
  };
}

/**
 * A school's people: those whose orgSourcedIds name it, everyone enrolled in its classes, and the
 * guardians of its students (named from either side of agentSourcedIds).
 */
function usersOfSchool(all: RosterUser[], orgId: string, enrolled: Set<string>): RosterUser[] {
  const keys = new Set<string>();
  for (const u of all) if (enrolled.has(u.key) || u.orgIds?.includes(orgId)) keys.add(u.key);
  const students = new Set(all.filter((u) => keys.has(u.key) && u.role === "student").map((u) => u.key));
  for (const u of all) {
    if (u.role === "student" && students.has(u.key)) for (const a of u.agents ?? []) keys.add(a.key);
    if (u.role === "parent" && u.agents?.some((a) => students.has(a.key))) keys.add(u.key);
  }
  // A guardian's children at another school are that school's links, not this one's.
  return all
    .filter((u) => keys.has(u.key))
    .map((u) =>
      u.agents?.some((a) => !keys.has(a.key)) ? { ...u, agents: u.agents.filter((a) => keys.has(a.key)) } : u,
    );
}

/** People of the set who belong to none of its schools (orgSourcedIds naming only the district): not imported. */
export function usersOfNoSchool(data: RosterDataset, parts: RosterDataset[]): RosterUser[] {
  const placed = new Set(parts.flatMap((p) => p.users.map((u) => u.key)));
  return data.users.filter((u) => !placed.has(u.key));
}

/**
 * Rows no school's part takes: an enrollment whose class is not in the upload and which names no
 * school of the set, a line item whose class is not in the upload. Said, never dropped silently.
 */
export function rowsOfNoSchool(
  data: RosterDataset,
  parts: RosterDataset[],
): { file: string; line: number; what: "enrollment" | "lineItem" }[] {
  // Rows of a class the upload has are the class's own problem (a class of no school) when unplaced.
  const inUpload = new Set(data.classes.map((c) => c.key));
  const enrolled = new Set(parts.flatMap((p) => p.enrollments));
  const items = new Set(parts.flatMap((p) => p.lineItems));
  return [
    ...data.enrollments
      .filter((e) => !enrolled.has(e) && !inUpload.has(e.classKey))
      .map((e) => ({ ...e.ref, what: "enrollment" as const })),
    ...data.lineItems
      .filter((l) => !items.has(l) && !inUpload.has(l.classKey))
      .map((l) => ({ ...l.ref, what: "lineItem" as const })),
  ];
}
