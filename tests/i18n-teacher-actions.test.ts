import { describe, expect, it } from "vitest";
import { deleteAnnouncement, editAnnouncement } from "@/app/level/[levelCode]/update/announcement-actions";
import { addAttendanceDay } from "@/app/level/[levelCode]/update/attendance-actions";
import { createStudent, enrollStudents, searchStudents } from "@/app/level/[levelCode]/update/class-roster-actions";
import { previewGuardianMessage, sendGuardianMessage } from "@/app/level/[levelCode]/update/message-actions";
import { dayField, markdownField, titleField } from "@/lib/class-fields";
import { DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { messagesFor } from "@/lib/i18n/catalog";
import { messageOfIssue, msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issues 31 and 40: the class dashboard's actions (app/level/[levelCode]/update: announcements,
// assignments, attendance, the roster, messages to guardians, responses) answer with message
// descriptors (lib/class-work, lib/gradebook/assignments and attendance, lib/class-roster,
// lib/notify/messages, lib/class-fields and the actions' zod schemas), written in the reader's
// language as the answer leaves the action (lib/actions.ts). The English is the catalog's and must
// read exactly as the actions wrote it before they answered with descriptors; the Spanish is what a
// Spanish-reading teacher sees.

useTestDatabase();

const notSubmitted = msg("teacherActions.describeNotSubmitted", { title: "Lab report" });

/** Each descriptor as the dashboard's code makes it, its English as the code wrote it, and its Spanish. */
const SENTENCES: [Message, string, string][] = [
  [msg("teacherActions.nothingToChange"), "Nothing to change", "No hay nada que cambiar"],
  [msg("teacherActions.announcementPosted"), "Announcement posted", "Anuncio publicado"],
  [msg("teacherActions.announcementUpdated"), "Announcement updated", "Anuncio actualizado"],
  [msg("teacherActions.announcementDeleted"), "Announcement deleted", "Anuncio eliminado"],
  [msg("teacherActions.contentRequired"), "Content is required", "El contenido es obligatorio"],
  [
    msg("teacherActions.contentTooLong", { max: 20_000 }),
    "Content must be at most 20000 characters",
    "El contenido debe tener como máximo 20000 caracteres",
  ],
  [
    msg("teacherActions.contentNested", { max: 20 }),
    "Content is nested too deeply (at most 20 levels).",
    "El contenido tiene demasiados niveles anidados (como máximo 20).",
  ],
  [msg("teacherActions.descriptionRequired"), "Description is required", "La descripción es obligatoria"],
  [
    msg("teacherActions.descriptionTooLong", { max: 20_000 }),
    "Description must be at most 20000 characters",
    "La descripción debe tener como máximo 20000 caracteres",
  ],
  [
    msg("teacherActions.descriptionNested", { max: 20 }),
    "Description is nested too deeply (at most 20 levels).",
    "La descripción tiene demasiados niveles anidados (como máximo 20).",
  ],
  [msg("teacherActions.validDate"), "Choose a valid date", "Elija una fecha válida"],
  [
    msg("teacherActions.maxScoreWhole"),
    "Max score must be a whole number of at least 1",
    "La puntuación máxima debe ser un número entero de al menos 1",
  ],
  [msg("teacherActions.maxScoreTooLarge"), "Max score is too large", "La puntuación máxima es demasiado grande"],
  [msg("teacherActions.dueRequired"), "Due date is required", "La fecha de entrega es obligatoria"],
  [msg("teacherActions.dueInvalid"), "Due date is not a valid date", "La fecha de entrega no es una fecha válida"],
  [msg("teacherActions.invalidCategory"), "Invalid category", "Categoría no válida"],
  [msg("teacherActions.assignmentCreated"), "Assignment created", "Tarea creada"],
  [msg("teacherActions.assignmentUpdated"), "Assignment updated", "Tarea actualizada"],
  [msg("teacherActions.assignmentDeleted"), "Assignment deleted", "Tarea eliminada"],
  [
    msg("teacherActions.maxBelowGrades", { count: 1, max: 10 }),
    "Max score cannot be lower than an existing grade (1 grade(s) are above 10).",
    "La puntuación máxima no puede ser menor que una calificación ya registrada (1 calificación está por encima de 10).",
  ],
  [
    msg("teacherActions.maxBelowGrades", { count: 3, max: 10 }),
    "Max score cannot be lower than an existing grade (3 grade(s) are above 10).",
    "La puntuación máxima no puede ser menor que una calificación ya registrada (3 calificaciones están por encima de 10).",
  ],
  [
    msg("teacherActions.assignmentHasWork", { submissions: 2, grades: 1 }),
    "This assignment has 2 submission(s) and 1 grade(s), so it cannot be deleted: students' work is kept.",
    "Esta tarea tiene 2 entregas y 1 calificación, así que no se puede eliminar: el trabajo de los estudiantes se conserva.",
  ],
  [
    msg("teacherActions.assignmentHasComments", { count: 1 }),
    "This assignment has 1 private comment, so it cannot be deleted: the conversation about students' work is kept.",
    "Esta tarea tiene 1 comentario privado, así que no se puede eliminar: la conversación sobre el trabajo de los estudiantes se conserva.",
  ],
  [
    msg("teacherActions.attendanceExists", { date: "2026-11-26" }),
    "Attendance already exists for 2026-11-26. Please edit existing records.",
    "Ya hay asistencia registrada para el 2026-11-26. Por favor, edite los registros existentes.",
  ],
  [msg("teacherActions.noStudents"), "No students enrolled yet", "Todavía no hay estudiantes inscritos"],
  [
    msg("teacherActions.attendanceAddedUpdated", { date: "2026-11-26", name: "Ava Johnson" }),
    "Attendance added for 2026-11-26. Attendance updated for Ava Johnson",
    "Asistencia agregada para el 2026-11-26. Asistencia actualizada para Ava Johnson",
  ],
  [
    msg("teacherActions.attendanceAdded", { date: "2026-11-26" }),
    "Attendance added for 2026-11-26",
    "Asistencia agregada para el 2026-11-26",
  ],
  [
    msg("teacherActions.everyonePresent", { date: "2026-11-26" }),
    "Everyone marked present for 2026-11-26",
    "Todos marcados como presentes el 2026-11-26",
  ],
  [
    msg("teacherActions.attendanceUpdated", { name: "Zoë O'Brien, Jr." }),
    "Attendance updated for Zoë O'Brien, Jr.",
    "Asistencia actualizada para Zoë O'Brien, Jr.",
  ],
  [msg("teacherActions.validStatus"), "Choose a valid status", "Elija un estado válido"],
  [msg("teacherActions.selectStudent"), "Select at least one student", "Seleccione al menos un estudiante"],
  [
    msg("teacherActions.onlyExisting"),
    "Only existing students can be added.",
    "Solo se pueden agregar estudiantes existentes.",
  ],
  [
    msg("teacherActions.studentsAdded", { count: 1 }),
    "Successfully added 1 student(s) to the class!",
    "¡1 estudiante agregado a la clase!",
  ],
  [
    msg("teacherActions.studentsAdded", { count: 4 }),
    "Successfully added 4 student(s) to the class!",
    "¡4 estudiantes agregados a la clase!",
  ],
  [
    msg("teacherActions.notEnrolled"),
    "That student is not enrolled in this class.",
    "Ese estudiante no está inscrito en esta clase.",
  ],
  [msg("teacherActions.studentRemoved"), "Student removed from the class", "Estudiante retirado de la clase"],
  [
    msg("teacherActions.studentCreated", { name: "Mia Park" }),
    "Successfully created and added Mia Park to the class!",
    "¡Se creó a Mia Park y se agregó a la clase!",
  ],
  [
    msg("teacherActions.noUniqueCode"),
    "Could not generate a unique access code. Please try again.",
    "No se pudo generar un código de acceso único. Por favor, inténtelo de nuevo.",
  ],
  [
    msg("teacherActions.adminsOnlyCode"),
    "Only an admin can see or reset this student's access code: the student also takes another teacher's class, or was in no class when you added them.",
    "Solo un administrador puede ver o restablecer el código de acceso de este estudiante: también asiste a la clase de otro docente, o no estaba en ninguna clase cuando usted lo agregó.",
  ],
  [
    msg("teacherActions.savedWithCode", { name: "Mia Park", code: "kx7-pq2-9mz" }),
    "Saved Mia Park; new access code kx7-pq2-9mz",
    "Se guardó Mia Park; nuevo código de acceso kx7-pq2-9mz",
  ],
  [msg("teacherActions.saved", { name: "Mia Park" }), "Saved Mia Park", "Se guardó Mia Park"],
  [msg("teacherActions.atMostCharacters", { max: 40 }), "At most 40 characters", "Como máximo 40 caracteres"],
  [
    msg("teacherActions.noTypedCode"),
    "Access codes are generated by the portal: use “Generate a new access code” instead.",
    "El portal genera los códigos de acceso: use «Generar un nuevo código de acceso».",
  ],
  [msg("teacherActions.nameRequired"), "Name is required", "El nombre es obligatorio"],
  [msg("teacherActions.nameTooLong"), "Name is too long", "El nombre es demasiado largo"],
  [msg("teacherActions.usernameRequired"), "Username is required", "El nombre de usuario es obligatorio"],
  [msg("teacherActions.usernameTooLong"), "Username is too long", "El nombre de usuario es demasiado largo"],
  [
    msg("teacherActions.validEmail"),
    "Please enter a valid email address",
    "Por favor, escriba un correo electrónico válido",
  ],
  [msg("teacherActions.usernameTaken"), "That username is already taken.", "Ese nombre de usuario ya está en uso."],
  [msg("teacherActions.codeInUse"), "That access code is already in use.", "Ese código de acceso ya está en uso."],
  [msg("teacherActions.recordExists"), "That record already exists.", "Ese registro ya existe."],
  [
    msg("teacherActions.percentRange"),
    "The percent must be a whole number from 1 to 100",
    "El porcentaje debe ser un número entero del 1 al 100",
  ],
  [msg("teacherActions.writeMessage"), "Write a message", "Escriba un mensaje"],
  [
    msg("teacherActions.messageTooLong", { max: 1000 }),
    "A message is at most 1000 characters",
    "Un mensaje tiene como máximo 1000 caracteres",
  ],
  [msg("teacherActions.tickStudent"), "Tick at least one student", "Marque al menos un estudiante"],
  [msg("teacherActions.atMostStudents", { max: 500 }), "At most 500 students", "Como máximo 500 estudiantes"],
  [
    msg("teacherActions.messagesPerHour", { minutes: 1 }),
    "Twenty messages an hour at most. Try again in 1 minutes.",
    "Como máximo veinte mensajes por hora. Inténtelo de nuevo en 1 minuto.",
  ],
  [
    msg("teacherActions.messagesPerHour", { minutes: 42 }),
    "Twenty messages an hour at most. Try again in 42 minutes.",
    "Como máximo veinte mensajes por hora. Inténtelo de nuevo en 42 minutos.",
  ],
  // The preview's description of whom a message goes to, alone and inside another answer.
  [notSubmitted, "students who have not handed in “Lab report”", "estudiantes que no han entregado «Lab report»"],
  [
    msg("teacherActions.describeBelowYear", { percent: 70 }),
    "students under 70 % in the whole year",
    "estudiantes por debajo del 70\u00a0% en todo el año",
  ],
  [
    msg("teacherActions.describeBelow", { percent: 70, term: "Fall semester" }),
    "students under 70 % in Fall semester",
    "estudiantes por debajo del 70\u00a0% en Fall semester",
  ],
  [
    msg("teacherActions.noGuardians", { students: 3, describe: notSubmitted }),
    "No linked guardians to send to (3 student(s): students who have not handed in “Lab report”).",
    "No hay tutores vinculados a quienes enviar (3 estudiantes: estudiantes que no han entregado «Lab report»).",
  ],
  [
    msg("teacherActions.messageSent", { guardians: 1, students: 2 }),
    "Message sent to 1 guardian(s) of 2 student(s)",
    "Mensaje enviado a 1 tutor de 2 estudiantes",
  ],
  // Not the dashboard's own namespace: the class page's, shared with the dashboard's schemas and lib.
  [msg("classPage.actions.titleRequired"), "Title is required", "El título es obligatorio"],
  [
    msg("classPage.actions.assignmentNotHere"),
    "That assignment is not in this class.",
    "Esa tarea no es de esta clase.",
  ],
  [msg("classPage.actions.invalidId"), "Invalid id", "Identificador no válido"],
  [
    msg("common.genericError"),
    "Something went wrong. Please try again.",
    "Algo salió mal. Por favor, inténtelo de nuevo.",
  ],
];

describe("class dashboard action answers in the reader's language", () => {
  it.each(SENTENCES)("%j reads as the actions wrote it in English, and in Spanish", (message, english, spanish) => {
    expect(render(message, "en")).toBe(english);
    expect(render(message, "es")).toBe(spanish);
  });

  it("every message of the catalog's teacherActions is in the list above", () => {
    const keys = new Set(SENTENCES.map(([message]) => message.key));
    expect(
      Object.keys(messagesFor("en").teacherActions).filter((k) => !keys.has(`teacherActions.${k}` as never)),
    ).toEqual([]);
  });

  it("the shared form fields answer with descriptors, with the limits they check", () => {
    const issues = [
      ...markdownField("Content").safeParse("").error!.issues,
      ...markdownField("Description").safeParse("x".repeat(20_001)).error!.issues,
      ...markdownField("Content").safeParse(`${"> ".repeat(30)}deep`).error!.issues,
      ...dayField.safeParse("2026-02-30").error!.issues,
      ...titleField.safeParse(" ").error!.issues,
    ];
    expect(issues.map((issue) => messageOfIssue(issue.message))).toEqual([
      msg("teacherActions.contentRequired"),
      msg("teacherActions.descriptionTooLong", { max: 20_000 }),
      msg("teacherActions.contentNested", { max: 20 }),
      msg("teacherActions.validDate"),
      msg("classPage.actions.titleRequired"),
    ]);
  });

  it("real actions' answers, field messages and a preview's description reach a Spanish-reading teacher in Spanish, an English one in English", async () => {
    await seedDemo();
    await signInAs(DEMO_INSTRUCTORS[0].code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const levelCode = "ALG1-P1";
    expect(await createStudent({ ok: true }, form({ levelCode, name: " ", username: "mia", email: "nope" }))).toEqual({
      ok: false,
      message: "El nombre es obligatorio",
      fieldErrors: {
        name: ["El nombre es obligatorio"],
        email: ["Por favor, escriba un correo electrónico válido"],
      },
    });
    expect(await editAnnouncement({ levelCode, updateId: 1 })).toEqual({
      ok: false,
      message: "No hay nada que cambiar",
      fieldErrors: { form: ["No hay nada que cambiar"] },
    });
    expect(await deleteAnnouncement({ levelCode, updateId: 999_999 })).toEqual({
      ok: false,
      message: "Ese anuncio no es de esta clase.",
    });
    expect(await searchStudents(levelCode, "x".repeat(101))).toMatchObject({
      ok: false,
      message: "Como máximo 100 caracteres",
    });
    expect(await enrollStudents({ levelCode, studentIds: [] })).toMatchObject({
      ok: false,
      message: "Seleccione al menos un estudiante",
    });
    expect(await addAttendanceDay({ levelCode, date: "2099-06-01" })).toEqual({
      ok: true,
      message: "Asistencia agregada para el 2099-06-01",
    });
    expect(await addAttendanceDay({ levelCode, date: "2099-06-01" })).toEqual({
      ok: false,
      message: "Ya hay asistencia registrada para el 2099-06-01. Por favor, edite los registros existentes.",
    });
    const below = { kind: "below", percent: 100, term: "year" };
    const preview = await previewGuardianMessage({ levelCode, target: below });
    expect(preview.ok && preview.data!.describe).toBe("estudiantes por debajo del 100\u00a0% en todo el año");
    expect(await sendGuardianMessage({ levelCode, target: below, text: " " })).toMatchObject({
      ok: false,
      message: "Escriba un mensaje",
    });

    await signInAs(DEMO_INSTRUCTORS[0].code); // signInAs clears the cookies
    cookieJar.set(LOCALE_COOKIE, "en");
    expect(await addAttendanceDay({ levelCode, date: "2099-06-01" })).toEqual({
      ok: false,
      message: "Attendance already exists for 2099-06-01. Please edit existing records.",
    });
    const again = await previewGuardianMessage({ levelCode, target: below });
    expect(again.ok && again.data!.describe).toBe("students under 100 % in the whole year");
    expect((await createStudent({ ok: true }, form({ levelCode, name: "", username: "mia" }))).message).toBe(
      "Name is required",
    );
  });
});
