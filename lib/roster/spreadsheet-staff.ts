// The staff template's reader: teachers and admins, and the classes each teacher's row names (docs/roster-templates.md).
import { type BoundTable } from "./csv-columns";
import { FIELD_LIMITS } from "./limits";
import { type PortalRole, type RosterDataset, type RosterUser } from "./model";
import { quote } from "./problems";
import { CLASS_CODE_SHAPE } from "./values";
import { msg } from "@/lib/i18n/message";
import { labelsOf, tooLong, type Sink } from "./spreadsheet-cells";

/** The value two rows of one person give differently, as its sentence names it. */
const CLASH_WORD = {
  teacher_name: msg("admin.rosterReport.parts.name"),
  teacher_email: msg("admin.rosterReport.parts.email"),
  role: msg("admin.rosterReport.parts.role"),
};
const STAFF_ROLES: Record<string, PortalRole> = {
  "": "instructor",
  teacher: "instructor",
  instructor: "instructor",
  admin: "admin",
  administrator: "admin",
};

export function readStaff(b: BoundTable, data: RosterDataset, users: Map<string, RosterUser>, problems: Sink): void {
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
        message: msg("admin.rosterReport.text.rowHasNeitherClass"),
        fix: msg("admin.rosterReport.text.fillClassCodeFor"),
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
          message: msg("admin.rosterReport.text.cannotBeClassCode2", { a: quote(code) }),
          fix: msg("admin.rosterReport.text.useLettersDigitsAt"),
        });
        ok = false;
      } else if (first !== undefined) {
        problems.add({
          file,
          line: row.line,
          column: b.label("class_code"),
          message: msg("admin.rosterReport.text.classAlsoOnLine", { a: quote(code), b: first }),
          fix: msg("admin.rosterReport.text.oneRowPerClass"),
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
          message: msg("admin.rosterReport.text.notStaffRole", { a: quote(b.get(row, "role") ?? "") }),
          fix: msg("admin.rosterReport.text.writeTeacherAdminLeave"),
        });
        ok = false;
      } else if (role === "admin" && code) {
        problems.add({
          file,
          line: row.line,
          column: b.label("role"),
          message: msg("admin.rosterReport.text.adminCannotBeClass"),
          fix: msg("admin.rosterReport.text.giveClassTeacherPut"),
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
        message: msg("admin.rosterReport.text.teacherHasNoUsername"),
        fix: msg("admin.rosterReport.text.fillTeacherUsernameHow"),
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
            message: msg("admin.rosterReport.text.givenAnotherOnLine", {
              a: quote(username),
              b: CLASH_WORD[clash],
              c: had.ref.line,
            }),
            fix: msg("admin.rosterReport.text.givePersonSameName"),
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
