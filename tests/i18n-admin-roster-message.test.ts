import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { rosterTranslatorFor } from "@/lib/i18n/admin-roster-message";
import { formatGroup, previewRosterImport } from "@/lib/roster/import";
import type { ProblemGroup, RosterProblem } from "@/lib/roster/problems";
import {
  csv,
  enrollmentRow,
  lineItemRow,
  LINEITEMS_HEADER,
  looseUpload,
  manifest,
  resultRow,
  RESULTS_HEADER,
  smallSchool,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "@/lib/roster/test-support";
import { useTestDatabase } from "./support/test-db";

// Issue 31: the roster import's problems, warnings and removal reasons keep lib/roster's English (the
// command line, the sync's e-mail and the history read it) and reach a Spanish-reading admin in
// Spanish (lib/i18n/admin-roster-message.ts, at lib/roster-web's edge). The catalog's English is a
// pattern per sentence: one lib/roster no longer writes that way would reach the admin in English.

useTestDatabase();

const es = rosterTranslatorFor("es");
const en = rosterTranslatorFor("en");

// Sentences as lib/roster writes them, names, values and nested wording included.
const SENTENCES: [string, string][] = [
  ['"coach" is not a role the portal has', '"coach" no es un rol que tenga el portal'],
  [
    "use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)",
    "use student, teacher, administrator, parent, guardian o relative (los auxiliares y supervisores no tienen cuenta en el portal: déjelos fuera)",
  ],
  ['"not-an-email" is not an e-mail address', '"not-an-email" no es una dirección de correo electrónico'],
  ['"x1" is a teacher, enrolled as a student', '"x1" es un maestro, inscrito como estudiante'],
  [
    '"x1" is an administrator, enrolled as a student: the staff role wins',
    '"x1" es un administrador, inscrito como estudiante: prevalece el rol del personal',
  ],
  [
    '"ana" is already the username of Ana López, a parent in the portal',
    '"ana" ya es el usuario de Ana López, un padre en el portal',
  ],
  ['"ana" is already the username of the user on line 4', '"ana" ya es el usuario de el usuario de la línea 4'],
  [
    'the assignment "Quiz 1" of "bio9" is no longer in the roster but has 3 grades',
    'la tarea "Quiz 1" de "bio9" ya no está en el padrón pero tiene 3 calificaciones',
  ],
  [
    'the assignment "Quiz 1" of "bio9" is no longer in the roster but has submissions',
    'la tarea "Quiz 1" de "bio9" ya no está en el padrón pero tiene entregas',
  ],
  [
    'Liam Johnson\'s grade on assignment "q1" (Biology 9) will be deleted',
    'la calificación de Liam Johnson en tarea "q1" (Biology 9) se eliminará',
  ],
  ["this person would be a new administrator", "esta persona sería un administrador nuevo"],
  [
    "the import would remove 12 people (40 % of the 30 in the portal), among them the administrator Ada Admin: more than 5 % of people or an administrator needs a confirmation",
    "la importación quitaría 12 personas (40\u00a0% de las 30 del portal), entre ellas el administrador Ada Admin: más del 5\u00a0% de las personas o un administrador requiere una confirmación",
  ],
  [
    "check the list of removals; to go ahead, type 12 on the admin page (or run the command line with --allow-deletions 12)",
    "revise la lista de eliminaciones; para continuar, escriba 12 en la página de administración (o ejecute la línea de comandos con --allow-deletions 12)",
  ],
  ['"ana" is given another email on line 3', '"ana" tiene otro valor de correo electrónico en la línea 3'],
  ["the upload is 26 MB, more than the 25 MB allowed", "lo subido ocupa 26 MB, más de los 25 MB permitidos"],
  [
    "not a readable .zip file (no end of central directory)",
    "no es un archivo .zip legible (no tiene fin de directorio central)",
  ],
  // Sentences with a word in them, one by one (the scan below skips their templates).
  ['add a "role" column to the header', 'agregue una columna "role" al encabezado'],
  [
    'add a "role" column to the header, or upload a roles.csv',
    'agregue una columna "role" al encabezado, o suba un roles.csv',
  ],
  ['skipped: its user "s3" was refused at users.csv:4', 'omitida: su usuario "s3" se rechazó en users.csv:4'],
  ['skipped: its class "c1" was refused at classes.csv:2', 'omitida: su clase "c1" se rechazó en classes.csv:2'],
  [
    'skipped: its user "s3" is marked tobedeleted at users.csv:4',
    'omitida: su usuario "s3" está marcado tobedeleted en users.csv:4',
  ],
  [
    'skipped: its class "c1" is marked tobedeleted at classes.csv:2',
    'omitida: su clase "c1" está marcada tobedeleted en classes.csv:2',
  ],
  [
    "nothing here: fix the user's row and this enrollment is imported with it",
    "nada aquí: corrija la fila del usuario y esta inscripción se importará con ella",
  ],
  [
    "nothing here: fix the class's row and this enrollment is imported with it",
    "nada aquí: corrija la fila de la clase y esta inscripción se importará con ella",
  ],
  [
    'no user "s9" in the users file or the portal',
    'no hay ningún usuario "s9" en el archivo de usuarios ni en el portal',
  ],
  [
    'no class "c9" in the classes file or the portal',
    'no hay ninguna clase "c9" en el archivo de clases ni en el portal',
  ],
];

describe("the roster import's sentences in Spanish", () => {
  it.each(SENTENCES)("%s", (english, spanish) => {
    expect(es.sentence(english)).toBe(spanish);
    expect(en.sentence(english)).toBe(english);
  });

  it("the removal reason the confirmation shows", () => {
    expect(es.part("the import would remove 1 person (100 % of the 1 in the portal)")).toBe(
      "la importación quitaría 1 persona (100\u00a0% de las 1 del portal)",
    );
  });

  it("leaves a sentence it does not know in English, whole", () => {
    expect(es.sentence('"x" is not a thing the portal has ever heard of')).toBe(
      '"x" is not a thing the portal has ever heard of',
    );
  });

  it("writes a group's line in Spanish and English's exactly as lib/roster does", () => {
    const problem: RosterProblem = {
      file: "users.csv",
      line: 3,
      column: "role",
      message: '"coach" is not a role the portal has',
      fix: "use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)",
    };
    const group: ProblemGroup = { problem, count: 9, lines: [3, 5, 7, 8, 9] };
    expect(en.group(group, formatGroup)).toBe(formatGroup(group));
    expect(es.group(group, formatGroup)).toBe(
      'users.csv:3, 5, 7, 8, 9 y 4 más (9 filas): role — "coach" no es un rol que tenga el portal — use student, teacher, administrator, parent, guardian o relative (los auxiliares y supervisores no tienen cuenta en el portal: déjelos fuera)',
    );
    expect(es.group({ problem, count: 1, lines: [3] }, formatGroup)).toMatch(/^users\.csv:3: role — "coach" no es/);
    const whole: RosterProblem = {
      file: "roster.zip",
      line: 0,
      column: "file",
      message: "the upload holds no .csv file",
      fix: "upload one of each file",
    };
    expect(es.group({ problem: whole, count: 1, lines: [0] }, formatGroup)).toBe(
      "roster.zip: archivo — lo subido no contiene ningún archivo .csv — suba uno de cada archivo",
    );
    expect(en.group({ problem: whole, count: 1, lines: [0] }, formatGroup)).toBe(
      formatGroup({ problem: whole, count: 1, lines: [0] }),
    );
  });
});

// Every message and fix the roster's readers and planners write, as written in their source: the
// literal, or each branch of a choice, a `${…}` standing for a value. Each must be in the catalog.
const FILES = [
  "csv.ts",
  "dataset.ts",
  "import.ts",
  "oneroster.ts",
  "oneroster-classes.ts",
  "oneroster-gradebook.ts",
  "oneroster-manifest.ts",
  "oneroster-people.ts",
  "oneroster-rows.ts",
  "plan-classes.ts",
  "plan-gradebook.ts",
  "plan-people.ts",
  "plan-terms.ts",
  "read-upload.ts",
  "spreadsheet.ts",
  "values.ts",
];

function writtenSentences(): string[] {
  const found = new Set<string>();
  const take = (node: ts.Node) => {
    if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach(take);
    if (ts.isParenthesizedExpression(node)) return take(node.expression);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
    else if (ts.isTemplateExpression(node)) {
      // A value: a word no pattern reads as a part, so the sentence's own words are what is checked.
      found.add(node.head.text + node.templateSpans.map((s) => `"v"${s.literal.text}`).join(""));
    }
  };
  for (const file of FILES) {
    const path = `lib/roster/${file}`;
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ["message", "fix"].includes(node.name.text))
        take(node.initializer);
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        if (["problem", "warn", "problemAt"].includes(name)) node.arguments.slice(1).forEach(take);
        if (name === "required") node.arguments.slice(1).forEach(take);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found];
}

describe("every sentence lib/roster writes", () => {
  const sentences = writtenSentences();
  it("finds them in the source", () => {
    expect(sentences.length).toBeGreaterThan(200);
  });
  it("has Spanish for each", () => {
    // Built from parts at run time, or with a word in them: checked one by one above instead.
    const composed =
      /^("v"(, result "v", is not in the file| will be deleted| is no longer in the roster but has "v")|add a "v" column to the header"v"|skipped: its "v" "v" .*|nothing here: fix the "v"'s row .*|no "v" "v" in the "v" file or the portal)$/;
    const missing = sentences.filter((s) => !composed.test(s) && es.sentence(s) === s);
    expect(missing).toEqual([]);
  });
});

describe("problems from real previews are in Spanish", () => {
  const cli = { actorId: null, source: "cli" as const };
  const allTranslated = (run: Awaited<ReturnType<typeof previewRosterImport>>) => {
    const groups = [...run.problemGroups, ...run.warningGroups];
    expect(groups.length).toBeGreaterThan(0);
    const english = groups.flatMap((g) => [g.problem.message, g.problem.fix]).filter((s) => es.sentence(s) === s);
    expect(english).toEqual([]);
    return groups.map((g) => es.group(g, formatGroup));
  };

  it("a OneRoster upload with bad people, enrollments and grades", async () => {
    const school = smallSchool({
      users: [
        userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
        userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone", email: "not-an-email" }),
        userRow({ id: "s3", role: "coach", given: "Sid", family: "Three", username: "sthree" }),
        userRow({ id: "s4", role: "student", given: "", family: "", username: "sfour", status: "inactive" }),
      ],
      enrollments: [
        enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
        enrollmentRow({ id: "e2", cls: "c1", user: "s3", role: "student" }),
        enrollmentRow({ id: "e3", cls: "c9", user: "s9", role: "student" }),
        enrollmentRow({ id: "e4", cls: "c1", user: "t1", role: "student" }),
      ],
    });
    const lines = allTranslated(await previewRosterImport(zipUpload(school), cli));
    expect(lines.some((l) => l.includes('"coach" no es un rol que tenga el portal'))).toBe(true);
  });

  it("a gradebook with bad line items and results", async () => {
    const school = smallSchool({
      users: [userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" })],
      enrollments: [enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" })],
    });
    const files = {
      ...school,
      "manifest.csv": manifest({
        users: "bulk",
        classes: "bulk",
        enrollments: "bulk",
        lineItems: "delta",
        results: "delta",
      }),
      "lineItems.csv": csv([
        LINEITEMS_HEADER,
        lineItemRow({ id: "li1", cls: "c1", title: "Quiz", max: "12.5" }),
        lineItemRow({ id: "li2", cls: "c7", title: "", max: "" }),
      ]),
      "results.csv": csv([
        RESULTS_HEADER,
        resultRow({ id: "r1", item: "li9", student: "t1", score: "abc" }),
        resultRow({ id: "r2", item: "li1", student: "s7", score: "-1" }),
      ]),
    };
    allTranslated(await previewRosterImport(zipUpload(files), cli));
  });

  it("a spreadsheet and loose files that are not CSV", async () => {
    const run = await previewRosterImport(
      looseUpload({
        "students.csv": csv([
          ["student_id", "name"],
          ["", "Ana"],
        ]),
        "notes.txt": "hello",
        "users.csv": csv([USERS_HEADER.slice(0, 3), ["a", "b"]]),
      }),
      cli,
    );
    allTranslated(run);
  });
});
