import { bindColumns, normalizeHeader, parseCsv, type BoundTable, type ColumnSpec, type CsvRow } from "./csv";
import { FIELD_LIMITS, MAX_SCORE_LIMIT } from "./limits";
import {
  emptyDataset,
  type FileEntity,
  type FileMode,
  type PortalRole,
  type Relationship,
  type RosterDataset,
  type SourceRef,
} from "./model";
import { quote, type RosterProblem } from "./problems";
import type { CsvText } from "./read-upload";
import {
  CLASS_CODE_SHAPE,
  instantOf,
  isDate,
  isDateTime,
  looksLikeExcelNumber,
  parseBoolean,
  parseMaxScore,
  parseScore,
  slugCode,
  slugUsername,
  splitList,
} from "./values";

// OneRoster 1.1 CSV (and 1.2's roles.csv) into the roster model, by the rules of decision 012.
// Pure: the texts come in, the dataset and every problem found in the files alone go out;
// references to what the portal already holds are checked by the plan.

type Sink = { add(p: RosterProblem): void };

/** The OneRoster files the importer reads (lower-case); any other file is ignored. */
const READ = [
  "manifest.csv",
  "users.csv",
  "classes.csv",
  "enrollments.csv",
  "academicsessions.csv",
  "orgs.csv",
  "courses.csv",
  "roles.csv",
  "demographics.csv",
  "categories.csv",
  "lineitems.csv",
  "results.csv",
] as const;
/** Files of the standard the portal does not use: accepted and skipped without a word. */
const KNOWN_UNUSED = [
  "resources.csv",
  "classresources.csv",
  "courseresources.csv",
  "userprofiles.csv",
  "scoreScales.csv",
  "lineitemlearningobjectiveids.csv",
].map((f) => f.toLowerCase());
const MANIFEST_KEY: Record<string, string> = {
  "users.csv": "file.users",
  "classes.csv": "file.classes",
  "enrollments.csv": "file.enrollments",
  "academicsessions.csv": "file.academicsessions",
  "orgs.csv": "file.orgs",
  "courses.csv": "file.courses",
  "roles.csv": "file.roles",
  "demographics.csv": "file.demographics",
  "categories.csv": "file.categories",
  "lineitems.csv": "file.lineitems",
  "results.csv": "file.results",
};

/** A manifest.csv, or a file with a OneRoster name whose header has a sourcedId (a spreadsheet saved as classes.csv has not). */
export function looksLikeOneRoster(texts: readonly CsvText[]): boolean {
  return texts.some((t) => {
    if (t.base === "manifest.csv") return true;
    if (!(READ as readonly string[]).includes(t.base) && !KNOWN_UNUSED.includes(t.base)) return false;
    const header = t.text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/, 1)[0] ?? "";
    return header.split(/[,;\t]/).some((h) => normalizeHeader(h.replace(/"/g, "")) === "sourcedid");
  });
}

/** OneRoster roles → portal roles. Aides and proctors have no portal role: a problem, not a guess. */
const ROLE_MAP: Record<string, { role: PortalRole; relationship?: Relationship }> = {
  student: { role: "student" },
  teacher: { role: "instructor" },
  administrator: { role: "admin" },
  siteadministrator: { role: "admin" },
  districtadministrator: { role: "admin" },
  systemadministrator: { role: "admin" },
  principal: { role: "admin" },
  parent: { role: "parent", relationship: "guardian" },
  guardian: { role: "parent", relationship: "guardian" },
  relative: { role: "parent", relationship: "other" },
};
const ROLE_HELP =
  "use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)";
const ENROLLMENT_ROLES_IGNORED = new Set([
  "administrator",
  "aide",
  "proctor",
  "parent",
  "guardian",
  "relative",
  "districtadministrator",
  "siteadministrator",
  "systemadministrator",
  "principal",
]);
const TERM_TYPES = new Set(["calendaryear", "gradingperiod", "schoolyear", "semester", "term"]);
const RELATIONSHIPS = new Set<Relationship>(["mother", "father", "guardian", "grandparent", "other"]);
/** OneRoster 1.1 scoreStatus values. Only a fully graded result is a grade in the portal (decision 012). */
const SCORE_STATUSES_SKIPPED = new Set(["exempt", "not submitted", "partially graded", "submitted"]);

const COMMON: ColumnSpec[] = [{ name: "sourcedId", required: true }, { name: "status" }, { name: "dateLastModified" }];
const SPECS = {
  users: [
    ...COMMON,
    { name: "role", aliases: ["roles"] },
    { name: "username", aliases: ["userName", "login"] },
    { name: "givenName", aliases: ["firstName", "first_name"], required: true },
    { name: "familyName", aliases: ["lastName", "last_name", "surname"], required: true },
    { name: "preferredGivenName", aliases: ["preferredFirstName"] },
    { name: "email", aliases: ["emailAddress", "mail"] },
    { name: "phone", aliases: ["phoneNumber", "phones"] },
    { name: "sms" },
    { name: "agentSourcedIds", aliases: ["agentSourcedId", "agents", "agent", "agentIds", "agentId"] },
    { name: "orgSourcedIds", aliases: ["orgSourcedId"] },
    // The portal's own extension columns (its exports write them); other ext_* columns are ignored.
    { name: "ext_portal_parent1Phone" },
    { name: "ext_portal_parent2Phone" },
    { name: "ext_portal_agentRelationships" },
  ],
  classes: [
    ...COMMON,
    { name: "title", aliases: ["classTitle", "name"], required: true },
    { name: "classCode", aliases: ["code"] },
    { name: "periods", aliases: ["period"] },
    { name: "grades", aliases: ["grade"] },
    { name: "courseSourcedId", aliases: ["courseSourcedIds"] },
    { name: "schoolSourcedId", aliases: ["schoolSourcedIds", "orgSourcedId"] },
    { name: "termSourcedIds", aliases: ["termSourcedId", "academicSessionSourcedIds"] },
  ],
  enrollments: [
    ...COMMON,
    { name: "classSourcedId", aliases: ["classSourcedIds"], required: true },
    { name: "userSourcedId", aliases: ["userSourcedIds"], required: true },
    { name: "role", aliases: ["roles"], required: true },
    { name: "primary", aliases: ["isPrimary"] },
    { name: "schoolSourcedId", aliases: ["schoolSourcedIds"] },
    { name: "beginDate", aliases: ["startDate"] },
    { name: "endDate" },
  ],
  academicSessions: [
    ...COMMON,
    { name: "title", required: true },
    { name: "type", aliases: ["sessionType"] },
    { name: "startDate", required: true },
    { name: "endDate", required: true },
    { name: "parentSourcedId", aliases: ["parent"] },
    { name: "schoolYear" },
  ],
  roles: [
    { name: "sourcedId" },
    { name: "status" },
    { name: "dateLastModified" },
    { name: "userSourcedId", aliases: ["userSourcedIds"], required: true },
    { name: "role", required: true },
    { name: "roleType" },
  ],
  orgs: [...COMMON, { name: "name" }],
  courses: [...COMMON, { name: "title" }],
  demographics: [...COMMON, { name: "birthDate", aliases: ["birthdate", "dateOfBirth"] }],
  categories: [...COMMON, { name: "title", aliases: ["name"], required: true }],
  lineItems: [
    ...COMMON,
    { name: "title", required: true },
    { name: "description" },
    { name: "assignDate" },
    { name: "dueDate" },
    { name: "classSourcedId", aliases: ["classSourcedIds", "class"], required: true },
    { name: "categorySourcedId", aliases: ["categorySourcedIds", "category"] },
    { name: "gradingPeriodSourcedId", aliases: ["gradingPeriodSourcedIds", "gradingPeriod"] },
    { name: "resultValueMin" },
    { name: "resultValueMax", required: true },
  ],
  results: [
    ...COMMON,
    { name: "lineItemSourcedId", aliases: ["lineItemSourcedIds", "lineItem"], required: true },
    { name: "studentSourcedId", aliases: ["studentSourcedIds", "userSourcedId", "student"], required: true },
    { name: "scoreStatus" },
    { name: "score", required: true },
    { name: "scoreDate" },
    { name: "comment", aliases: ["comments"] },
  ],
} satisfies Record<string, ColumnSpec[]>;

export interface ReadOptions {
  /** The school's time zone: a date or a date-time without an offset is read as the school's. */
  timeZone: string;
}

export function readOneRoster(
  texts: readonly CsvText[],
  problems: Sink,
  warnings: Sink,
  options: ReadOptions = { timeZone: "UTC" },
): RosterDataset {
  const data = emptyDataset("oneroster");
  const byBase = new Map(texts.map((t) => [t.base, t]));
  const modes = manifestModes(byBase, problems, warnings);
  const table = (base: string, specs: ColumnSpec[], note = "", entity?: FileEntity) => {
    const text = byBase.get(base);
    const mode = modes.get(base);
    if (!text || !mode) return undefined;
    const t = parseCsv(text.name, text.text, problems);
    const bound = t ? bindColumns(t, specs, problems, note) : undefined;
    if (entity && (!bound || bound.missing.length > 0 || bound.table.damaged)) data.broken.add(entity);
    // Without a required column no row can be read: the header's problem is the one to fix.
    return bound && bound.missing.length === 0 ? { bound, mode } : undefined;
  };

  const orgs = table("orgs.csv", SPECS.orgs);
  const orgIds = orgs?.mode === "bulk" ? idsOf(orgs.bound) : undefined;
  const courses = table("courses.csv", SPECS.courses);
  const courseTitles = courses
    ? new Map(
        courses.bound.table.rows.map((r) => [
          courses.bound.get(r, "sourcedId") ?? "",
          courses.bound.get(r, "title") ?? "",
        ]),
      )
    : undefined;
  const roles = table("roles.csv", SPECS.roles);
  const roleOf = roles
    ? rolesByUser(roles.bound, problems)
    : new Map<string, { value: string; ref: SourceRef; column: string }>();

  const sessions = table("academicsessions.csv", SPECS.academicSessions, "", "terms");
  if (sessions) {
    data.modes.terms = sessions.mode;
    readTerms(sessions.bound, sessions.mode, data, problems, warnings);
  }
  const termIds = sessions?.mode === "bulk" ? new Set(data.terms.map((t) => t.sourcedId)) : undefined;

  const users = table(
    "users.csv",
    SPECS.users.map((s) => (s.name === "role" ? { ...s, required: !roles } : s)),
    roles ? "" : ", or upload a roles.csv",
    "users",
  );
  if (users) {
    data.modes.users = users.mode;
    readUsers(users.bound, users.mode, data, roleOf, orgIds, problems, warnings);
  }
  const classes = table("classes.csv", SPECS.classes, "", "classes");
  if (classes) {
    data.modes.classes = classes.mode;
    readClasses(
      classes.bound,
      classes.mode,
      data,
      { courseTitles: courses?.mode === "bulk" ? courseTitles : undefined, courseNames: courseTitles, orgIds, termIds },
      problems,
      warnings,
    );
  }
  const enrollments = table("enrollments.csv", SPECS.enrollments, "", "enrollments");
  if (enrollments) {
    data.modes.enrollments = enrollments.mode;
    readEnrollments(enrollments.bound, enrollments.mode, data, problems);
  }
  const demographics = table("demographics.csv", SPECS.demographics, "", "demographics");
  if (demographics) {
    data.modes.demographics = demographics.mode;
    readDemographics(demographics.bound, demographics.mode, data, problems);
  }
  const categories = table("categories.csv", SPECS.categories, "", "categories");
  if (categories) {
    data.modes.categories = categories.mode;
    readCategories(categories.bound, categories.mode, data, problems);
  }
  const lineItems = table("lineitems.csv", SPECS.lineItems, "", "assignments");
  if (lineItems) {
    data.modes.assignments = lineItems.mode;
    readLineItems(lineItems.bound, lineItems.mode, data, options, problems, warnings);
  }
  const results = table("results.csv", SPECS.results, "", "grades");
  if (results) {
    data.modes.grades = results.mode;
    readResults(results.bound, results.mode, data, problems, warnings);
  }
  return data;
}

/** manifest.csv's file.* lines: which files to read, and as bulk or delta. */
function manifestModes(byBase: Map<string, CsvText>, problems: Sink, warnings: Sink): Map<string, FileMode> {
  const modes = new Map<string, FileMode>();
  const manifest = byBase.get("manifest.csv");
  const present = [...byBase.keys()].filter((b) => b in MANIFEST_KEY);
  if (!manifest) {
    for (const base of present) modes.set(base, "delta");
    if (present.length) {
      warnings.add({
        file: byBase.get(present[0]!)!.name,
        line: 0,
        column: "file",
        message:
          "there is no manifest.csv, so every file was read as delta (rows are added and updated; nothing is removed unless marked tobedeleted)",
        fix: "for a full sync, add a manifest.csv with file.users=bulk (and the others)",
      });
    }
    return modes;
  }
  const t = parseCsv(manifest.name, manifest.text, problems);
  if (!t) return modes;
  const b = bindColumns(
    t,
    [
      { name: "propertyName", aliases: ["property", "name"], required: true },
      { name: "value", required: true },
    ],
    problems,
  );
  if (!b.has("propertyName") || !b.has("value")) return modes;
  const said = new Map<string, { value: string; line: number }>();
  for (const row of t.rows)
    said.set((b.get(row, "propertyName") ?? "").toLowerCase(), {
      value: (b.get(row, "value") ?? "").toLowerCase(),
      line: row.line,
    });
  for (const [base, key] of Object.entries(MANIFEST_KEY)) {
    const entry = said.get(key);
    const file = byBase.get(base);
    if (!entry) {
      if (file)
        warnings.add({
          file: file.name,
          line: 0,
          column: "file",
          message: `manifest.csv does not list ${key}, so the file was not read`,
          fix: `add ${key},bulk (or delta) to manifest.csv`,
        });
      continue;
    }
    if (entry.value !== "bulk" && entry.value !== "delta" && entry.value !== "absent") {
      problems.add({
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: `${quote(entry.value)} is not bulk, delta or absent`,
        fix: `write bulk, delta or absent for ${key}`,
      });
      continue;
    }
    if (entry.value === "absent") {
      if (file)
        warnings.add({
          file: file.name,
          line: 0,
          column: "file",
          message: `manifest.csv says ${key} is absent, so the file was not read`,
          fix: `write ${key},bulk (or delta) in manifest.csv to import it`,
        });
      continue;
    }
    if (!file) {
      problems.add({
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: `${key} is ${entry.value} but ${base} is not in the upload`,
        fix: `add ${base}, or write ${key},absent`,
      });
      continue;
    }
    modes.set(base, entry.value);
  }
  return modes;
}

interface RowStart {
  sourcedId: string;
  active: boolean;
  ref: SourceRef;
}

/** sourcedId, status and dateLastModified: the columns every OneRoster file shares. */
function rowStart(
  b: BoundTable,
  row: CsvRow,
  mode: FileMode,
  seen: Map<string, number>,
  problems: Sink,
): RowStart | null {
  const file = b.table.file;
  const ref = { file, line: row.line };
  const sourcedId = b.get(row, "sourcedId") ?? "";
  let ok = true;
  if (sourcedId === "") {
    problems.add({
      file,
      line: row.line,
      column: b.label("sourcedId"),
      message: "the sourcedId is empty",
      fix: "give every row its own sourcedId",
    });
    return null;
  }
  if (sourcedId.length > FIELD_LIMITS.sourcedId) {
    problems.add({
      file,
      line: row.line,
      column: b.label("sourcedId"),
      message: `the sourcedId is longer than ${FIELD_LIMITS.sourcedId} characters`,
      fix: "use the SIS's own identifier",
    });
    return null;
  }
  const first = seen.get(sourcedId);
  if (first !== undefined) {
    problems.add({
      file,
      line: row.line,
      column: b.label("sourcedId"),
      message: `${quote(sourcedId)} is also on line ${first}`,
      fix: "give every row its own sourcedId (list each record once)",
    });
    return null;
  }
  seen.set(sourcedId, row.line);
  const status = (b.get(row, "status") ?? "").toLowerCase();
  if (status !== "" && status !== "active" && status !== "tobedeleted") {
    problems.add({
      file,
      line: row.line,
      column: b.label("status"),
      message: `${quote(b.get(row, "status")!)} is not a status`,
      fix: "write active or tobedeleted (or leave it empty in a bulk file)",
    });
    ok = false;
  }
  const modified = b.get(row, "dateLastModified") ?? "";
  if (modified !== "" && !isDateTime(modified)) {
    problems.add({
      file,
      line: row.line,
      column: b.label("dateLastModified"),
      message: `${quote(modified)} is not a date and time`,
      fix: "write it as ISO 8601, e.g. 2024-08-01T12:00:00.000Z",
    });
    ok = false;
  }
  if (!ok) return null;
  return { sourcedId, active: status !== "tobedeleted", ref };
}

const tooLong = (b: BoundTable, row: CsvRow, column: string, value: string, max: number, problems: Sink): boolean => {
  if (value.length <= max) return false;
  problems.add({
    file: b.table.file,
    line: row.line,
    column: b.label(column),
    message: `the value is ${value.length} characters long, more than the ${max} the portal keeps`,
    fix: `shorten it to ${max} characters`,
  });
  return true;
};

function idsOf(b: BoundTable): Set<string> {
  return new Set(b.table.rows.map((r) => b.get(r, "sourcedId") ?? "").filter(Boolean));
}

/** roles.csv (OneRoster 1.2): each user's role, the primary one first. */
function rolesByUser(b: BoundTable, problems: Sink): Map<string, { value: string; ref: SourceRef; column: string }> {
  const out = new Map<string, { value: string; ref: SourceRef; column: string; primary: boolean }>();
  for (const row of b.table.rows) {
    if ((b.get(row, "status") ?? "").toLowerCase() === "tobedeleted") continue;
    const user = b.get(row, "userSourcedId") ?? "";
    const value = b.get(row, "role") ?? "";
    if (!user || !value) {
      problems.add({
        file: b.table.file,
        line: row.line,
        column: b.label(user ? "role" : "userSourcedId"),
        message: `the ${user ? "role" : "userSourcedId"} is empty`,
        fix: "fill it, or remove the row",
      });
      continue;
    }
    const primary = (b.get(row, "roleType") ?? "").toLowerCase() === "primary";
    const had = out.get(user);
    if (!had || (primary && !had.primary))
      out.set(user, { value, ref: { file: b.table.file, line: row.line }, column: b.label("role"), primary });
  }
  return out;
}

function readUsers(
  b: BoundTable,
  mode: FileMode,
  data: RosterDataset,
  roleOf: Map<string, { value: string; ref: SourceRef; column: string }>,
  orgIds: Set<string> | undefined,
  problems: Sink,
  warnings: Sink,
): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  data.agentsCarried = b.has("agentSourcedIds");
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    const key = `s:${start.sourcedId}`;
    if (!start.active) {
      if (mode === "delta") data.deleted.users.push({ ref: start.ref, key, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    // The role: users.csv's own column (1.1), else roles.csv (1.2); none in a delta keeps the portal's.
    const own = b.get(row, "role") ?? "";
    const fromRoles = roleOf.get(start.sourcedId);
    const rawRole = own || fromRoles?.value || "";
    const roleColumn = own
      ? b.label("role")
      : fromRoles
        ? `${fromRoles.column} (${fromRoles.ref.file}:${fromRoles.ref.line})`
        : b.label("role");
    let role: PortalRole | null = null;
    let relationship: Relationship | undefined;
    if (rawRole) {
      const mapped = ROLE_MAP[rawRole.toLowerCase()];
      if (!mapped) {
        problems.add({
          file,
          line: row.line,
          column: roleColumn,
          message: `${quote(rawRole)} is not a role the portal has`,
          fix: ROLE_HELP,
        });
        ok = false;
      } else {
        role = mapped.role;
        relationship = mapped.relationship;
      }
    }
    const given = b.get(row, "preferredGivenName") || b.get(row, "givenName") || "";
    const family = b.get(row, "familyName") ?? "";
    const name = `${given} ${family}`.trim().replace(/\s+/g, " ");
    if (name === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("givenName"),
        message: "the user has no name",
        fix: "fill givenName and familyName",
      });
      ok = false;
    } else if (tooLong(b, row, "givenName", name, FIELD_LIMITS.name, problems)) ok = false;
    const username = b.get(row, "username") ?? "";
    if (tooLong(b, row, "username", username, FIELD_LIMITS.username, problems)) ok = false;
    let email: string | null | undefined;
    if (b.has("email")) {
      email = b.get(row, "email") || null;
      if (email && tooLong(b, row, "email", email, FIELD_LIMITS.email, problems)) ok = false;
    }
    // A phone number is anyone's own (a parent's is what the phone sync of decision 004 matches).
    const phone = (column: string): string | null | undefined => {
      if (!b.has(column)) return undefined;
      const value = b.get(row, column) || null;
      if (value && looksLikeExcelNumber(value)) {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: `${quote(value)} is a number a spreadsheet rewrote, not a phone number`,
          fix: "format the column as Text and type the numbers again",
        });
        ok = false;
      } else if (value && tooLong(b, row, column, value, FIELD_LIMITS.phone, problems)) ok = false;
      return value;
    };
    let phoneNumber: string | null | undefined;
    if (b.has("phone") || b.has("sms"))
      phoneNumber = b.get(row, "phone") ? phone("phone") : b.get(row, "sms") ? phone("sms") : null;
    // A student's parent numbers: the portal's own columns (OneRoster has none).
    let parent1Number: string | null | undefined;
    let parent2Number: string | null | undefined;
    if (role === "student") {
      parent1Number = phone("ext_portal_parent1Phone");
      parent2Number = phone("ext_portal_parent2Phone");
    } else {
      for (const column of ["ext_portal_parent1Phone", "ext_portal_parent2Phone"]) {
        if (b.get(row, column))
          warnings.add({
            file,
            line: row.line,
            column: b.label(column),
            message: "only a student has parent numbers",
            fix: "nothing: the number is not kept (a parent's own number goes in phone)",
          });
      }
    }
    let agents: { key: string; id: string; relationship?: Relationship }[] | undefined;
    if (data.agentsCarried) {
      agents = [];
      const relationships = b.has("ext_portal_agentRelationships")
        ? (b.get(row, "ext_portal_agentRelationships") ?? "").split(",").map((r) => r.trim().toLowerCase())
        : [];
      splitList(b.get(row, "agentSourcedIds") ?? "").forEach((id, i) => {
        if (id === start.sourcedId) {
          warnings.add({
            file,
            line: row.line,
            column: b.label("agentSourcedIds"),
            message: "the user is listed as their own agent",
            fix: "remove their own sourcedId from agentSourcedIds",
          });
          return;
        }
        const said = relationships[i] ?? "";
        if (said !== "" && !RELATIONSHIPS.has(said as Relationship)) {
          warnings.add({
            file,
            line: row.line,
            column: b.label("ext_portal_agentRelationships"),
            message: `${quote(said)} is not a relationship the portal has`,
            fix: "nothing: a new link is a guardian link (mother, father, guardian, grandparent or other)",
          });
        }
        agents!.push(
          RELATIONSHIPS.has(said as Relationship)
            ? { key: `s:${id}`, id, relationship: said as Relationship }
            : { key: `s:${id}`, id },
        );
      });
    }
    if (orgIds && b.has("orgSourcedIds")) {
      for (const org of splitList(b.get(row, "orgSourcedIds") ?? "")) {
        if (!orgIds.has(org))
          warnings.add({
            file,
            line: row.line,
            column: b.label("orgSourcedIds"),
            message: `no org ${quote(org)} in orgs.csv`,
            fix: "add the org to orgs.csv (the portal does not use orgs, so the user is imported anyway)",
          });
      }
    }
    if (!ok) {
      data.refused.users.add(key);
      continue;
    }
    const hint = (email ?? "") || slugUsername(name) || slugUsername(start.sourcedId) || "user";
    data.users.push({
      ref: start.ref,
      key,
      sourcedId: start.sourcedId,
      role,
      name,
      username: username || null,
      usernameHint: hint,
      email,
      phoneNumber,
      parent1Number,
      parent2Number,
      relationship,
      agents,
      labels: {
        role: roleColumn,
        username: b.label("username"),
        agents: b.label("agentSourcedIds"),
        name: b.label("givenName"),
      },
    });
  }
}

function readClasses(
  b: BoundTable,
  mode: FileMode,
  data: RosterDataset,
  refs: {
    courseTitles?: Map<string, string>;
    courseNames?: Map<string, string>;
    orgIds?: Set<string>;
    termIds?: Set<string>;
  },
  problems: Sink,
  warnings: Sink,
): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    const key = `s:${start.sourcedId}`;
    if (!start.active) {
      if (mode === "delta") data.deleted.classes.push({ ref: start.ref, key, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    const course = b.get(row, "courseSourcedId") ?? "";
    if (course && refs.courseTitles && !refs.courseTitles.has(course)) {
      warnings.add({
        file,
        line: row.line,
        column: b.label("courseSourcedId"),
        message: `no course ${quote(course)} in courses.csv`,
        fix: "add the course to courses.csv (the portal does not keep courses, so the class is imported anyway)",
      });
    }
    const school = b.get(row, "schoolSourcedId") ?? "";
    if (school && refs.orgIds && !refs.orgIds.has(school)) {
      warnings.add({
        file,
        line: row.line,
        column: b.label("schoolSourcedId"),
        message: `no org ${quote(school)} in orgs.csv`,
        fix: "add the school to orgs.csv (the class is imported anyway)",
      });
    }
    for (const term of splitList(b.get(row, "termSourcedIds") ?? "")) {
      if (refs.termIds && !refs.termIds.has(term))
        warnings.add({
          file,
          line: row.line,
          column: b.label("termSourcedIds"),
          message: `no academic session ${quote(term)} in academicSessions.csv`,
          fix: "add the term to academicSessions.csv (the class is imported anyway)",
        });
    }
    const title = b.get(row, "title") || refs.courseNames?.get(course) || "";
    if (title === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("title"),
        message: "the class has no title",
        fix: "fill the title (the class's name in the portal)",
      });
      ok = false;
    } else if (tooLong(b, row, "title", title, FIELD_LIMITS.title, problems)) ok = false;
    // The level code: classCode as written when a class code can be that; otherwise made from it,
    // or from the sourcedId when there is no classCode (decision 012).
    const classCode = b.get(row, "classCode") ?? "";
    let code: string;
    let codeFromFile = false;
    if (CLASS_CODE_SHAPE.test(classCode)) {
      code = classCode;
      codeFromFile = true;
    } else {
      code = slugCode(classCode) || slugCode(start.sourcedId) || "class";
      if (classCode)
        warnings.add({
          file,
          line: row.line,
          column: b.label("classCode"),
          message: `${quote(classCode)} cannot be a class code (letters, digits, '.', '_' and '-', at most 50)`,
          fix: `nothing: the class gets the code ${quote(code)} (change it in the SIS to choose another)`,
        });
    }
    const period = b.has("periods") ? splitList(b.get(row, "periods") ?? "").join(", ") || null : undefined;
    const level = b.has("grades") ? splitList(b.get(row, "grades") ?? "").join(", ") || null : undefined;
    if (period && tooLong(b, row, "periods", period, FIELD_LIMITS.period, problems)) ok = false;
    if (level && tooLong(b, row, "grades", level, FIELD_LIMITS.level, problems)) ok = false;
    if (!ok) {
      data.refused.classes.add(key);
      continue;
    }
    data.classes.push({
      ref: start.ref,
      key,
      sourcedId: start.sourcedId,
      code,
      codeFromFile,
      name: title,
      period,
      level,
      labels: { code: b.label("classCode"), name: b.label("title") },
    });
  }
}

function readEnrollments(b: BoundTable, mode: FileMode, data: RosterDataset, problems: Sink): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    if (!start.active) {
      if (mode === "delta")
        data.deleted.enrollments.push({ ref: start.ref, key: `s:${start.sourcedId}`, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    const cls = b.get(row, "classSourcedId") ?? "";
    const user = b.get(row, "userSourcedId") ?? "";
    for (const [column, value] of [
      ["classSourcedId", cls],
      ["userSourcedId", user],
    ] as const) {
      if (value === "") {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: "the value is empty",
          fix: `fill the ${column}`,
        });
        ok = false;
      }
    }
    const rawRole = (b.get(row, "role") ?? "").toLowerCase();
    let role: "student" | "teacher" | null = null;
    if (rawRole === "student" || rawRole === "teacher") role = rawRole;
    else if (!ENROLLMENT_ROLES_IGNORED.has(rawRole)) {
      problems.add({
        file,
        line: row.line,
        column: b.label("role"),
        message: `${quote(b.get(row, "role") ?? "")} is not an enrollment role`,
        fix: "write student or teacher (or another OneRoster role, which the portal skips)",
      });
      ok = false;
    }
    const primaryText = b.get(row, "primary") ?? "";
    const primary = parseBoolean(primaryText);
    if (primary === undefined) {
      problems.add({
        file,
        line: row.line,
        column: b.label("primary"),
        message: `${quote(primaryText)} is not true or false`,
        fix: "write true or false",
      });
      ok = false;
    }
    for (const column of ["beginDate", "endDate"] as const) {
      const v = b.get(row, column) ?? "";
      if (v !== "" && !isDate(v)) {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: `${quote(v)} is not a date`,
          fix: "write it as YYYY-MM-DD",
        });
        ok = false;
      }
    }
    const beginDate = b.get(row, "beginDate") || undefined;
    if (!ok) continue;
    if (role === null) {
      data.ignored.enrollments = (data.ignored.enrollments ?? 0) + 1;
      continue;
    }
    data.enrollments.push({
      ref: start.ref,
      sourcedId: start.sourcedId,
      userKey: `s:${user}`,
      classKey: `s:${cls}`,
      role,
      primary: primary ?? false,
      beginDate,
      labels: { user: b.label("userSourcedId"), class: b.label("classSourcedId"), role: b.label("role") },
    });
  }
}

function readTerms(b: BoundTable, mode: FileMode, data: RosterDataset, problems: Sink, warnings: Sink): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    if (!start.active) {
      if (mode === "delta")
        data.deleted.terms.push({ ref: start.ref, key: `s:${start.sourcedId}`, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    const title = b.get(row, "title") ?? "";
    if (title === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("title"),
        message: "the session has no title",
        fix: "fill the title",
      });
      ok = false;
    } else if (tooLong(b, row, "title", title, FIELD_LIMITS.title, problems)) ok = false;
    const dates: Record<"startDate" | "endDate", string> = { startDate: "", endDate: "" };
    for (const column of ["startDate", "endDate"] as const) {
      const v = b.get(row, column) ?? "";
      if (!isDate(v)) {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: v === "" ? "the date is empty" : `${quote(v)} is not a date`,
          fix: "write it as YYYY-MM-DD",
        });
        ok = false;
      }
      dates[column] = v;
    }
    if (ok && dates.endDate < dates.startDate) {
      problems.add({
        file,
        line: row.line,
        column: b.label("endDate"),
        message: `the session ends (${dates.endDate}) before it starts (${dates.startDate})`,
        fix: "correct the dates",
      });
      ok = false;
    }
    const type = b.get(row, "type") || "term";
    if (!TERM_TYPES.has(type.toLowerCase()) && !/^ext:/i.test(type)) {
      warnings.add({
        file,
        line: row.line,
        column: b.label("type"),
        message: `${quote(type)} is not a OneRoster session type`,
        fix: "nothing (it is kept as written); the types are calendarYear, gradingPeriod, schoolYear, semester and term",
      });
    }
    const yearText = b.get(row, "schoolYear") ?? "";
    let schoolYear: number | null = null;
    if (yearText !== "") {
      if (!/^\d{4}$/.test(yearText)) {
        problems.add({
          file,
          line: row.line,
          column: b.label("schoolYear"),
          message: `${quote(yearText)} is not a year`,
          fix: "write the year the school year ends in, e.g. 2025",
        });
        ok = false;
      } else schoolYear = Number(yearText);
    } else if (ok) schoolYear = Number(dates.endDate.slice(0, 4));
    if (!ok) continue;
    data.terms.push({
      ref: start.ref,
      sourcedId: start.sourcedId,
      title,
      type,
      startDate: dates.startDate,
      endDate: dates.endDate,
      parentSourcedId: b.get(row, "parentSourcedId") || null,
      schoolYear,
    });
  }
}

/** demographics.csv: birthDate → the user's date of birth (the rest of the file is not kept). */
function readDemographics(b: BoundTable, mode: FileMode, data: RosterDataset, problems: Sink): void {
  if (!b.has("birthDate")) return;
  const seen = new Map<string, number>();
  const file = b.table.file;
  const byKey = new Map(data.users.map((u) => [u.key, u]));
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    const key = `s:${start.sourcedId}`;
    let dateOfBirth: string | null;
    if (!start.active) {
      if (mode !== "delta") continue;
      dateOfBirth = null; // a delta's tobedeleted demographics row: the SIS no longer has the birth date
    } else {
      const v = b.get(row, "birthDate") ?? "";
      if (v !== "" && !isDate(v) && !(isDateTime(v) && v.length > 10)) {
        problems.add({
          file,
          line: row.line,
          column: b.label("birthDate"),
          message: `${quote(v)} is not a date`,
          fix: "write it as YYYY-MM-DD",
        });
        continue;
      }
      dateOfBirth = v === "" ? null : v.slice(0, 10);
    }
    if (data.refused.users.has(key)) continue;
    const user = byKey.get(key);
    if (user) user.dateOfBirth = dateOfBirth;
    else data.birthDates.push({ ref: start.ref, key, sourcedId: start.sourcedId, dateOfBirth });
  }
}

/** categories.csv → grade categories (school-wide names in the portal). */
function readCategories(b: BoundTable, mode: FileMode, data: RosterDataset, problems: Sink): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    const key = `s:${start.sourcedId}`;
    if (!start.active) {
      if (mode === "delta") data.deleted.categories.push({ ref: start.ref, key, sourcedId: start.sourcedId });
      continue;
    }
    const title = (b.get(row, "title") ?? "").replace(/\s+/g, " ");
    if (title === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("title"),
        message: "the category has no title",
        fix: "fill the title (the category's name in the portal)",
      });
      data.refused.categories.add(key);
      continue;
    }
    if (tooLong(b, row, "title", title, FIELD_LIMITS.title, problems)) {
      data.refused.categories.add(key);
      continue;
    }
    data.categories.push({ ref: start.ref, sourcedId: start.sourcedId, title, labels: { title: b.label("title") } });
  }
}

/** lineItems.csv → assignments. */
function readLineItems(
  b: BoundTable,
  mode: FileMode,
  data: RosterDataset,
  options: ReadOptions,
  problems: Sink,
  warnings: Sink,
): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    const key = `s:${start.sourcedId}`;
    if (!start.active) {
      if (mode === "delta") data.deleted.lineItems.push({ ref: start.ref, key, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    const title = b.get(row, "title") ?? "";
    if (title === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("title"),
        message: "the line item has no title",
        fix: "fill the title (the assignment's name in the portal)",
      });
      ok = false;
    } else if (tooLong(b, row, "title", title, FIELD_LIMITS.title, problems)) ok = false;
    const cls = b.get(row, "classSourcedId") ?? "";
    if (cls === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("classSourcedId"),
        message: "the value is empty",
        fix: "fill the classSourcedId (the class the line item belongs to)",
      });
      ok = false;
    }
    const instant = (column: "dueDate" | "assignDate", dateOnly: "start" | "end"): string | null | undefined => {
      if (!b.has(column)) return undefined;
      const v = b.get(row, column) ?? "";
      if (v === "") return null;
      const at = instantOf(v, options.timeZone, dateOnly);
      if (at === null) {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: `${quote(v)} is not a date and time`,
          fix: "write it as ISO 8601, e.g. 2024-09-20T23:59:00Z (or a date, YYYY-MM-DD)",
        });
        ok = false;
      }
      return at;
    };
    const dueDate = instant("dueDate", "end");
    const assignDate = instant("assignDate", "start");
    const max = parseMaxScore(b.get(row, "resultValueMax") ?? "", MAX_SCORE_LIMIT);
    if (!max.ok) {
      problems.add({ file, line: row.line, column: b.label("resultValueMax"), message: max.message, fix: max.fix });
      ok = false;
    }
    const min = b.get(row, "resultValueMin") ?? "";
    if (min !== "" && !/^0*(\.0*)?$/.test(min)) {
      warnings.add({
        file,
        line: row.line,
        column: b.label("resultValueMin"),
        message: `the portal's scores start at 0, not ${quote(min)}`,
        fix: "nothing: the minimum is not kept (scores are checked against 0 and resultValueMax)",
      });
    }
    if (!ok || !max.ok) {
      data.refused.lineItems.add(key);
      continue;
    }
    data.lineItems.push({
      ref: start.ref,
      sourcedId: start.sourcedId,
      classKey: `s:${cls}`,
      title,
      description: b.has("description") ? (b.get(row, "description") ?? "") : undefined,
      dueDate,
      assignDate,
      categoryId: b.has("categorySourcedId") ? b.get(row, "categorySourcedId") || null : undefined,
      maxScore: max.value,
      labels: {
        class: b.label("classSourcedId"),
        category: b.label("categorySourcedId"),
        max: b.label("resultValueMax"),
        title: b.label("title"),
      },
    });
  }
}

/** results.csv → grades. Rows are kept small: a school has hundreds of thousands. */
function readResults(b: BoundTable, mode: FileMode, data: RosterDataset, problems: Sink, warnings: Sink): void {
  const seen = new Map<string, number>();
  const file = b.table.file;
  data.resultsFile = {
    name: file,
    labels: {
      sourcedId: b.label("sourcedId"),
      lineItem: b.label("lineItemSourcedId"),
      student: b.label("studentSourcedId"),
      score: b.label("score"),
      status: b.label("scoreStatus"),
    },
  };
  // Scores and dates repeat across hundreds of thousands of rows: each distinct text is checked once.
  const scores = new Map<string, ReturnType<typeof parseScore>>();
  const dates = new Map<string, boolean>();
  const hasComment = b.has("comment");
  for (const row of b.table.rows) {
    const start = rowStart(b, row, mode, seen, problems);
    if (!start) continue;
    if (!start.active) {
      if (mode === "delta")
        data.deleted.results.push({ ref: start.ref, key: `s:${start.sourcedId}`, sourcedId: start.sourcedId });
      continue;
    }
    let ok = true;
    const lineItemId = b.get(row, "lineItemSourcedId") ?? "";
    const studentId = b.get(row, "studentSourcedId") ?? "";
    for (const [column, value] of [
      ["lineItemSourcedId", lineItemId],
      ["studentSourcedId", studentId],
    ] as const) {
      if (value === "") {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: "the value is empty",
          fix: `fill the ${column}`,
        });
        ok = false;
      }
    }
    const statusText = b.get(row, "scoreStatus") ?? "";
    const status = statusText.toLowerCase().replace(/\s+/g, " ");
    if (status !== "" && status !== "fully graded") {
      if (SCORE_STATUSES_SKIPPED.has(status)) {
        // Not a grade (yet): the row is read, its grade (if any) left as it is, and it is never a removal.
        warnings.add({
          file,
          line: row.line,
          column: b.label("scoreStatus"),
          message: `${quote(statusText)}: the portal keeps fully graded results only`,
          fix: "nothing: the row is skipped (a grade the portal already has for it stays as it is)",
        });
        data.ignored.grades = (data.ignored.grades ?? 0) + 1;
        data.skippedResults.add(start.sourcedId);
        continue;
      }
      problems.add({
        file,
        line: row.line,
        column: b.label("scoreStatus"),
        message: `${quote(statusText)} is not a score status`,
        fix: "write fully graded (exempt, not submitted, partially graded and submitted rows are skipped)",
      });
      ok = false;
    }
    const scoreText = b.get(row, "score") ?? "";
    let score100 = 0;
    if (scoreText === "") {
      problems.add({
        file,
        line: row.line,
        column: b.label("score"),
        message: "the score is empty",
        fix: "fill the score (e.g. 8.5), or mark the result with its scoreStatus (e.g. not submitted)",
      });
      ok = false;
    } else {
      let score = scores.get(scoreText);
      if (!score) scores.set(scoreText, (score = parseScore(scoreText)));
      if (!score.ok) {
        problems.add({ file, line: row.line, column: b.label("score"), message: score.message, fix: score.fix });
        ok = false;
      } else score100 = score.value;
    }
    const dateText = b.get(row, "scoreDate") ?? "";
    let dateOk = dateText === "" || dates.get(dateText);
    if (dateOk === undefined)
      dates.set(dateText, (dateOk = isDate(dateText) || (isDateTime(dateText) && dateText.length > 10)));
    if (!dateOk) {
      problems.add({
        file,
        line: row.line,
        column: b.label("scoreDate"),
        message: `${quote(dateText)} is not a date`,
        fix: "write it as YYYY-MM-DD",
      });
      ok = false;
    }
    if (!ok) continue;
    data.results.push({
      line: row.line,
      sourcedId: start.sourcedId,
      lineItemId,
      studentId,
      score100,
      comment: hasComment ? b.get(row, "comment") || null : undefined,
      scoreDate: dateText === "" ? undefined : dateText.slice(0, 10),
    });
  }
}
