// OneRoster 1.1 CSV binding: the files' headers (exactly as the binding lists them, in its
// order, then the portal's ext_portal_* extension columns), the manifest, and the small mapping
// rules of the export. Pure: unit-tested.
//
// The files are "bulk" (a complete snapshot of the school), so status and dateLastModified are
// left empty as the binding asks of bulk files. Lists inside a cell (agentSourcedIds,
// termSourcedIds, grades, periods…) are comma-separated within the one quoted cell.

export const ONEROSTER_HEADERS = {
  "orgs.csv": ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
  "academicSessions.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "type",
    "startDate",
    "endDate",
    "parentSourcedId",
    "schoolYear",
  ],
  "courses.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "schoolYearSourcedId",
    "title",
    "courseCode",
    "grades",
    "orgSourcedId",
    "subjects",
    "subjectCodes",
  ],
  "classes.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "grades",
    "courseSourcedId",
    "classCode",
    "classType",
    "location",
    "schoolSourcedId",
    "termSourcedIds",
    "subjects",
    "subjectCodes",
    "periods",
  ],
  "users.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "enabledUser",
    "orgSourcedIds",
    "role",
    "username",
    "userIds",
    "givenName",
    "familyName",
    "middleName",
    "identifier",
    "email",
    "sms",
    "phone",
    "agentSourcedIds",
    "grades",
    "password",
    // The portal's own columns (decision 012): what OneRoster cannot say, read back by the import.
    "ext_portal_parent1Phone",
    "ext_portal_parent2Phone",
    "ext_portal_agentRelationships",
  ],
  "enrollments.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "classSourcedId",
    "schoolSourcedId",
    "userSourcedId",
    "role",
    "primary",
    "beginDate",
    "endDate",
  ],
  "demographics.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "birthDate",
    "sex",
    "americanIndianOrAlaskaNative",
    "asian",
    "blackOrAfricanAmerican",
    "nativeHawaiianOrOtherPacificIslander",
    "white",
    "demographicRaceTwoOrMoreRaces",
    "hispanicOrLatinoEthnicity",
    "countryOfBirthCode",
    "stateOfBirthAbbreviation",
    "cityOfBirth",
    "publicSchoolResidenceStatus",
  ],
  "categories.csv": ["sourcedId", "status", "dateLastModified", "title"],
  "lineItems.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "description",
    "assignDate",
    "dueDate",
    "classSourcedId",
    "categorySourcedId",
    "gradingPeriodSourcedId",
    "resultValueMin",
    "resultValueMax",
  ],
  "results.csv": [
    "sourcedId",
    "status",
    "dateLastModified",
    "lineItemSourcedId",
    "studentSourcedId",
    "scoreStatus",
    "score",
    "scoreDate",
    "comment",
  ],
} as const;

export type OneRosterFile = keyof typeof ONEROSTER_HEADERS;

/** Every data file the 1.1 binding names; the ones this export does not write are "absent". */
const MANIFEST_FILES = [
  "academicSessions",
  "categories",
  "classes",
  "classResources",
  "courses",
  "courseResources",
  "demographics",
  "enrollments",
  "lineItems",
  "orgs",
  "resources",
  "results",
  "users",
] as const;

export function manifestRows(
  written: readonly OneRosterFile[],
  source: { systemName: string; systemCode: string },
): string[][] {
  const present = new Set(written.map((f) => f.replace(/\.csv$/, "")));
  return [
    ["propertyName", "value"],
    ["manifest.version", "1.0"],
    ["oneroster.version", "1.1"],
    ...MANIFEST_FILES.map((f) => [`file.${f}`, present.has(f) ? "bulk" : "absent"]),
    ["source.systemName", source.systemName],
    ["source.systemCode", source.systemCode],
  ];
}

/** Our roles in OneRoster's words; a parent's role follows their guardian links' relationship. */
export function oneRosterRole(role: string, relationships: readonly string[] = []): string {
  if (role === "admin") return "administrator";
  if (role === "instructor" || role === "teacher") return "teacher";
  if (role === "parent") {
    if (relationships.some((r) => r === "mother" || r === "father")) return "parent";
    if (relationships.some((r) => r === "guardian")) return "guardian";
    if (relationships.length > 0) return "relative";
    return "parent";
  }
  return "student";
}

/**
 * One "name" field as givenName and familyName: the family name is the last word, the given
 * name all before it (a one-word name is all given name). Joining them with one space gives the
 * name back, which is what the import does.
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const at = trimmed.lastIndexOf(" ");
  return at < 0
    ? { givenName: trimmed, familyName: "" }
    : { givenName: trimmed.slice(0, at), familyName: trimmed.slice(at + 1) };
}

/**
 * The given and family names to export: as the roster imported them while they still make up the
 * person's name (issue 29: "Zoë O'Brien, Jr." is not split at its last space), else the split of
 * the name (a person made in the portal, or renamed there since the import).
 */
export function namePartsOf(
  name: string,
  given: string | null,
  family: string | null,
): { givenName: string; familyName: string } {
  if (
    given !== null &&
    family !== null &&
    `${given} ${family}`.trim().replace(/\s+/g, " ") === name.trim().replace(/\s+/g, " ")
  )
    return { givenName: given, familyName: family };
  return splitName(name);
}

/** Stable sourcedIds for rows that came from no SIS: the row's own key, prefixed by its kind. */
export const generatedId = {
  org: () => "org-school",
  user: (id: number) => `user-${id}`,
  class: (code: string) => `class-${code}`,
  course: (classSourcedId: string) => `course-${classSourcedId}`,
  enrollment: (classSourcedId: string, userSourcedId: string) => `enrollment-${classSourcedId}-${userSourcedId}`,
  session: (start: string, end: string) => `session-${start.slice(0, 4)}-${end.slice(0, 4)}`,
  /** A term an admin made on /admin → Terms. */
  term: (id: number) => `portal-term-${id}`,
  category: (id: number) => `category-${id}`,
  lineItem: (id: number) => `lineitem-${id}`,
  result: (assignmentId: number, studentId: number) => `result-${assignmentId}-${studentId}`,
};
