import { bindColumns, normalizeHeader, parseCsv, type BoundTable, type CsvRow } from "./csv";
import { FIELD_LIMITS } from "./limits";
import { emptyDataset, type PortalRole, type RosterDataset, type RosterUser } from "./model";
import { quote, type RosterProblem } from "./problems";
import type { CsvText } from "./read-upload";
import { STAFF_TEMPLATE, STUDENT_TEMPLATE } from "./templates";
import { CLASS_CODE_SHAPE, isDate, looksLikeExcelNumber, phoneDigitCount, slugUsername, splitList } from "./values";

// The two spreadsheet templates (docs/roster-templates.md) into the roster model. A school without a
// SIS keeps its lists in a spreadsheet: these imports add and update, never remove, and a blank cell
// keeps what the portal has (decision 012). Pure.

type Sink = { add(p: RosterProblem): void };

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
        message: "the header matches neither template (students, or staff and classes)",
        fix: "start from a template downloaded from the import page and keep its header row",
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

const labelsOf = (b: BoundTable, name: string, username: string) => ({
  role: b.label("role"),
  username: b.label(username),
  agents: "",
  name: b.label(name),
});

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
        message: "the student has neither a student_id nor a username",
        fix: "give every student a student_id (best) or a username",
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
        message: `${quote(id || username)} is also on line ${first}`,
        fix: "list each student once (put all their classes in class_codes)",
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
        message: `${quote(dob)} is not a date`,
        fix: "write it as YYYY-MM-DD (format the column as Text so the spreadsheet keeps it)",
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
          message: `${quote(v)} is a number the spreadsheet rewrote, not a phone number`,
          fix: "format the column as Text and type the numbers again",
        });
        ok = false;
      } else if (v && tooLong(b, row, column, v, FIELD_LIMITS.phone, problems)) ok = false;
      else if (v && phoneDigitCount(v) < 7) {
        warnings.add({
          file,
          line: row.line,
          column: b.label(column),
          message: `${quote(v)} has fewer than 7 digits`,
          fix: "write the whole number: only whole numbers link a parent's account to the student",
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
          message: `${quote(code)} is not a class code`,
          fix: "separate class codes with ; and use the codes the portal shows",
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

const STAFF_ROLES: Record<string, PortalRole> = {
  "": "instructor",
  teacher: "instructor",
  instructor: "instructor",
  admin: "admin",
  administrator: "admin",
};

function readStaff(b: BoundTable, data: RosterDataset, users: Map<string, RosterUser>, problems: Sink): void {
  const file = b.table.file;
  const classLines = new Map<string, number>();
  for (const row of b.table.rows) {
    const ref = { file, line: row.line };
    let ok = true;
    const code = b.get(row, "class_code") ?? "";
    const username = b.get(row, "teacher_username") ?? "";
    const teacherName = (b.get(row, "teacher_name") ?? "").replace(/\s+/g, " ");
    const email = b.get(row, "teacher_email") || undefined;
    const roleText = (b.get(row, "role") ?? "").toLowerCase();
    if (!code && !username) {
      problems.add({
        file,
        line: row.line,
        column: b.label("class_code"),
        message: "the row has neither a class_code nor a teacher_username",
        fix: "fill class_code for a class, teacher_username for a person, or both",
      });
      continue;
    }
    if (code) {
      const first = classLines.get(code);
      if (!CLASS_CODE_SHAPE.test(code)) {
        problems.add({
          file,
          line: row.line,
          column: b.label("class_code"),
          message: `${quote(code)} cannot be a class code`,
          fix: "use letters, digits, '.', '_' and '-' (at most 50)",
        });
        ok = false;
      } else if (first !== undefined) {
        problems.add({
          file,
          line: row.line,
          column: b.label("class_code"),
          message: `the class ${quote(code)} is also on line ${first}`,
          fix: "one row per class: a class has one teacher in the portal",
        });
        ok = false;
      } else classLines.set(code, row.line);
      for (const [column, max] of [
        ["class_name", FIELD_LIMITS.title],
        ["period", FIELD_LIMITS.period],
        ["level", FIELD_LIMITS.level],
      ] as const) {
        if (tooLong(b, row, column, b.get(row, column) ?? "", max, problems)) ok = false;
      }
    }
    let role: PortalRole | undefined;
    if (username) {
      role = STAFF_ROLES[roleText];
      if (!role) {
        problems.add({
          file,
          line: row.line,
          column: b.label("role"),
          message: `${quote(b.get(row, "role") ?? "")} is not a staff role`,
          fix: "write teacher or admin (or leave it empty for a teacher)",
        });
        ok = false;
      } else if (role === "admin" && code) {
        problems.add({
          file,
          line: row.line,
          column: b.label("role"),
          message: "an admin cannot be a class's teacher",
          fix: "give the class a teacher, or put the admin on a row of their own without a class",
        });
        ok = false;
      }
      if (tooLong(b, row, "teacher_username", username, FIELD_LIMITS.username, problems)) ok = false;
      if (tooLong(b, row, "teacher_name", teacherName, FIELD_LIMITS.name, problems)) ok = false;
      if (email && tooLong(b, row, "teacher_email", email, FIELD_LIMITS.email, problems)) ok = false;
    } else if (teacherName || email || roleText) {
      problems.add({
        file,
        line: row.line,
        column: b.label("teacher_username"),
        message: "the teacher has no username",
        fix: "fill teacher_username: it is how the portal knows the person",
      });
      ok = false;
    }
    if (!ok) {
      if (code) data.refused.classes.add(`c:${code}`);
      if (username) data.refused.users.add(`u:${username}`);
      continue;
    }
    const key = `u:${username}`;
    if (username) {
      const had = users.get(key);
      if (had) {
        const clash =
          (teacherName && had.name && teacherName !== had.name && "teacher_name") ||
          (email && had.email && email !== had.email && "teacher_email") ||
          (role !== had.role && "role");
        if (clash) {
          problems.add({
            file,
            line: row.line,
            column: b.label(clash),
            message: `${quote(username)} is given another ${clash.replace("teacher_", "")} on line ${had.ref.line}`,
            fix: "give a person the same name, e-mail and role on every row",
          });
          data.refused.users.add(key);
          if (code) data.refused.classes.add(`c:${code}`);
          continue;
        }
        had.name ??= teacherName || null;
        had.email ??= email;
      } else {
        const user: RosterUser = {
          ref,
          key,
          sourcedId: null,
          role: role!,
          name: teacherName || null,
          username,
          usernameHint: username,
          email,
          labels: labelsOf(b, "teacher_name", "teacher_username"),
        };
        users.set(key, user);
        data.users.push(user);
      }
    }
    if (code) {
      data.classes.push({
        ref,
        key: `c:${code}`,
        sourcedId: null,
        code,
        codeFromFile: true,
        name: b.get(row, "class_name") || null,
        period: b.get(row, "period") || undefined,
        level: b.get(row, "level") || undefined,
        labels: { code: b.label("class_code"), name: b.label("class_name") },
      });
      if (username)
        data.enrollments.push({
          ref,
          sourcedId: null,
          userKey: key,
          classKey: `c:${code}`,
          role: "teacher",
          primary: true,
          labels: { user: b.label("teacher_username"), class: b.label("class_code"), role: b.label("role") },
        });
    }
  }
}

function tooLong(b: BoundTable, row: CsvRow, column: string, value: string, max: number, problems: Sink): boolean {
  if (value.length <= max) return false;
  problems.add({
    file: b.table.file,
    line: row.line,
    column: b.label(column),
    message: `the value is ${value.length} characters long, more than the ${max} the portal keeps`,
    fix: `shorten it to ${max} characters`,
  });
  return true;
}
