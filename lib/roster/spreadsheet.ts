import { normalizeHeader, parseCsv } from "./csv";
import { bindColumns, type BoundTable } from "./csv-columns";
import { FIELD_LIMITS } from "./limits";
import { emptyDataset, type RosterDataset, type RosterUser } from "./model";
import { quote } from "./problems";
import type { CsvText } from "./read-upload";
import { STAFF_TEMPLATE, STUDENT_TEMPLATE } from "./templates";
import { CLASS_CODE_SHAPE, isDate, looksLikeExcelNumber, phoneDigitCount, slugUsername, splitList } from "./values";
import { msg } from "@/lib/i18n/message";
import { labelsOf, tooLong, type Sink } from "./spreadsheet-cells";
import { readStaff } from "./spreadsheet-staff";

// The two spreadsheet templates (docs/roster-templates.md) into the roster model. A school without a
// SIS keeps its lists in a spreadsheet: these imports add and update, never remove, and a blank cell
// keeps what the portal has (decision 012). Pure. The staff template is read in spreadsheet-staff.ts.

/** Which template a CSV follows, from its header (file names get changed; headers rarely do). */
export function templateOf(text: CsvText): "students" | "staff" | null {
  const firstLine = text.text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/, 1)[0] ?? "";
  const headers = new Set(firstLine.split(/[,;\t]/).map((h) => normalizeHeader(h.replace(/"/g, ""))));
  if (headers.has("teacherusername") || headers.has("classname")) return "staff";
  if (["studentid", "classcodes", "firstname", "parent1phone"].some((h) => headers.has(h))) return "students";
  return null;
}

export function readSpreadsheets(texts: readonly CsvText[], problems: Sink, warnings: Sink): RosterDataset {
  const data = emptyDataset("spreadsheet");
  const students: CsvText[] = [];
  const staff: CsvText[] = [];
  for (const t of texts) {
    const kind = templateOf(t);
    if (kind === "students") students.push(t);
    else if (kind === "staff") staff.push(t);
    else
      problems.add({
        file: t.name,
        line: 1,
        column: "header",
        message: msg("admin.rosterReport.text.headerMatchesNeitherTemplate"),
        fix: msg("admin.rosterReport.text.startFromTemplateDownloaded"),
      });
  }
  if (staff.length) data.modes.classes = "delta";
  if (students.length || staff.length) data.modes.users = "delta";
  data.modes.enrollments = "delta";
  const users = new Map<string, RosterUser>();
  for (const t of staff) {
    const table = parseCsv(t.name, t.text, problems);
    if (!table || table.damaged) data.broken.add("users").add("classes");
    if (table) readStaff(bindColumns(table, STAFF_TEMPLATE.columns, problems), data, users, problems);
  }
  for (const t of students) {
    const table = parseCsv(t.name, t.text, problems);
    if (!table || table.damaged) data.broken.add("users");
    if (table) readStudents(bindColumns(table, STUDENT_TEMPLATE.columns, problems), data, users, problems, warnings);
  }
  return data;
}

function readStudents(
  b: BoundTable,
  data: RosterDataset,
  users: Map<string, RosterUser>,
  problems: Sink,
  warnings: Sink,
): void {
  const file = b.table.file;
  const seen = new Map<string, number>();
  for (const row of b.table.rows) {
    const ref = { file, line: row.line };
    let ok = true;
    const id = b.get(row, "student_id") ?? "";
    const username = b.get(row, "username") ?? "";
    const tidy = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ");
    // First and last names are kept as written (the export gives them back); a whole name is not split.
    const nameParts =
      b.get(row, "name") || !(b.get(row, "first_name") || b.get(row, "last_name"))
        ? undefined
        : { given: tidy(b.get(row, "first_name")), family: tidy(b.get(row, "last_name")) };
    const name = tidy(b.get(row, "name") || `${b.get(row, "first_name") ?? ""} ${b.get(row, "last_name") ?? ""}`);
    if (!id && !username) {
      problems.add({
        file,
        line: row.line,
        column: b.label(b.has("student_id") ? "student_id" : "username"),
        message: msg("admin.rosterReport.text.studentHasNeitherStudent"),
        fix: msg("admin.rosterReport.text.giveEveryStudentStudent"),
      });
      continue;
    }
    const key = id ? `s:${id}` : `u:${username}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add({
        file,
        line: row.line,
        column: b.label(id ? "student_id" : "username"),
        message: msg("admin.rosterReport.text.alsoOnLine", { a: quote(id || username), b: first }),
        fix: msg("admin.rosterReport.text.listEachStudentOnce"),
      });
      continue;
    }
    seen.set(key, row.line);
    // A blank name keeps the portal's (a row may only add classes); a new student needs one (the plan says so).
    if (
      name !== "" &&
      tooLong(b, row, b.has("name") && b.get(row, "name") ? "name" : "first_name", name, FIELD_LIMITS.name, problems)
    )
      ok = false;
    if (id.length > FIELD_LIMITS.sourcedId && tooLong(b, row, "student_id", id, FIELD_LIMITS.sourcedId, problems))
      ok = false;
    if (tooLong(b, row, "username", username, FIELD_LIMITS.username, problems)) ok = false;
    const email = b.get(row, "email") || undefined;
    if (email && tooLong(b, row, "email", email, FIELD_LIMITS.email, problems)) ok = false;
    const dob = b.get(row, "date_of_birth") || undefined;
    if (dob && !isDate(dob)) {
      problems.add({
        file,
        line: row.line,
        column: b.label("date_of_birth"),
        message: msg("admin.rosterReport.text.notDate", { a: quote(dob) }),
        fix: msg("admin.rosterReport.text.writeAsYYYYMM2"),
      });
      ok = false;
    }
    const phones: Record<"parent1_phone" | "parent2_phone", string | undefined> = {
      parent1_phone: undefined,
      parent2_phone: undefined,
    };
    for (const column of ["parent1_phone", "parent2_phone"] as const) {
      const v = b.get(row, column) || undefined;
      if (v && looksLikeExcelNumber(v)) {
        problems.add({
          file,
          line: row.line,
          column: b.label(column),
          message: msg("admin.rosterReport.text.numberSpreadsheetRewroteNot2", { a: quote(v) }),
          fix: msg("admin.rosterReport.text.formatColumnAsText"),
        });
        ok = false;
      } else if (v && tooLong(b, row, column, v, FIELD_LIMITS.phone, problems)) ok = false;
      else if (v && phoneDigitCount(v) < 7) {
        warnings.add({
          file,
          line: row.line,
          column: b.label(column),
          message: msg("admin.rosterReport.text.hasFewerThan7", { a: quote(v) }),
          fix: msg("admin.rosterReport.text.writeWholeNumberOnly"),
        });
      }
      phones[column] = v;
    }
    const codes = splitList(b.get(row, "class_codes") ?? "", /\s*[,;|]\s*/);
    for (const code of codes) {
      if (!CLASS_CODE_SHAPE.test(code)) {
        problems.add({
          file,
          line: row.line,
          column: b.label("class_codes"),
          message: msg("admin.rosterReport.text.notClassCode", { a: quote(code) }),
          fix: msg("admin.rosterReport.text.separateClassCodesWith"),
        });
        ok = false;
      }
    }
    if (!ok) {
      data.refused.users.add(key);
      continue;
    }
    const user: RosterUser = {
      ref,
      key,
      sourcedId: id || null,
      role: "student",
      name: name || null,
      nameParts,
      username: username || null,
      usernameHint: email || slugUsername(name) || slugUsername(id) || "student",
      email,
      dateOfBirth: dob,
      parent1Number: phones.parent1_phone,
      parent2Number: phones.parent2_phone,
      labels: labelsOf(b, b.has("first_name") ? "first_name" : "name", "username"),
    };
    users.set(key, user);
    data.users.push(user);
    for (const code of new Set(codes)) {
      data.enrollments.push({
        ref,
        sourcedId: null,
        userKey: key,
        classKey: `c:${code}`,
        role: "student",
        primary: false,
        labels: {
          user: b.label(id ? "student_id" : "username"),
          class: b.label("class_codes"),
          role: b.label("class_codes"),
        },
      });
    }
  }
}
