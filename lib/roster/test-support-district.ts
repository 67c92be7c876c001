import {
  CLASSES_HEADER,
  ENROLLMENTS_HEADER,
  SESSIONS_HEADER,
  USERS_HEADER,
  classRow,
  csv,
  enrollmentRow,
  manifest,
  userRow,
  type UserRow,
} from "./test-support";

// A district's OneRoster set for tests (issue 42): the district org and three schools, a teacher
// who teaches at two of them, a guardian with a child at each of two, and a school whose classes
// a later file drops. Not used by the app.

export const DISTRICT_ORGS = [
  ["d1", "", "", "Riverside Unified", "district", "", ""],
  ["north", "", "", "North High", "school", "", "d1"],
  ["south", "", "", "South Middle", "school", "", "d1"],
  ["east", "", "", "East Elementary", "school", "", "d1"],
];

/** A user row whose orgSourcedIds are `orgs` (test-support's rows name its one school). */
export const personOf = (orgs: string, u: UserRow) => {
  const row = userRow(u);
  row[4] = orgs;
  return row;
};
export const classOf = (org: string, c: Parameters<typeof classRow>[0]) => {
  const row = classRow(c);
  row[9] = org;
  return row;
};
export const enrolled = (org: string, e: Parameters<typeof enrollmentRow>[0]) => {
  const row = enrollmentRow(e);
  row[4] = org;
  return row;
};

const EAST_STUDENTS = ["e1", "e2", "e3", "e4", "e5"];

/**
 * The district's set. `withoutEast`: the file no longer lists East's class, its teacher and its
 * students (a school's data dropped by mistake). `renamed`: North's Algebra class gets a new title.
 */
export function districtSet(
  over: { withoutEast?: boolean; renamed?: boolean; moved?: boolean; teacherLeft?: boolean } = {},
): Record<string, string> {
  const users = [
    ...(over.teacherLeft
      ? []
      : [
          personOf("north,south", {
            id: "t1",
            role: "teacher",
            given: "Tina",
            family: "Turner",
            username: "tturner",
            email: "tt@riverside.example",
          }),
        ]),
    personOf("north", { id: "n1", role: "student", given: "Nia", family: "Park", username: "npark", agents: "p1" }),
    // `moved`: Noel moved from North to South mid-year.
    personOf(over.moved ? "south" : "north", {
      id: "n2",
      role: "student",
      given: "Noel",
      family: "Reed",
      username: "nreed",
    }),
    personOf("south", { id: "s1", role: "student", given: "Sami", family: "Park", username: "spark", agents: "p1" }),
    // The guardian's orgSourcedIds name the district only: their children place them.
    personOf("d1", { id: "p1", role: "parent", given: "Pat", family: "Park", username: "ppark", agents: "n1,s1" }),
    ...(over.withoutEast
      ? []
      : [
          personOf("east", { id: "t3", role: "teacher", given: "Eve", family: "Stone", username: "estone" }),
          ...EAST_STUDENTS.map((id, i) =>
            personOf("east", {
              id,
              role: "student",
              given: `East${i + 1}`,
              family: "Pupil",
              username: `epupil${i + 1}`,
            }),
          ),
        ]),
  ];
  const classes = [
    classOf("north", { id: "c-alg", title: over.renamed ? "Algebra I (honours)" : "Algebra I", code: "ALG1" }),
    classOf("south", { id: "c-sci", title: "Science 7", code: "SCI7" }),
    ...(over.withoutEast
      ? []
      : [
          // East's SIS numbers its classes as North's does: the class code is taken across the install.
          classOf("east", { id: "c-read", title: "Reading", code: "ALG1" }),
        ]),
  ];
  const enrollments = [
    ...(over.teacherLeft
      ? []
      : [enrolled("north", { id: "en1", cls: "c-alg", user: "t1", role: "teacher", primary: "true" })]),
    enrolled("north", { id: "en2", cls: "c-alg", user: "n1", role: "student" }),
    over.moved
      ? enrolled("south", { id: "en3s", cls: "c-sci", user: "n2", role: "student" })
      : enrolled("north", { id: "en3", cls: "c-alg", user: "n2", role: "student" }),
    ...(over.teacherLeft
      ? []
      : [enrolled("south", { id: "en4", cls: "c-sci", user: "t1", role: "teacher", primary: "true" })]),
    enrolled("south", { id: "en5", cls: "c-sci", user: "s1", role: "student" }),
    ...(over.withoutEast
      ? []
      : [
          enrolled("east", { id: "en6", cls: "c-read", user: "t3", role: "teacher", primary: "true" }),
          ...EAST_STUDENTS.map((id, i) =>
            enrolled("east", { id: `en-e${i}`, cls: "c-read", user: id, role: "student" }),
          ),
        ]),
  ];
  return districtFiles(DISTRICT_ORGS, users, classes, enrollments);
}

/** A district's bulk set from its rows: orgs (the district and its schools), people, classes, enrollments. */
export function districtFiles(
  orgs: string[][],
  users: string[][],
  classes: string[][],
  enrollments: string[][],
): Record<string, string> {
  return {
    "manifest.csv": manifest({
      users: "bulk",
      classes: "bulk",
      enrollments: "bulk",
      academicSessions: "bulk",
      orgs: "bulk",
    }),
    "orgs.csv": csv([
      ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
      ...orgs,
    ]),
    "academicSessions.csv": csv([
      SESSIONS_HEADER,
      ["y1", "", "", "2026-27", "schoolYear", "2026-08-17", "2027-06-11", "", "2027"],
    ]),
    "users.csv": csv([USERS_HEADER, ...users]),
    "classes.csv": csv([CLASSES_HEADER, ...classes]),
    "enrollments.csv": csv([ENROLLMENTS_HEADER, ...enrollments]),
  };
}
