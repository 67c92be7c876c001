import type { Message } from "@/lib/i18n/message";
// The internal roster model (decision 012): what an upload says, whichever format it came in.
// OneRoster files and the two spreadsheet templates are both read into this, and the plan and the
// apply only ever see this. Pure types.

export type PortalRole = "student" | "parent" | "instructor" | "admin";
export type Relationship = "mother" | "father" | "guardian" | "grandparent" | "other";
export type FileMode = "bulk" | "delta";
export type RosterFormat = "oneroster" | "spreadsheet";
export const ENTITIES = [
  "users",
  "classes",
  "enrollments",
  "guardians",
  "terms",
  "categories",
  "assignments",
  "grades",
] as const;
export type RosterEntity = (typeof ENTITIES)[number];
/** The files a manifest can call bulk or delta, by the entity they carry. */
export type FileEntity =
  "users" | "classes" | "enrollments" | "terms" | "categories" | "assignments" | "grades" | "demographics";

export interface SourceRef {
  file: string;
  line: number;
}

export interface NameParts {
  given: string;
  family: string;
}

/**
 * A person. `key` is "s:<sourcedId>" (kept on the row) or, for spreadsheet rows without an id,
 * "u:<username>". A field left undefined is not carried by the upload: the portal's value stays.
 */
export interface RosterUser {
  ref: SourceRef;
  key: string;
  sourcedId: string | null;
  /** null: the upload does not say (a delta row with no role): the portal's role stays. */
  role: PortalRole | null;
  /** null: keep the portal's name (a spreadsheet row naming an existing person by username only). */
  name: string | null;
  /**
   * The given and family names as the file has them (issue 29: the export writes them back
   * unchanged); undefined when the row does not carry them (a whole-name spreadsheet cell).
   */
  nameParts?: NameParts;
  /** null: keep the portal's username, or make one up for a new person from `usernameHint`. */
  username: string | null;
  usernameHint: string;
  email?: string | null;
  phoneNumber?: string | null;
  parent1Number?: string | null;
  parent2Number?: string | null;
  dateOfBirth?: string | null;
  /** The relationship a new guardian link of this parent gets (from the OneRoster role). */
  relationship?: Relationship;
  /**
   * agentSourcedIds as user keys; undefined when the file has no such column. `relationship`:
   * the link's own, from the portal's ext_portal_agentRelationships column (its own exports).
   */
  agents?: { key: string; id: string; relationship?: Relationship }[];
  /** orgSourcedIds: the schools (and district) the person belongs to; undefined when the file has no such column. */
  orgIds?: string[];
  /** Column names as written in the file, for messages. */
  labels: { role: string; username: string; agents: string; name: string };
}

/** A class (a portal level). `key` is "s:<sourcedId>" or, from the spreadsheet, "c:<code>". */
export interface RosterClass {
  ref: SourceRef;
  key: string;
  sourcedId: string | null;
  /** The code a new class gets (and the code it may match an existing class by). */
  code: string;
  /** True when `code` came from the file as written (classCode, class_code), so it may match a portal class. */
  codeFromFile: boolean;
  /** Why `code` is not the file's classCode as written: a warning when the class is new. */
  codeNote?: { message: Message; fix: Message };
  name: string | null;
  period?: string | null;
  level?: string | null;
  /** termSourcedIds: the class's year is theirs (issue 41); undefined when the upload does not say. */
  termIds?: string[];
  /** schoolSourcedId: the school the class belongs to (a district's set, issue 42); undefined when empty. */
  schoolId?: string;
  labels: { code: string; name: string };
}

export interface RosterEnrollment {
  ref: SourceRef;
  sourcedId: string | null;
  userKey: string;
  classKey: string;
  /** schoolSourcedId: routes a district's delta row whose class the upload does not repeat. */
  schoolId?: string;
  role: "student" | "teacher";
  primary: boolean;
  /** beginDate (YYYY-MM-DD) → enrolled_at; undefined or empty: the portal's (or, new, today). */
  beginDate?: string;
  labels: { user: string; class: string; role: string };
}

/** A grade category (categories.csv). Portal categories are school-wide names: rows with one title are one category. */
export interface RosterCategory {
  ref: SourceRef;
  sourcedId: string;
  title: string;
  labels: { title: string };
}

/**
 * A line item (lineItems.csv) → an assignment. A field left undefined is not carried (the file
 * has no such column): the portal's value stays.
 */
export interface RosterLineItem {
  ref: SourceRef;
  sourcedId: string;
  classKey: string;
  title: string;
  description?: string;
  /** An ISO 8601 instant (UTC, milliseconds), or null (no due date). */
  dueDate?: string | null;
  /** An ISO 8601 instant → created_at; null: the file's cell is empty (the portal's, or now). */
  assignDate?: string | null;
  /** The category's sourcedId; null: none. */
  categoryId?: string | null;
  maxScore: number;
  labels: { class: string; category: string; max: string; title: string };
}

/** A result (results.csv) → a grade; kept small, a school has hundreds of thousands. */
export interface RosterResult {
  line: number;
  sourcedId: string;
  lineItemId: string;
  studentId: string;
  /** The score in hundredths (8.5 → 850). */
  score100: number;
  /** comment → feedback: undefined when the file has no comment column; null when the cell is empty. */
  comment?: string | null;
  /** scoreDate (YYYY-MM-DD) → graded_at; undefined or empty: the portal's (or, new, now). */
  scoreDate?: string;
}

/** A demographics.csv row → the user's date of birth; null clears it. */
export interface RosterBirthDate {
  ref: SourceRef;
  key: string;
  sourcedId: string;
  dateOfBirth: string | null;
}

export interface RosterTerm {
  ref: SourceRef;
  sourcedId: string;
  title: string;
  type: string;
  startDate: string;
  endDate: string;
  parentSourcedId: string | null;
  schoolYear: number | null;
}

/** A row a delta file marks tobedeleted. */
export interface DeletedRow {
  ref: SourceRef;
  key: string;
  sourcedId: string;
}

/** An orgs.csv row: a district's set names its district and its schools (issue 42). */
export interface RosterOrg {
  ref: SourceRef;
  sourcedId: string;
  name: string;
  /** OneRoster's org type, lower-case: "district", "school", … ("" when the file does not say). */
  type: string;
  parentSourcedId: string | null;
}

export interface RosterDataset {
  format: RosterFormat;
  /** orgs.csv's rows (OneRoster; none for the spreadsheet templates). */
  orgs: RosterOrg[];
  /** Per entity: bulk (the full list: roster rows missing from it go), delta (changes only), or absent (undefined). */
  modes: Partial<Record<FileEntity, FileMode>>;
  /** Spreadsheets add and update only: nothing is removed, and a blank cell keeps the portal's value. */
  upsertOnly: boolean;
  users: RosterUser[];
  classes: RosterClass[];
  enrollments: RosterEnrollment[];
  terms: RosterTerm[];
  categories: RosterCategory[];
  lineItems: RosterLineItem[];
  results: RosterResult[];
  /** Birth dates of users the users file does not list (those it lists carry theirs on the row). */
  birthDates: RosterBirthDate[];
  /** results.csv's name as uploaded, and its column labels, for messages about result rows. */
  resultsFile: {
    name: string;
    labels: Record<"sourcedId" | "lineItem" | "student" | "score" | "status", string>;
  } | null;
  /** Result rows read but not imported (a scoreStatus other than fully graded): their grades are left as they are. */
  skippedResults: Set<string>;
  deleted: {
    users: DeletedRow[];
    classes: DeletedRow[];
    enrollments: DeletedRow[];
    terms: DeletedRow[];
    categories: DeletedRow[];
    lineItems: DeletedRow[];
    results: DeletedRow[];
  };
  /** Whether the users file carries guardian links (an agentSourcedIds column). */
  agentsCarried: boolean;
  /** Keys of rows refused with a problem: references to them are not reported again. */
  refused: { users: Set<string>; classes: Set<string>; categories: Set<string>; lineItems: Set<string> };
  /** Where each refused user and class row is, and each row marked tobedeleted (any mode): the root cause a dependent row names. */
  causes: {
    refused: { users: Map<string, SourceRef>; classes: Map<string, SourceRef> };
    deleted: { users: Map<string, SourceRef>; classes: Map<string, SourceRef> };
  };
  /** Files that could not be read whole (a missing column, a broken row): references into them are not checked. */
  broken: Set<FileEntity>;
  /** Rows read but not kept by the portal (enrollments of aides, proctors…), per entity. */
  ignored: Partial<Record<RosterEntity, number>>;
}

export function emptyDataset(format: RosterFormat): RosterDataset {
  return {
    format,
    orgs: [],
    modes: {},
    upsertOnly: format === "spreadsheet",
    users: [],
    classes: [],
    enrollments: [],
    terms: [],
    categories: [],
    lineItems: [],
    results: [],
    birthDates: [],
    resultsFile: null,
    skippedResults: new Set(),
    deleted: { users: [], classes: [], enrollments: [], terms: [], categories: [], lineItems: [], results: [] },
    agentsCarried: false,
    refused: { users: new Set(), classes: new Set(), categories: new Set(), lineItems: new Set() },
    causes: { refused: { users: new Map(), classes: new Map() }, deleted: { users: new Map(), classes: new Map() } },
    broken: new Set(),
    ignored: {},
  };
}
