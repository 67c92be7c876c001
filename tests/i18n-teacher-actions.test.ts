import { describe, expect, it } from "vitest";
import { dayField, markdownField, titleField } from "@/lib/class-fields";
import { ADMINS_ONLY_CODE_MESSAGE } from "@/lib/domain/constants";
import { tooDeeplyNestedMessage } from "@/lib/domain/markdown-depth";
import { messagesFor } from "@/lib/i18n/catalog";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { inTeacherLanguage, matchTeacherMessage, translateTeacherMessage } from "@/lib/i18n/teacher-actions";
import { cookieJar } from "./support/request-context";

// Issue 31: the class dashboard's actions answer in the reader's language. They write the spec's
// English (app/level/[levelCode]/update/*-actions.ts, lib/class-work, lib/gradebook, lib/class-roster,
// lib/notify/messages); lib/i18n/teacher-actions.ts finds each sentence by its catalog pattern. These
// are the sentences as the actions write them, with the names, dates and counts they carry: one the
// catalog's English no longer matches would reach a Spanish teacher in English.
const SENTENCES: [string, string][] = [
  ["Nothing to change", "No hay nada que cambiar"],
  ["Announcement posted", "Anuncio publicado"],
  ["Announcement updated", "Anuncio actualizado"],
  ["Announcement deleted", "Anuncio eliminado"],
  ["Content is required", "El contenido es obligatorio"],
  ["Content must be at most 20000 characters", "El contenido debe tener como máximo 20000 caracteres"],
  [tooDeeplyNestedMessage("Content"), "El contenido tiene demasiados niveles anidados (como máximo 20)."],
  ["Description is required", "La descripción es obligatoria"],
  ["Description must be at most 20000 characters", "La descripción debe tener como máximo 20000 caracteres"],
  [tooDeeplyNestedMessage("Description"), "La descripción tiene demasiados niveles anidados (como máximo 20)."],
  ["Choose a valid date", "Elija una fecha válida"],
  ["Max score must be a whole number of at least 1", "La puntuación máxima debe ser un número entero de al menos 1"],
  ["Max score is too large", "La puntuación máxima es demasiado grande"],
  ["Due date is required", "La fecha de entrega es obligatoria"],
  ["Due date is not a valid date", "La fecha de entrega no es una fecha válida"],
  ["Invalid category", "Categoría no válida"],
  ["Assignment created", "Tarea creada"],
  ["Assignment updated", "Tarea actualizada"],
  ["Assignment deleted", "Tarea eliminada"],
  [
    "Max score cannot be lower than an existing grade (1 grade(s) are above 10).",
    "La puntuación máxima no puede ser menor que una calificación ya registrada (1 calificación está por encima de 10).",
  ],
  [
    "Max score cannot be lower than an existing grade (3 grade(s) are above 10).",
    "La puntuación máxima no puede ser menor que una calificación ya registrada (3 calificaciones están por encima de 10).",
  ],
  [
    "This assignment has 2 submission(s) and 1 grade(s), so it cannot be deleted: students' work is kept.",
    "Esta tarea tiene 2 entregas y 1 calificación, así que no se puede eliminar: el trabajo de los estudiantes se conserva.",
  ],
  [
    "Attendance already exists for 2026-11-26. Please edit existing records.",
    "Ya hay asistencia registrada para el 2026-11-26. Por favor, edite los registros existentes.",
  ],
  ["No students enrolled yet", "Todavía no hay estudiantes inscritos"],
  [
    "Attendance added for 2026-11-26. Attendance updated for Ava Johnson",
    "Asistencia agregada para el 2026-11-26. Asistencia actualizada para Ava Johnson",
  ],
  ["Attendance added for 2026-11-26", "Asistencia agregada para el 2026-11-26"],
  ["Everyone marked present for 2026-11-26", "Todos marcados como presentes el 2026-11-26"],
  ["Attendance updated for Zoë O'Brien, Jr.", "Asistencia actualizada para Zoë O'Brien, Jr."],
  ["Choose a valid status", "Elija un estado válido"],
  ["Select at least one student", "Seleccione al menos un estudiante"],
  ["Only existing students can be added.", "Solo se pueden agregar estudiantes existentes."],
  ["Successfully added 1 student(s) to the class!", "¡1 estudiante agregado a la clase!"],
  ["Successfully added 4 student(s) to the class!", "¡4 estudiantes agregados a la clase!"],
  ["That student is not enrolled in this class.", "Ese estudiante no está inscrito en esta clase."],
  ["Student removed from the class", "Estudiante retirado de la clase"],
  ["Successfully created and added Mia Park to the class!", "¡Se creó a Mia Park y se agregó a la clase!"],
  [
    "Could not generate a unique access code. Please try again.",
    "No se pudo generar un código de acceso único. Por favor, inténtelo de nuevo.",
  ],
  [
    ADMINS_ONLY_CODE_MESSAGE,
    "Solo un administrador puede ver o restablecer el código de acceso de este estudiante: también asiste a la clase de otro docente, o no estaba en ninguna clase cuando usted lo agregó.",
  ],
  ["Saved Mia Park; new access code kx7-pq2-9mz", "Se guardó Mia Park; nuevo código de acceso kx7-pq2-9mz"],
  ["Saved Mia Park", "Se guardó Mia Park"],
  ["At most 40 characters", "Como máximo 40 caracteres"],
  [
    "Access codes are generated by the portal: use “Generate a new access code” instead.",
    "El portal genera los códigos de acceso: use «Generar un nuevo código de acceso».",
  ],
  ["Name is required", "El nombre es obligatorio"],
  ["Name is too long", "El nombre es demasiado largo"],
  ["Username is required", "El nombre de usuario es obligatorio"],
  ["Username is too long", "El nombre de usuario es demasiado largo"],
  ["Please enter a valid email address", "Por favor, escriba un correo electrónico válido"],
  ["That username is already taken.", "Ese nombre de usuario ya está en uso."],
  ["That access code is already in use.", "Ese código de acceso ya está en uso."],
  ["The percent must be a whole number from 1 to 100", "El porcentaje debe ser un número entero del 1 al 100"],
  ["Write a message", "Escriba un mensaje"],
  ["A message is at most 1000 characters", "Un mensaje tiene como máximo 1000 caracteres"],
  ["Tick at least one student", "Marque al menos un estudiante"],
  ["At most 200 students", "Como máximo 200 estudiantes"],
  [
    "Twenty messages an hour at most. Try again in 1 minutes.",
    "Como máximo veinte mensajes por hora. Inténtelo de nuevo en 1 minuto.",
  ],
  [
    "Twenty messages an hour at most. Try again in 42 minutes.",
    "Como máximo veinte mensajes por hora. Inténtelo de nuevo en 42 minutos.",
  ],
  // The preview's description of whom a message goes to, alone and inside another answer.
  ["students who have not handed in “Lab report”", "estudiantes que no han entregado «Lab report»"],
  ["students under 70 % in the whole year", "estudiantes por debajo del 70\u00a0% en todo el año"],
  ["students under 70 % in Fall semester", "estudiantes por debajo del 70\u00a0% en Fall semester"],
  [
    "No linked guardians to send to (3 student(s): students who have not handed in “Lab report”).",
    "No hay tutores vinculados a quienes enviar (3 estudiantes: estudiantes que no han entregado «Lab report»).",
  ],
  ["Message sent to 1 guardian(s) of 2 student(s)", "Mensaje enviado a 1 tutor de 2 estudiantes"],
  // Not the dashboard's own: the class page's table, the guards' and the generic answer.
  ["Title is required", "El título es obligatorio"],
  ["That assignment is not in this class.", "Esa tarea no es de esta clase."],
  ["Invalid id", "Identificador no válido"],
  ["Something went wrong. Please try again.", "Algo salió mal. Por favor, inténtelo de nuevo."],
];

describe("class dashboard action answers in the reader's language", () => {
  it.each(SENTENCES)("%j in Spanish", async (english, spanish) => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await translateTeacherMessage(english)).toBe(spanish);
  });

  it("every sentence of the catalog's teacherActions is in the list above", () => {
    const keys = new Set(SENTENCES.map(([english]) => matchTeacherMessage(english)?.key).filter(Boolean));
    expect(Object.keys(messagesFor("en").teacherActions).filter((k) => !keys.has(k as never))).toEqual([]);
  });

  it("the shared form fields' own messages are among them (as the schemas write them)", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
    const messages = [
      ...markdownField("Content").safeParse("").error!.issues,
      ...markdownField("Description").safeParse("x".repeat(20_001)).error!.issues,
      ...markdownField("Content").safeParse(`${"> ".repeat(30)}deep`).error!.issues,
      ...dayField.safeParse("2026-02-30").error!.issues,
      ...titleField.safeParse(" ").error!.issues,
    ].map((issue) => issue.message);
    expect(messages).toHaveLength(5);
    for (const message of messages) expect(await translateTeacherMessage(message), message).not.toBe(message);
  });

  it("a result's message and field messages are translated; an unknown sentence stays as it is", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(
      await inTeacherLanguage({
        ok: false,
        message: "Name is required",
        fieldErrors: { name: ["Name is required"], email: ["Please enter a valid email address"] },
      }),
    ).toEqual({
      ok: false,
      message: "El nombre es obligatorio",
      fieldErrors: { name: ["El nombre es obligatorio"], email: ["Por favor, escriba un correo electrónico válido"] },
    });
    expect(await inTeacherLanguage(Promise.resolve({ ok: true, message: "Saved Ava" }))).toEqual({
      ok: true,
      message: "Se guardó Ava",
    });
    expect(await inTeacherLanguage({ ok: false, message: "Something else entirely." })).toEqual({
      ok: false,
      message: "Something else entirely.",
    });
  });

  it("an English reader gets the spec's words untouched", async () => {
    cookieJar.set(LOCALE_COOKIE, "en");
    const answer = { ok: true as const, message: "Attendance updated for Ava Johnson" };
    expect(await inTeacherLanguage(answer)).toBe(answer);
  });
});
