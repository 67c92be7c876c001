import type { ColumnSpec } from "./csv-columns";

// The two spreadsheet templates (docs/roster-templates.md), defined once: the reader binds these
// columns, the page offers these files, and a test checks that public/templates/ and the docs say
// the same (templates that drift from their docs are a classic import complaint). Pure.

export interface TemplateColumn extends ColumnSpec {
  description: string;
  example: string;
}

export interface RosterTemplate {
  id: "students" | "staff";
  fileName: string;
  title: string;
  columns: readonly TemplateColumn[];
  /** Example rows, for the documentation (the downloadable file has the header only). */
  examples: readonly (readonly string[])[];
}

export const STUDENT_TEMPLATE: RosterTemplate = {
  id: "students",
  fileName: "students.csv",
  title: "Students",
  columns: [
    {
      name: "student_id",
      aliases: ["studentId", "sis_id", "student_number", "sourcedId"],
      description:
        "The school's own number for the student. Optional, but it is how a later import finds the same student even after a change of username.",
      example: "S1001",
    },
    {
      name: "first_name",
      aliases: ["firstName", "given_name", "givenName"],
      description: "First name (needed for a new student; blank keeps the portal's).",
      example: "Ava",
    },
    {
      name: "last_name",
      aliases: ["lastName", "family_name", "familyName", "surname"],
      description: "Last name (needed for a new student).",
      example: "Johnson",
    },
    {
      name: "name",
      aliases: ["full_name", "student_name"],
      description: "The whole name, instead of first_name and last_name.",
      example: "",
    },
    {
      name: "username",
      aliases: ["userName", "login"],
      description:
        "The username shown in the portal. Needed when there is no student_id; made from the name (or e-mail) otherwise.",
      example: "ava.johnson",
    },
    {
      name: "email",
      aliases: ["email_address", "emailAddress"],
      description: "E-mail address. Optional.",
      example: "ava.johnson@school.example",
    },
    {
      name: "date_of_birth",
      aliases: ["dob", "birth_date", "birthDate"],
      description: "YYYY-MM-DD. Optional.",
      example: "2010-04-17",
    },
    {
      name: "class_codes",
      aliases: ["class_code", "classes", "classCodes"],
      description:
        "The codes of the student's classes, separated by ; (classes in the portal or in the staff and classes file).",
      example: "BIO-1;GEO-2",
    },
    {
      name: "parent1_phone",
      aliases: ["parent_phone", "parent1", "parent1_number"],
      description: "A parent's phone number; a parent account with the same number is linked to the student. Optional.",
      example: "555-201-0001",
    },
    {
      name: "parent2_phone",
      aliases: ["parent2", "parent2_number"],
      description: "A second parent's phone number. Optional.",
      example: "",
    },
  ],
  examples: [
    [
      "S1001",
      "Ava",
      "Johnson",
      "",
      "ava.johnson",
      "ava.johnson@school.example",
      "2010-04-17",
      "BIO-1;GEO-2",
      "555-201-0001",
      "",
    ],
    ["S1002", "Liam", "Johnson", "", "", "", "", "GEO-2", "555-201-0001", "(555) 201-0099"],
  ],
};

export const STAFF_TEMPLATE: RosterTemplate = {
  id: "staff",
  fileName: "staff-and-classes.csv",
  title: "Staff and classes",
  columns: [
    {
      name: "class_code",
      aliases: ["classCode", "code"],
      description:
        "The class's code (letters, digits, '.', '_' and '-'; at most 50): it is the class's address in the portal and what students' class_codes refer to. Leave empty on a row that only adds a person.",
      example: "BIO-1",
    },
    {
      name: "class_name",
      aliases: ["className", "class_title", "title"],
      description: "The class's name. Needed for a new class.",
      example: "Biology",
    },
    { name: "period", aliases: ["periods"], description: "Period. Optional.", example: "2" },
    {
      name: "level",
      aliases: ["grade", "grades", "grade_level"],
      description: "Level or grade. Optional.",
      example: "10",
    },
    {
      name: "teacher_username",
      aliases: ["teacherUsername", "username", "staff_username"],
      description:
        "The teacher's (or admin's) username: how the portal knows the person. Leave empty for a class without a teacher.",
      example: "dchen",
    },
    {
      name: "teacher_name",
      aliases: ["teacherName", "staff_name"],
      description: "The person's name. Needed for a new person.",
      example: "David Chen",
    },
    {
      name: "teacher_email",
      aliases: ["teacherEmail", "staff_email"],
      description: "E-mail address. Optional.",
      example: "dchen@school.example",
    },
    {
      name: "role",
      aliases: ["staff_role"],
      description:
        "teacher (the default) or admin. An admin is not a class's teacher: put them on a row without a class.",
      example: "teacher",
    },
  ],
  examples: [
    ["BIO-1", "Biology", "2", "10", "dchen", "David Chen", "dchen@school.example", "teacher"],
    ["GEO-2", "Geometry", "3", "10", "erivera", "Elena Rivera", "", "teacher"],
    ["", "", "", "", "amorgan", "Alex Morgan", "amorgan@school.example", "admin"],
  ],
};

export const ROSTER_TEMPLATES = [STUDENT_TEMPLATE, STAFF_TEMPLATE] as const;

/** The downloadable file: the header row, UTF-8 with a byte-order mark so Excel keeps accents. */
export function templateCsv(template: RosterTemplate, withExamples = false): string {
  const rows = [template.columns.map((c) => c.name), ...(withExamples ? template.examples : [])];
  return `\uFEFF${rows.map((r) => r.map((v) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")).join("\r\n")}\r\n`;
}

/** The template's column table as docs/roster-templates.md shows it (a test keeps the two equal). */
export function templateMarkdown(template: RosterTemplate): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const lines = ["| column | also read as | what it holds | example |", "| --- | --- | --- | --- |"];
  for (const c of template.columns)
    lines.push(
      `| \`${c.name}\` | ${(c.aliases ?? []).map((a) => `\`${a}\``).join(", ")} | ${cell(c.description)} | ${c.example ? `\`${cell(c.example)}\`` : ""} |`,
    );
  return lines.join("\n");
}
