import { describe, expect, it } from "vitest";
import { MSG } from "@/lib/domain/messages";
import { SCORE_DECIMALS_MESSAGE, scoreRangeMessage } from "@/lib/domain/scores";
import { gradeSettingsProblems } from "@/lib/domain/term-grade";
import { lockedMessage } from "@/lib/domain/terms";
import { inReaderLanguage } from "@/lib/i18n/action-message";
import { translateGradeMessage } from "@/lib/i18n/grade-action-message";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { cookieJar } from "./support/request-context";

// Issue 31: the teacher's grade actions (app/level/[levelCode]/update/grade-actions.ts,
// grading-actions.ts, term-grade-actions.ts, and lib/gradebook's scores, settings and term-notes)
// answer in the reader's language. They write the spec's English; lib/i18n/grade-action-message.ts
// finds each sentence by its pattern. These are the sentences those files write, as they write them:
// one the catalog's English no longer matches would reach a Spanish reader in English.
const SENTENCES: [string, string][] = [
  ["Grade saved", "Calificación guardada"],
  [scoreRangeMessage(10), "Por favor, escriba una puntuación válida entre 0 y 10"],
  [scoreRangeMessage(12.5), "Por favor, escriba una puntuación válida entre 0 y 12,5"],
  [SCORE_DECIMALS_MESSAGE, "Por favor, escriba una puntuación con dos decimales como máximo, por ejemplo 17,5"],
  ["Student, assignment and score are required", "El estudiante, la tarea y la puntuación son obligatorios"],
  ["Feedback must be at most 20000 characters", "Los comentarios deben tener como máximo 20000 caracteres"],
  ["That student is not enrolled in this class.", "Ese estudiante no está inscrito en esta clase."],
  ["That assignment is not in this class.", "Esa tarea no es de esta clase."],
  ["Choose excused, missing, late or none", "Elija exenta, falta, tarde o ninguna"],
  ["Mark removed", "Marca quitada"],
  ["Marked excused", "Marcada como exenta"],
  ["Marked missing", "Marcada como falta"],
  ["Marked late", "Marcada como tarde"],
  [
    lockedMessage("Autumn. Term 1"),
    "Autumn. Term 1 está publicado, así que sus calificaciones están bloqueadas. Un administrador puede desbloquear el período en /admin → Períodos.",
  ],
  ["Weights are percents such as 25 or 12.5", "Los pesos son porcentajes, como 25 o 12,5"],
  ["The late penalty must be a whole number", "La penalización por atraso debe ser un número entero"],
  ["The late floor must be a whole number", "El mínimo por atraso debe ser un número entero"],
  [
    '"Homework" drop lowest must be a whole number',
    "Las más bajas que se descartan de «Homework» deben ser un número entero",
  ],
  ["Choose how the class is graded", "Elija cómo se califica la clase"],
  ["Grading settings saved", "Configuración de las calificaciones guardada"],
  [
    "Enter a percent between 0 and 100, or leave it blank to remove the override",
    "Escriba un porcentaje entre 0 y 100, o déjelo en blanco para quitar el ajuste",
  ],
  ["Keep the reason under 500 characters", "El motivo debe tener menos de 500 caracteres"],
  ["Keep the note to the family under 500 characters", "La nota a la familia debe tener menos de 500 caracteres"],
  ["Keep the comment under 1,000 characters", "El comentario debe tener menos de 1000 caracteres"],
  ["That term no longer exists. Reload the page.", "Ese período ya no existe. Vuelva a cargar la página."],
  ["Say why: an override needs a reason.", "Indique el motivo: un ajuste necesita un motivo."],
  ["No override to remove", "No hay ningún ajuste que quitar"],
  ["Override removed", "Ajuste quitado"],
  ["Override saved", "Ajuste guardado"],
  ["Your comment bank is full (200 comments).", "Su banco de comentarios está lleno (200 comentarios)."],
  ["Comment saved and added to your bank", "Comentario guardado y agregado a su banco"],
  ["Comment saved", "Comentario guardado"],
  ["Comment removed", "Comentario quitado"],
  // Bulk Grade (grade-actions.ts and lib/gradebook/scores.ts).
  ["Saved 12 grade(s)", "Calificaciones guardadas: 12"],
  [
    "1 student appears more than once. Each student can be graded once per bulk grade.",
    "Un estudiante aparece más de una vez. Cada estudiante puede recibir una sola calificación al calificar en bloque.",
  ],
  [
    "3 students appear more than once. Each student can be graded once per bulk grade.",
    "3 estudiantes aparecen más de una vez. Cada estudiante puede recibir una sola calificación al calificar en bloque.",
  ],
  [
    "This class has 28 students, so a bulk grade can have at most 28 rows.",
    "Esta clase tiene 28 estudiantes, así que al calificar en bloque puede haber como máximo 28 filas.",
  ],
  ["Enter at least one score", "Ingrese al menos una puntuación"],
  // The guards' refusals and guarded()'s generic answer, from the screens' namespaces.
  [MSG.genericError, "Algo salió mal. Por favor, inténtelo de nuevo."],
  ["Invalid id", "Identificador no válido"],
];

describe("grade action answers in the reader's language", () => {
  it.each(SENTENCES)("%j in Spanish", async (english, spanish) => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await translateGradeMessage(english)).toBe(spanish);
  });

  it("every problem the settings' rules can write, one or several in one answer", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
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
    // As saveGradeSettings answers: every problem, joined.
    const answer = await translateGradeMessage(problems.join(". ") + ".");
    expect(answer).toBe(
      [
        "Cada categoría necesita un nombre",
        "El peso de «Quizzes» debe estar entre 0\u00a0% y 100\u00a0%",
        "«Quizzes» puede descartar entre 0 y 20 de sus calificaciones más bajas",
        "Los nombres de las categorías deben ser distintos («quizzes» dos veces)",
        "El peso de «quizzes» debe estar entre 0\u00a0% y 100\u00a0%",
        "«quizzes» puede descartar entre 0 y 20 de sus calificaciones más bajas",
        "Los pesos de las categorías deben sumar 100\u00a0% (ahora suman 225,015\u00a0%)",
        "La penalización por atraso debe estar entre 1\u00a0% y 100\u00a0% por día",
        "El mínimo por atraso debe estar entre 0\u00a0% y 100\u00a0%",
        "La calificación ponderada necesita al menos una categoría",
        "Los pesos de las categorías deben sumar 100\u00a0% (ahora suman 0\u00a0%)",
      ].join(". ") + ".",
    );
    expect(await translateGradeMessage(problems[0] + ".")).toBe("Cada categoría necesita un nombre.");
  });

  it("an answer with one sentence the catalog does not know stays English, whole", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
    const mixed = "Every category needs a name. Something new.";
    expect(await translateGradeMessage(mixed)).toBe(mixed);
    expect(await translateGradeMessage("Something else entirely")).toBe("Something else entirely");
  });

  it("a result's message and field messages are translated; an English reader's are untouched", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(
      await inReaderLanguage(
        {
          ok: false,
          message: "Keep the reason under 500 characters",
          fieldErrors: { reason: ["Keep the reason under 500 characters"] },
        },
        translateGradeMessage,
      ),
    ).toEqual({
      ok: false,
      message: "El motivo debe tener menos de 500 caracteres",
      fieldErrors: { reason: ["El motivo debe tener menos de 500 caracteres"] },
    });
    cookieJar.set(LOCALE_COOKIE, "en");
    const answer = { ok: true as const, message: "Override saved" };
    expect(await inReaderLanguage(answer, translateGradeMessage)).toBe(answer);
  });
});
