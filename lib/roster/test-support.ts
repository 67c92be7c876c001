import { strToU8, zipSync } from "fflate";
import type { RosterUpload } from "./read-upload";

// Small roster files built in tests (no large committed fixtures). Not used by the app.

/** CSV text from rows, quoting what needs it; `eol` and `bom` to imitate other systems' files. */
export function csv(
  rows: readonly (readonly (string | number | boolean)[])[],
  opts: { eol?: string; bom?: boolean } = {},
): string {
  const cell = (v: string | number | boolean) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${opts.bom ? "\uFEFF" : ""}${rows.map((r) => r.map(cell).join(",")).join(opts.eol ?? "\n")}${opts.eol ?? "\n"}`;
}

/** Files → an upload of loose files. */
export function looseUpload(files: Record<string, string | Uint8Array>, label = "upload"): RosterUpload {
  return {
    label,
    files: Object.entries(files).map(([name, body]) => ({
      name,
      bytes: typeof body === "string" ? strToU8(body) : body,
    })),
  };
}

/** Files → one .zip upload. */
export function zipUpload(files: Record<string, string | Uint8Array>, label = "roster.zip"): RosterUpload {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, body]) => [name, typeof body === "string" ? strToU8(body) : body]),
  );
  return { label, files: [{ name: label, bytes: zipSync(entries) }] };
}

export const MANIFEST_HEADER = ["propertyName", "value"];

/** A OneRoster 1.1 manifest.csv: files not named are absent. */
export type ManifestModes = Partial<
  Record<
    | "users"
    | "classes"
    | "enrollments"
    | "academicSessions"
    | "orgs"
    | "courses"
    | "roles"
    | "demographics"
    | "categories"
    | "lineItems"
    | "results",
    "bulk" | "delta"
  >
>;
export function manifest(modes: ManifestModes): string {
  const all = [
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
  ];
  if (modes.roles) all.push("roles");
  return csv([
    MANIFEST_HEADER,
    ["manifest.version", "1.0"],
    ["oneroster.version", "1.1"],
    ...all.map((f) => [`file.${f}`, (modes as Record<string, string>)[f] ?? "absent"]),
    ["source.systemName", "Test SIS"],
  ]);
}

export const USERS_HEADER = [
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
];
export const CLASSES_HEADER = [
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
];
export const ENROLLMENTS_HEADER = [
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
];
export const SESSIONS_HEADER = [
  "sourcedId",
  "status",
  "dateLastModified",
  "title",
  "type",
  "startDate",
  "endDate",
  "parentSourcedId",
  "schoolYear",
];
export const CATEGORIES_HEADER = ["sourcedId", "status", "dateLastModified", "title"];
export const LINEITEMS_HEADER = [
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
];
export const RESULTS_HEADER = [
  "sourcedId",
  "status",
  "dateLastModified",
  "lineItemSourcedId",
  "studentSourcedId",
  "scoreStatus",
  "score",
  "scoreDate",
  "comment",
];
export const DEMOGRAPHICS_HEADER = ["sourcedId", "status", "dateLastModified", "birthDate", "sex"];

export interface UserRow {
  id: string;
  role: string;
  given: string;
  family: string;
  username?: string;
  email?: string;
  phone?: string;
  agents?: string;
  status?: string;
  password?: string;
}
export const userRow = (u: UserRow) => [
  u.id,
  u.status ?? "",
  "",
  "true",
  "org1",
  u.role,
  u.username ?? "",
  "",
  u.given,
  u.family,
  "",
  "",
  u.email ?? "",
  "",
  u.phone ?? "",
  u.agents ?? "",
  "",
  u.password ?? "",
];
export const classRow = (c: {
  id: string;
  title: string;
  code?: string;
  periods?: string;
  grades?: string;
  status?: string;
  terms?: string;
}) => [
  c.id,
  c.status ?? "",
  "",
  c.title,
  c.grades ?? "",
  "course1",
  c.code ?? "",
  "scheduled",
  "",
  "org1",
  c.terms ?? "",
  "",
  "",
  c.periods ?? "",
];
export const enrollmentRow = (e: {
  id: string;
  cls: string;
  user: string;
  role: string;
  primary?: string;
  status?: string;
  begin?: string;
}) => [e.id, e.status ?? "", "", e.cls, "org1", e.user, e.role, e.primary ?? "", e.begin ?? "", ""];

export const categoryRow = (c: { id: string; title: string; status?: string }) => [c.id, c.status ?? "", "", c.title];
export const lineItemRow = (l: {
  id: string;
  cls: string;
  title: string;
  max: string | number;
  category?: string;
  due?: string;
  assigned?: string;
  description?: string;
  status?: string;
  min?: string;
}) => [
  l.id,
  l.status ?? "",
  "",
  l.title,
  l.description ?? "",
  l.assigned ?? "",
  l.due ?? "",
  l.cls,
  l.category ?? "",
  "",
  l.min ?? "0",
  String(l.max),
];
export const resultRow = (r: {
  id: string;
  item: string;
  student: string;
  score: string | number;
  date?: string;
  comment?: string;
  scoreStatus?: string;
  status?: string;
}) => [
  r.id,
  r.status ?? "",
  "",
  r.item,
  r.student,
  r.scoreStatus ?? "fully graded",
  String(r.score),
  r.date ?? "",
  r.comment ?? "",
];

/** A small school's gradebook in OneRoster 1.1 (to go with smallSchool): two categories, three line items, five results, two birth dates. */
export function smallGradebook(
  over: { categories?: string[][]; lineItems?: string[][]; results?: string[][]; demographics?: string[][] } = {},
): Record<string, string> {
  const categories = over.categories ?? [
    categoryRow({ id: "cat1", title: "Homework" }),
    categoryRow({ id: "cat2", title: "Test" }),
  ];
  const lineItems = over.lineItems ?? [
    lineItemRow({
      id: "li1",
      cls: "c1",
      title: "Chapter 1",
      max: 10,
      category: "cat1",
      due: "2024-09-20T23:59:00Z",
      assigned: "2024-09-13T08:00:00.000Z",
      description: "Exercises 1–20, show your working",
    }),
    lineItemRow({ id: "li2", cls: "c1", title: "Unit test", max: "20.0", category: "cat2", due: "2024-10-01" }),
    lineItemRow({ id: "li3", cls: "c2", title: "Lab report", max: 50 }),
  ];
  const results = over.results ?? [
    resultRow({
      id: "r1",
      item: "li1",
      student: "s1",
      score: "8.5",
      date: "2024-09-22",
      comment: "Good, but check Q7",
    }),
    resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
    resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
    resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
    resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
  ];
  const demographics = over.demographics ?? [
    ["s1", "", "", "2010-04-02", "female"],
    ["s2", "", "", "2011-12-30", ""],
  ];
  return {
    "categories.csv": csv([CATEGORIES_HEADER, ...categories]),
    "lineItems.csv": csv([LINEITEMS_HEADER, ...lineItems]),
    "results.csv": csv([RESULTS_HEADER, ...results]),
    "demographics.csv": csv([DEMOGRAPHICS_HEADER, ...demographics]),
  };
}

export const GRADEBOOK_BULK: ManifestModes = {
  users: "bulk",
  classes: "bulk",
  enrollments: "bulk",
  academicSessions: "bulk",
  orgs: "bulk",
  courses: "bulk",
  demographics: "bulk",
  categories: "bulk",
  lineItems: "bulk",
  results: "bulk",
};

/** A small school in OneRoster 1.1 (bulk), for integration tests; rows can be replaced per test. */
export function smallSchool(
  over: {
    users?: string[][];
    classes?: string[][];
    enrollments?: string[][];
    sessions?: string[][];
    modes?: ManifestModes;
  } = {},
): Record<string, string> {
  const users = over.users ?? [
    userRow({
      id: "t1",
      role: "teacher",
      given: "Tina",
      family: "Turner",
      username: "tturner",
      email: "tt@school.example",
    }),
    userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
    userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" }),
    userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone", agents: "p1" }),
    userRow({ id: "s2", role: "student", given: "Sue", family: "Two", username: "stwo" }),
    userRow({ id: "s3", role: "student", given: "Sid", family: "Three", username: "sthree" }),
    userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
    userRow({
      id: "p1",
      role: "parent",
      given: "Pat",
      family: "One",
      phone: "555-301-0001",
      agents: "s1,s2",
      password: "secret-from-sis",
    }),
    userRow({ id: "r1", role: "relative", given: "Rae", family: "Three", username: "rthree", agents: "s3" }),
  ];
  const classes = over.classes ?? [
    classRow({ id: "c1", title: "Algebra I", code: "ALG1", periods: "1", grades: "09" }),
    classRow({ id: "c2", title: "Biology", code: "Bio 2", periods: "2,3", grades: "10" }),
    classRow({ id: "c3", title: "Art" }),
  ];
  const enrollments = over.enrollments ?? [
    enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
    enrollmentRow({ id: "e2", cls: "c1", user: "t2", role: "teacher", primary: "false" }),
    enrollmentRow({ id: "e3", cls: "c2", user: "t2", role: "teacher" }),
    enrollmentRow({ id: "e4", cls: "c1", user: "s1", role: "student" }),
    enrollmentRow({ id: "e5", cls: "c1", user: "s2", role: "student" }),
    enrollmentRow({ id: "e6", cls: "c2", user: "s3", role: "student" }),
    enrollmentRow({ id: "e7", cls: "c3", user: "s4", role: "student" }),
    enrollmentRow({ id: "e8", cls: "c2", user: "a1", role: "administrator" }),
  ];
  const sessions = over.sessions ?? [
    ["y1", "", "", "2024-25", "schoolYear", "2024-08-15", "2025-06-10", "", "2025"],
    ["f1", "", "", "Fall", "semester", "2024-08-15", "2024-12-20", "y1", "2025"],
  ];
  return {
    "manifest.csv": manifest(
      over.modes ?? {
        users: "bulk",
        classes: "bulk",
        enrollments: "bulk",
        academicSessions: "bulk",
        orgs: "bulk",
        courses: "bulk",
      },
    ),
    "orgs.csv": csv([
      ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
      ["org1", "", "", "Test High", "school", "", ""],
    ]),
    "courses.csv": csv([
      [
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
      ["course1", "", "", "y1", "Course", "", "", "org1", "", ""],
    ]),
    "academicSessions.csv": csv([SESSIONS_HEADER, ...sessions]),
    "users.csv": csv([USERS_HEADER, ...users]),
    "classes.csv": csv([CLASSES_HEADER, ...classes]),
    "enrollments.csv": csv([ENROLLMENTS_HEADER, ...enrollments]),
  };
}
