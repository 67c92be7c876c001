import { strToU8, zipSync } from "fflate";
import type { RosterUpload } from "./read-upload";

// Small roster files built in tests (no large committed fixtures; the gradebook files are in
// test-support-gradebook.ts). Not used by the app.

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
