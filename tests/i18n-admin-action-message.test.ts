import { describe, expect, it } from "vitest";
import { createUser, saveClass } from "@/app/admin/actions";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { saveSyncPolicyAction } from "@/app/admin/roster-actions";
import { saveTermsAction } from "@/app/admin/term-actions";
import { adminFormAction } from "@/lib/actions";
import { z } from "zod";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { termProblems } from "@/lib/domain/terms";
import { messagesFor } from "@/lib/i18n/catalog";
import { msg, sentences, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { mailSettings } from "@/lib/mail/transport";
import { ROSTER_TEMPLATES } from "@/lib/roster/templates";
import { seedDemo } from "./support/fixtures";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issues 31 and 40: the admin's actions answer with message descriptors (lib/admin, lib/parent,
// lib/terms, lib/mail, their zod schemas, the guards), written in the reader's language as the answer
// leaves the action (lib/actions.ts). The English is the catalog's, and must read exactly as the
// actions wrote it before they answered with descriptors; the Spanish is what a Spanish-reading admin sees.

useTestDatabase();

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** The terms form's problems as lib/terms/terms.ts answers with them: one message of sentences. */
const listed = ([first, ...rest]: Message[]) => sentences(first!, ...rest);

/** Each descriptor as the admin's code makes it, its English as the code wrote it, and its Spanish. */
const SENTENCES: [Message, string, string][] = [
  [msg("admin.actions.saved", { name: "Biology 9" }), "Saved Biology 9", "Biology 9 guardado"],
  [msg("admin.actions.created", { name: "Ana López" }), "Created Ana López", "Ana López creado"],
  [
    msg("admin.actions.newCodeFor", { name: "Liam Johnson" }),
    "New access code for Liam Johnson",
    "Nuevo código de acceso de Liam Johnson",
  ],
  [msg("admin.actions.studentGone"), "That student no longer exists.", "Ese estudiante ya no existe."],
  [
    msg("admin.actions.noUniqueCode"),
    "Could not generate a unique access code. Please try again.",
    "No se pudo generar un código de acceso único. Por favor, inténtelo de nuevo.",
  ],
  [msg("admin.actions.teacherInstructor"), "The teacher must be an instructor.", "El maestro debe ser un instructor."],
  [
    msg("admin.actions.codeChars"),
    "Code may use letters, digits, '.', '_' and '-'",
    "El código puede usar letras, dígitos, '.', '_' y '-'",
  ],
  [msg("admin.actions.atMost", { max: 50 }), "At most 50 characters", "Como máximo 50 caracteres"],
  [
    msg("admin.actions.validEmailPlease"),
    "Please enter a valid email address",
    "Por favor, escriba una dirección de correo electrónico válida",
  ],
  [msg("admin.actions.usernameTaken"), "That username is already taken.", "Ese nombre de usuario ya está en uso."],
  [
    msg("admin.actions.classCodeTaken"),
    "A class with that code already exists.",
    "Ya existe una clase con ese código.",
  ],
  [
    msg("admin.actions.linked", { parent: "Grace Johnson", student: "Liam Johnson" }),
    "Linked Grace Johnson to Liam Johnson",
    "Grace Johnson vinculado a Liam Johnson",
  ],
  [
    msg("admin.actions.stillUnlinked", { parent: "Grace Johnson", student: "Liam Johnson" }),
    "Grace Johnson stays unlinked from Liam Johnson",
    "Grace Johnson sigue sin vincularse a Liam Johnson",
  ],
  [msg("admin.actions.guardianRemoved"), "Guardian link removed", "Vínculo del tutor quitado"],
  [
    msg("admin.actions.noParentUsername"),
    "No parent account has that username.",
    "Ninguna cuenta de padre tiene ese usuario.",
  ],
  [msg("admin.actions.newReportLink"), "New report-card link", "Nuevo enlace a la boleta de calificaciones"],
  [msg("admin.actions.linkWithdrawn"), "Link withdrawn", "Enlace retirado"],
  [msg("admin.actions.termsSaved", { count: 1 }), "1 term saved", "1 período guardado"],
  [msg("admin.actions.termsSaved", { count: 3 }), "3 terms saved", "3 períodos guardados"],
  [
    msg("admin.actions.published", { title: "Fall" }),
    "Fall published: its report cards are out and its grades locked",
    "Fall publicado: sus boletas de calificaciones están disponibles y sus calificaciones bloqueadas",
  ],
  [
    msg("admin.actions.publishedAgain", { title: "Fall", changed: 2 }),
    "Fall published: its report cards are out and its grades locked (2 changed since it was last published)",
    "Fall publicado: sus boletas de calificaciones están disponibles y sus calificaciones bloqueadas (2 cambiadas desde la última publicación)",
  ],
  [
    msg("admin.actions.unlocked", { title: "Fall" }),
    "Fall unlocked: teachers can change its grades again",
    "Fall desbloqueado: los maestros pueden cambiar sus calificaciones de nuevo",
  ],
  [
    msg("admin.actions.restoredCode", { name: "Sid Three" }),
    "Sid Three restored with a new access code",
    "Sid Three restaurado con un nuevo código de acceso",
  ],
  [msg("admin.actions.restored", { name: "Art" }), "Art restored", "Art restaurado"],
  [msg("admin.actions.syncSaved"), "Roster sync settings saved", "Configuración de sincronización del padrón guardada"],
  [
    msg("admin.actions.testSent", { to: "office@demo.school" }),
    "Test e-mail sent to office@demo.school",
    "Correo de prueba enviado a office@demo.school",
  ],
  [
    msg("admin.actions.testMailLimit", { minutes: 7 }),
    "Ten test e-mails an hour at most. Try again in 7 minutes.",
    "Como máximo diez correos de prueba por hora. Inténtelo de nuevo dentro de 7 minutos.",
  ],
  [
    msg("admin.mailOff.noSmtp"),
    "E-mail is off: set SMTP_URL and MAIL_FROM to send notifications by e-mail.",
    "El correo electrónico está desactivado: configure SMTP_URL y MAIL_FROM para enviar notificaciones por correo electrónico.",
  ],
  [msg("admin.actions.signInLinkRemoved"), "Sign-in link removed.", "Vínculo de inicio de sesión quitado."],
  [
    msg("admin.actions.signInLinkRemovedBlocked"),
    "Sign-in link removed; the school account cannot link again.",
    "Vínculo de inicio de sesión quitado; la cuenta escolar no podrá vincularse de nuevo.",
  ],
  [
    msg("admin.actions.termLocked", { title: "Fall" }),
    "Fall is published, so its grades are locked. An admin can unlock the term on /admin → Terms. Its dates cannot change while it is published.",
    "Fall está publicado, así que sus calificaciones están bloqueadas. Un administrador puede desbloquear el período en /admin → Períodos. Sus fechas no pueden cambiar mientras esté publicado.",
  ],
  [
    msg("admin.actions.termsHeld", { titles: '"Fall", "Spring"' }),
    '"Fall", "Spring" have teachers\' term grades or report-card comments and cannot be removed.',
    '"Fall", "Spring" tienen calificaciones de período o comentarios de boleta de los maestros y no se pueden quitar.',
  ],
  // The terms form's problems, listed together in one answer.
  [
    listed(termProblems([{ title: "Fall", startDate: "2027-01-15", endDate: "2026-08-24" }])),
    '"Fall" ends before it starts.',
    '"Fall" termina antes de empezar.',
  ],
  [
    listed(
      termProblems([
        { title: "Fall", startDate: "2026-08-24", endDate: "2027-01-15" },
        { title: "fall", startDate: "2027-01-10", endDate: "2027-06-11" },
        { title: "", startDate: "", endDate: "" },
      ]),
    ),
    'Two terms are named "fall". Term 3 needs a name. "Term 3" needs a start and an end date. "Fall" and "fall" overlap: a day can be in only one term.',
    'Dos períodos se llaman "fall". El período 3 necesita un nombre. "Período 3" necesita una fecha de inicio y una de fin. "Fall" y "fall" se superponen: un día solo puede estar en un período.',
  ],
  // The guards' refusals and the generic error.
  [
    msg("states.adminOtherRole"),
    "Access Denied. Only administrators can access this page.",
    "Acceso denegado. Solo los administradores pueden ver esta página.",
  ],
  [
    msg("common.genericError"),
    "Something went wrong. Please try again.",
    "Algo salió mal. Por favor, inténtelo de nuevo.",
  ],
];

describe("admin action answers in the reader's language", () => {
  it.each(SENTENCES)("%j reads as the actions wrote it in English, and in Spanish", (message, english, spanish) => {
    expect(render(message, "en")).toBe(english);
    expect(render(message, "es")).toBe(spanish);
  });

  it("real actions' refusals and field messages reach a Spanish-reading admin in Spanish, an English one in English", async () => {
    await seedDemo();
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const policy = await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "lots" }));
    expect(policy).toEqual({
      ok: false,
      message: "El umbral es un porcentaje de 0 a 100, p. ej. 5 o 2.5",
      fieldErrors: { deletionPercent: ["El umbral es un porcentaje de 0 a 100, p. ej. 5 o 2.5"] },
    });
    // The schema of lib/roster/sync-policy, after the form's own.
    expect((await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "100.5" }))).message).toBe(
      "El umbral es un porcentaje de 0 a 100",
    );
    expect((await sendTestMailAction({ ok: true }, form({ to: "not an address" }))).message).toBe(
      "Escriba una dirección de correo electrónico válida",
    );
    const terms = await saveTermsAction(
      { ok: true },
      form({
        "title.0": "Fall",
        "start.0": "2026-08-24",
        "end.0": "2026-08-01",
        "title.1": "",
        "start.1": "2027-01-04",
      }),
    );
    expect(terms.message).toBe(
      '"Fall" termina antes de empezar. El período 2 necesita un nombre. "Período 2" necesita una fecha de inicio y una de fin.',
    );
    const taken = form({ code: "ALG1-P1", name: "Algebra again", teacherId: "" });
    expect((await saveClass({ ok: true }, taken)).message).toBe("Ya existe una clase con ese código.");
    const created = await createUser({ ok: true }, form({ role: "parent", name: "Ana López", username: "alopez" }));
    expect(created).toMatchObject({ ok: true, message: "Ana López creado" });

    cookieJar.set(LOCALE_COOKIE, "en");
    await signInAs(DEMO_ADMIN.code); // signInAs clears the cookies
    cookieJar.set(LOCALE_COOKIE, "en");
    expect((await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "lots" }))).message).toBe(
      "The threshold is a percent from 0 to 100, e.g. 5 or 2.5",
    );
    expect((await saveClass({ ok: true }, taken)).message).toBe("A class with that code already exists.");
  });

  it("a guard's refusal comes in the reader's language", async () => {
    await seedDemo();
    await signInAs(DEMO_INSTRUCTORS[0].code);
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "5" }))).toEqual({
      ok: false,
      message: "Acceso denegado. Solo los administradores pueden ver esta página.",
    });
  });

  it("a body that fails unexpectedly answers with the generic error in the reader's language, and logs", async () => {
    await seedDemo();
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const failing = adminFormAction(z.object({}), () => Promise.reject(new Error("select 1 from nowhere")));
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true; // the failure is logged
    expect(await failing({ ok: true }, form({}))).toEqual({
      ok: false,
      message: "Algo salió mal. Por favor, inténtelo de nuevo.",
    });
  });

  it("the e-mail transport's reason for being off is a message, not English", () => {
    expect(mailSettings()).toMatchObject({ enabled: false, offReason: msg("admin.mailOff.noSmtp") });
  });
});

describe("the roster templates' column help on /admin → Import & export", () => {
  it("has a catalog entry for every column, in the template's own English", () => {
    const help = messagesFor("en").admin.roster.columnHelp as Record<string, Record<string, string>>;
    for (const template of ROSTER_TEMPLATES)
      for (const column of template.columns) expect(help[template.id]?.[column.name]).toBe(column.description);
  });
});
