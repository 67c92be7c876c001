import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { rosterImports } from "@/lib/db/schema";
import { render } from "@/lib/i18n/render";
import { listRosterImports } from "@/lib/roster/history";
import { convertRosterHistory, storedSentence } from "@/lib/roster/history-convert";
import { previewRosterImport } from "@/lib/roster/import";
import { groupText } from "@/lib/roster/problems";
import { csv, userRow, USERS_HEADER, zipUpload } from "@/lib/roster/test-support";
import { useTestDatabase } from "./support/test-db";

// Issue 40: the import history keeps its problems, warnings and a failed sync's reason as descriptors
// (roster_imports.report). Rows recorded before kept lib/roster's English in their summary; the
// start-up step converts them once, with the English sentences of the catalog as patterns for the
// last time, so an old run reads in English as it was written and in Spanish. A sentence no pattern
// knows is kept as written, in every language, never half-translated.

useTestDatabase();

// Sentences as lib/roster wrote them into the history, names, values and nested wording included,
// and how a Spanish reader reads them now.
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
  // Numbers the English grouped: the reader's own grouping now.
  ["the file has more than 2,000,000 rows", "el archivo tiene más de 2.000.000 filas"],
  [
    "the value is 12,345 characters long, more than the 10,000 allowed",
    "el valor tiene 12.345 caracteres, más de los 10.000 permitidos",
  ],
  // Sentences with a word in them.
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

const UNKNOWN = '"x" is not a thing the portal has ever heard of';

/** A history row as the portal wrote it before descriptors: English in its summary, no report. */
async function oldRow(summary: Record<string, unknown>, status = "refused", source = "web"): Promise<number> {
  const [row] = await db()
    .insert(rosterImports)
    .values({ source, fileName: "roster.zip", dryRun: true, status, summary, problems: 3, warnings: 1 })
    .returning({ id: rosterImports.id });
  return row!.id;
}

describe("each sentence the history stored in English", () => {
  it.each(SENTENCES)("%s", (english, spanish) => {
    const message = storedSentence(english);
    expect(message.key).not.toBe("compose.asWritten");
    expect(render(message, "en")).toBe(english);
    expect(render(message, "es")).toBe(spanish);
  });

  it("the removal reason a refused run kept", () => {
    const reason = storedSentence("the import would remove 1 person (100 % of the 1 in the portal)");
    expect(render(reason, "es")).toBe("la importación quitaría 1 persona (100\u00a0% de las 1 del portal)");
  });

  it("keeps a sentence no pattern knows as it was written, in every language", () => {
    expect(storedSentence(UNKNOWN)).toEqual({ key: "compose.asWritten", values: { text: UNKNOWN } });
    expect(render(storedSentence(UNKNOWN), "es")).toBe(UNKNOWN);
  });
});

describe("the history recorded before descriptors", () => {
  it("is converted once at start-up and reads in English and Spanish", async () => {
    const [first, second] = SENTENCES;
    const refusal = { problems: 2, stale: false, deletions: null };
    const counts = { users: { create: 1, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 } };
    const refused = await oldRow({
      format: "oneroster",
      counts,
      fingerprint: "abc",
      refusal,
      problems: [
        { file: "users.csv", line: 3, column: "role", message: first![0], fix: second![0] },
        {
          file: "roster.zip",
          line: 0,
          column: "file",
          message: UNKNOWN,
          fix: "preview the import again, check it, then apply",
          blocking: true,
        },
      ],
      warnings: [
        {
          file: "manifest.csv",
          line: 0,
          column: "file",
          message:
            "there is no manifest.csv, so every file was read as delta (rows are added and updated; nothing is removed unless marked tobedeleted)",
          fix: "for a full sync, add a manifest.csv with file.users=bulk (and the others)",
        },
      ],
    });
    const failed = await oldRow({ reason: "the folder /srv/sis could not be read" }, "failed", "sync");

    expect(await convertRosterHistory()).toBe(2);
    // Once: the converted rows have their report.
    expect(await convertRosterHistory()).toBe(0);

    const rows = await listRosterImports({ limit: 10 });
    const old = rows.find((r) => r.id === refused)!;
    // The rest of the summary stays; its English is gone from it.
    expect(old.counts).toEqual(counts);
    expect(old.refusal).toEqual(refusal);
    const [stored] = await queryRows<{ summary: Record<string, unknown> }>(
      sql`select summary from roster_imports where id = ${refused}`,
    );
    expect(Object.keys(stored!.summary).sort()).toEqual(["counts", "fingerprint", "format", "refusal"]);

    const lines = (locale: "en" | "es") =>
      [...old.report.problems, ...old.report.warnings].map((p) =>
        groupText({ problem: p, count: 1, lines: [p.line] }, locale),
      );
    expect(lines("en")).toEqual([
      `users.csv:3: role — ${first![0]} — ${second![0]}`,
      `roster.zip: file — ${UNKNOWN} — preview the import again, check it, then apply`,
      "manifest.csv: file — there is no manifest.csv, so every file was read as delta (rows are added and updated; nothing is removed unless marked tobedeleted) — for a full sync, add a manifest.csv with file.users=bulk (and the others)",
    ]);
    expect(lines("es")).toEqual([
      `users.csv:3: role — ${first![1]} — ${second![1]}`,
      `roster.zip: archivo — ${UNKNOWN} — vuelva a ver la vista previa de la importación, revísela y luego aplíquela`,
      expect.stringMatching(/^manifest\.csv: archivo — no hay manifest\.csv/),
    ]);
    expect(old.report.problems[1]!.blocking).toBe(true);

    const sync = rows.find((r) => r.id === failed)!;
    expect(render(sync.report.reason!, "en")).toBe("the folder /srv/sis could not be read");
    expect(render(sync.report.reason!, "es")).toBe("no se pudo leer la carpeta /srv/sis");
  });

  it("a run recorded now keeps descriptors, which read in either language", async () => {
    const users = csv([
      USERS_HEADER,
      userRow({ id: "u1", role: "coach", given: "Cam", family: "Coach", username: "ccoach" }),
    ]);
    const run = await previewRosterImport(zipUpload({ "users.csv": users }), { actorId: null, source: "cli" });
    expect(run.ok).toBe(false);
    expect(await convertRosterHistory()).toBe(0);
    const row = (await listRosterImports({ limit: 1 }))[0]!;
    expect(row.id).toBe(run.importId);
    const problems = row.report.problems.map((p) => render(p.message, "es"));
    expect(problems).toContain('"coach" no es un rol que tenga el portal');
    expect(row.report.problems.map((p) => render(p.message, "en"))).toContain('"coach" is not a role the portal has');
  });
});
