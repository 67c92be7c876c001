import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { bulkGrade, saveGrade, setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { saveGradingAction } from "@/app/level/[levelCode]/update/grading-actions";
import { loadGridTotal } from "@/app/level/[levelCode]/update/grid-total-actions";
import { setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { SCORE_DECIMALS_MESSAGE, scoreRangeMessage } from "@/lib/domain/scores";
import { gradeSettingsProblems } from "@/lib/domain/term-grade";
import { resetEnvCache } from "@/lib/env";
import { decimal, msg, sentences, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { publishTerms } from "./support/publish";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issues 31 and 40: the teacher's grade actions (app/level/[levelCode]/update/grade-actions.ts,
// grading-actions.ts, term-grade-actions.ts, and lib/gradebook's scores, settings, term-notes and
// lock, lib/domain's scores and settings rules) answer with descriptors of `gradesServer.actions`,
// written in the reader's language as the answer leaves the action (lib/actions.ts). The English is
// the catalog's and must read exactly as these files wrote it before they answered with descriptors;
// the Spanish is what a Spanish-reading teacher sees, numbers with their decimal comma.

useTestDatabase();

/** Each descriptor as the grade screens' code makes it, its English as the code wrote it, and its Spanish. */
const SENTENCES: [Message, string, string][] = [
  [msg("gradesServer.actions.gradeSaved"), "Grade saved", "Calificación guardada"],
  [
    scoreRangeMessage(10),
    "Please enter a valid score between 0 and 10",
    "Por favor, escriba una puntuación válida entre 0 y 10",
  ],
  [
    scoreRangeMessage(12.5),
    "Please enter a valid score between 0 and 12.5",
    "Por favor, escriba una puntuación válida entre 0 y 12,5",
  ],
  [
    SCORE_DECIMALS_MESSAGE,
    "Please enter a score with at most two decimals, such as 17.5",
    "Por favor, escriba una puntuación con dos decimales como máximo, por ejemplo 17,5",
  ],
  [
    msg("gradesServer.actions.required"),
    "Student, assignment and score are required",
    "El estudiante, la tarea y la puntuación son obligatorios",
  ],
  [
    msg("gradesServer.actions.feedbackTooLong", { max: 20000 }),
    "Feedback must be at most 20000 characters",
    "Los comentarios deben tener como máximo 20000 caracteres",
  ],
  [
    msg("gradesServer.actions.notEnrolled"),
    "That student is not enrolled in this class.",
    "Ese estudiante no está inscrito en esta clase.",
  ],
  [
    msg("classPage.actions.assignmentNotHere"),
    "That assignment is not in this class.",
    "Esa tarea no es de esta clase.",
  ],
  [
    msg("gradesServer.actions.markInvalid"),
    "Choose excused, missing, late or none",
    "Elija exenta, falta, tarde o ninguna",
  ],
  [msg("gradesServer.actions.markRemoved"), "Mark removed", "Marca quitada"],
  [msg("gradesServer.actions.markedExcused"), "Marked excused", "Marcada como exenta"],
  [msg("gradesServer.actions.markedMissing"), "Marked missing", "Marcada como falta"],
  [msg("gradesServer.actions.markedLate"), "Marked late", "Marcada como tarde"],
  [
    msg("gradesServer.actions.locked", { term: "Autumn. Term 1" }),
    "Autumn. Term 1 is published, so its grades are locked. An admin can unlock the term on /admin → Terms.",
    "Autumn. Term 1 está publicado, así que sus calificaciones están bloqueadas. Un administrador puede desbloquear el período en /admin → Períodos.",
  ],
  [
    msg("gradesServer.actions.weightFormat"),
    "Weights are percents such as 25 or 12.5",
    "Los pesos son porcentajes, como 25 o 12,5",
  ],
  [
    msg("gradesServer.actions.lateWhole"),
    "The late penalty must be a whole number",
    "La penalización por atraso debe ser un número entero",
  ],
  [
    msg("gradesServer.actions.floorWhole"),
    "The late floor must be a whole number",
    "El mínimo por atraso debe ser un número entero",
  ],
  [
    msg("gradesServer.actions.dropWhole", { name: "Homework" }),
    '"Homework" drop lowest must be a whole number',
    "Las más bajas que se descartan de «Homework» deben ser un número entero",
  ],
  [msg("gradesServer.actions.modeInvalid"), "Choose how the class is graded", "Elija cómo se califica la clase"],
  [msg("gradesServer.actions.settingsSaved"), "Grading settings saved", "Configuración de las calificaciones guardada"],
  [
    msg("gradesServer.actions.percentInvalid"),
    "Enter a percent between 0 and 100, or leave it blank to remove the override",
    "Escriba un porcentaje entre 0 y 100, o déjelo en blanco para quitar el ajuste",
  ],
  [
    msg("gradesServer.actions.reasonTooLong"),
    "Keep the reason under 500 characters",
    "El motivo debe tener menos de 500 caracteres",
  ],
  [
    msg("gradesServer.actions.noteTooLong"),
    "Keep the note to the family under 500 characters",
    "La nota a la familia debe tener menos de 500 caracteres",
  ],
  [
    msg("gradesServer.actions.commentTooLong"),
    "Keep the comment under 1,000 characters",
    "El comentario debe tener menos de 1000 caracteres",
  ],
  [
    msg("gradesServer.actions.noTerm"),
    "That term no longer exists. Reload the page.",
    "Ese período ya no existe. Vuelva a cargar la página.",
  ],
  [
    msg("gradesServer.actions.needReason"),
    "Say why: an override needs a reason.",
    "Indique el motivo: un ajuste necesita un motivo.",
  ],
  [msg("gradesServer.actions.noOverride"), "No override to remove", "No hay ningún ajuste que quitar"],
  [msg("gradesServer.actions.overrideRemoved"), "Override removed", "Ajuste quitado"],
  [msg("gradesServer.actions.overrideSaved"), "Override saved", "Ajuste guardado"],
  [
    msg("gradesServer.actions.bankFull", { max: 200 }),
    "Your comment bank is full (200 comments).",
    "Su banco de comentarios está lleno (200 comentarios).",
  ],
  [
    msg("gradesServer.actions.commentBanked"),
    "Comment saved and added to your bank",
    "Comentario guardado y agregado a su banco",
  ],
  [msg("gradesServer.actions.commentSaved"), "Comment saved", "Comentario guardado"],
  [msg("gradesServer.actions.commentRemoved"), "Comment removed", "Comentario quitado"],
  // Bulk Grade (grade-actions.ts and lib/gradebook/scores.ts).
  [msg("gradesServer.actions.bulkSaved", { count: 12 }), "Saved 12 grade(s)", "Calificaciones guardadas: 12"],
  [
    msg("gradesServer.actions.bulkRepeatedOne"),
    "1 student appears more than once. Each student can be graded once per bulk grade.",
    "Un estudiante aparece más de una vez. Cada estudiante puede recibir una sola calificación al calificar en bloque.",
  ],
  [
    msg("gradesServer.actions.bulkRepeated", { count: 3 }),
    "3 students appear more than once. Each student can be graded once per bulk grade.",
    "3 estudiantes aparecen más de una vez. Cada estudiante puede recibir una sola calificación al calificar en bloque.",
  ],
  [
    msg("gradesServer.actions.bulkTooManyOne"),
    "This class has 1 student, so a bulk grade can have at most 1 row.",
    "Esta clase tiene 1 estudiante, así que al calificar en bloque puede haber como máximo 1 fila.",
  ],
  [
    msg("gradesServer.actions.bulkTooMany", { size: 28 }),
    "This class has 28 students, so a bulk grade can have at most 28 rows.",
    "Esta clase tiene 28 estudiantes, así que al calificar en bloque puede haber como máximo 28 filas.",
  ],
  [msg("gradesServer.actions.enterOneScore"), "Enter at least one score", "Ingrese al menos una puntuación"],
  // guarded()'s generic answer and the ids' check, from the screens' namespaces.
  [
    msg("common.genericError"),
    "Something went wrong. Please try again.",
    "Algo salió mal. Por favor, inténtelo de nuevo.",
  ],
  [msg("classPage.actions.invalidId"), "Invalid id", "Identificador no válido"],
];

const CLASS = DEMO_CLASSES[0].code; // Elena Rivera's
let graded: { assignmentId: number; studentId: number };
let maxScore: number;
let outsider: number; // a student of another class
let categories: number[];

beforeAll(async () => {
  await seedDemo();
  const [g] = await queryRows<{ assignment_id: number; student_id: number; max_score: number }>(sql`
    select g.assignment_id, g.student_id, a.max_score from grades g join assignments a on a.id = g.assignment_id
    where a.level_code = ${CLASS} order by a.id, g.student_id limit 1`);
  graded = { assignmentId: g!.assignment_id, studentId: g!.student_id };
  maxScore = Number(g!.max_score);
  const [o] = await queryRows<{ id: number }>(sql`
    select u.id from users u where u.role = 'student'
      and not exists (select 1 from student_enrollment e where e.student_id = u.id and e.level_code = ${CLASS})
    order by u.id limit 1`);
  outsider = o!.id;
  categories = (await queryRows<{ id: number }>(sql`select id from grade_categories order by id`)).map((c) => c.id);
});

afterEach(() => {
  delete process.env.GRADE_DECIMALS;
  resetEnvCache();
});

/** Signs in as the class's teacher reading `locale` (signInAs clears the cookies). */
async function teacherReading(locale: "en" | "es") {
  await signInAs(DEMO_INSTRUCTORS[0].code);
  cookieJar.set(LOCALE_COOKIE, locale);
}

describe("grade action answers in the reader's language", () => {
  it.each(SENTENCES)("%j reads as the actions wrote it in English, and in Spanish", (message, english, spanish) => {
    expect(render(message, "en")).toBe(english);
    expect(render(message, "es")).toBe(spanish);
  });

  it("every problem the settings' rules can write, one or several in one answer", () => {
    const category = (name: string, weight: number, dropLowest = 0) => ({ id: 1, name, weight, dropLowest });
    const problems = [
      ...gradeSettingsProblems({
        mode: "weighted",
        categories: [category(" ", 2500), category("Quizzes", 20000, 30), category("quizzes", 1.5, -1)],
        latePolicy: { perDayPercent: 0, floorPercent: 101 },
      }),
      ...gradeSettingsProblems({ mode: "weighted", categories: [], latePolicy: null }),
    ];
    expect(problems).toHaveLength(11);
    // As saveGradeSettings answers: every problem, one sentence each.
    const answer = sentences(problems[0]!, ...problems.slice(1));
    expect(render(answer, "en")).toBe(
      [
        "Every category needs a name.",
        'The weight of "Quizzes" must be between 0 % and 100 %.',
        '"Quizzes" may drop between 0 and 20 of its lowest grades.',
        'Category names must be different ("quizzes" twice).',
        'The weight of "quizzes" must be between 0 % and 100 %.',
        '"quizzes" may drop between 0 and 20 of its lowest grades.',
        "Category weights must total 100 % (they total 225.015 %).",
        "The late penalty must be between 1 % and 100 % per day.",
        "The late floor must be between 0 % and 100 %.",
        "Weighted grading needs at least one category.",
        "Category weights must total 100 % (they total 0 %).",
      ].join(" "),
    );
    expect(render(answer, "es")).toBe(
      [
        "Cada categoría necesita un nombre.",
        "El peso de «Quizzes» debe estar entre 0\u00a0% y 100\u00a0%.",
        "«Quizzes» puede descartar entre 0 y 20 de sus calificaciones más bajas.",
        "Los nombres de las categorías deben ser distintos («quizzes» dos veces).",
        "El peso de «quizzes» debe estar entre 0\u00a0% y 100\u00a0%.",
        "«quizzes» puede descartar entre 0 y 20 de sus calificaciones más bajas.",
        "Los pesos de las categorías deben sumar 100\u00a0% (ahora suman 225,015\u00a0%).",
        "La penalización por atraso debe estar entre 1\u00a0% y 100\u00a0% por día.",
        "El mínimo por atraso debe estar entre 0\u00a0% y 100\u00a0%.",
        "La calificación ponderada necesita al menos una categoría.",
        "Los pesos de las categorías deben sumar 100\u00a0% (ahora suman 0\u00a0%).",
      ].join(" "),
    );
    expect(render(sentences(problems[0]!), "es")).toBe("Cada categoría necesita un nombre.");
  });

  it("a number with decimals takes the reader's mark, or the point with GRADE_DECIMALS=point", () => {
    expect(render(decimal(87.5), "en")).toBe("87.5");
    expect(render(decimal(87.5), "es")).toBe("87,5");
    expect(render(decimal(87.5), "en-XA")).toBe("87.5"); // a number, not a sentence: not wrapped
    process.env.GRADE_DECIMALS = "point";
    resetEnvCache();
    expect(render(decimal(87.5), "es")).toBe("87.5");
    expect(render(scoreRangeMessage(12.5), "es")).toBe("Por favor, escriba una puntuación válida entre 0 y 12.5");
  });

  it("real actions answer a Spanish-reading teacher in Spanish, an English one in English", async () => {
    const [first, second] = categories as [number, number];
    const weights = { levelCode: CLASS, mode: "weighted", [`weight.${first}`]: "40", [`weight.${second}`]: "47,5" };
    const cellOf = (score: string) => ({ levelCode: CLASS, ...graded, score });

    await teacherReading("es");
    expect(await saveGrade(cellOf("999"))).toEqual({
      ok: false,
      message: `Por favor, escriba una puntuación válida entre 0 y ${maxScore}`,
    });
    expect((await saveGrade(cellOf("7,255"))).message).toBe(
      "Por favor, escriba una puntuación con dos decimales como máximo, por ejemplo 17,5",
    );
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "late" })).toEqual({
      ok: true,
      message: "Marcada como tarde",
    });
    expect((await setGradeMark({ levelCode: CLASS, ...graded, mark: "soon" })).message).toBe(
      "Elija exenta, falta, tarde o ninguna",
    );
    const repeated = [{ studentId: graded.studentId, score: "5" }];
    expect(
      (await bulkGrade({ levelCode: CLASS, assignmentId: graded.assignmentId, rows: [...repeated, ...repeated] }))
        .message,
    ).toBe(
      "Un estudiante aparece más de una vez. Cada estudiante puede recibir una sola calificación al calificar en bloque.",
    );
    expect((await saveGradingAction({ ok: true }, form(weights))).message).toBe(
      "Los pesos de las categorías deben sumar 100\u00a0% (ahora suman 87,5\u00a0%).",
    );
    expect(
      (await saveGradingAction({ ok: true }, form({ levelCode: CLASS, mode: "points", latePerDay: "x" }))).message,
    ).toBe("La penalización por atraso debe ser un número entero");
    expect((await loadGridTotal({ levelCode: CLASS, studentId: outsider, term: "year" })).message).toBe(
      "Ese estudiante no está inscrito en esta clase.",
    );
    const override = await setTermOverrideAction(
      { ok: true },
      form({ levelCode: CLASS, studentId: graded.studentId, termId: 1, percent: "87,5", reason: "x".repeat(501) }),
    );
    expect(override).toEqual({
      ok: false,
      message: "El motivo debe tener menos de 500 caracteres",
      fieldErrors: { reason: ["El motivo debe tener menos de 500 caracteres"] },
    });

    await teacherReading("en");
    expect((await saveGrade(cellOf("999"))).message).toBe(`Please enter a valid score between 0 and ${maxScore}`);
    expect((await setGradeMark({ levelCode: CLASS, ...graded, mark: "none" })).message).toBe("Mark removed");
    expect((await saveGradingAction({ ok: true }, form(weights))).message).toBe(
      "Category weights must total 100 % (they total 87.5 %).",
    );
  });
});

describe("a published term's lock", () => {
  // Last in this file: it locks every grade of the class.
  it("refuses the grade screens' writes and the dashboard's in the reader's language, the term's title as written", async () => {
    const [{ id }] = (await queryRows<{ id: number }>(sql`insert into school_terms (title, type, start_date, end_date)
      values ('Otoño', 'term', current_date - 400, current_date + 400) returning id`)) as [{ id: number }];
    await publishTerms([id]);
    const locked =
      "Otoño está publicado, así que sus calificaciones están bloqueadas. Un administrador puede desbloquear el período en /admin → Períodos.";
    await teacherReading("es");
    expect(await saveGrade({ levelCode: CLASS, ...graded, score: "1" })).toEqual({ ok: false, message: locked });
    // The dashboard's attendance grid (lib/gradebook/attendance) passes the same refusal on.
    const today = new Date().toISOString().slice(0, 10);
    expect(await setAttendance({ levelCode: CLASS, studentId: graded.studentId, date: today, status: "late" })).toEqual(
      { ok: false, message: locked },
    );
    await teacherReading("en");
    expect((await setGradeMark({ levelCode: CLASS, ...graded, mark: "late" })).message).toBe(
      "Otoño is published, so its grades are locked. An admin can unlock the term on /admin → Terms.",
    );
  });
});
