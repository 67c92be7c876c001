import { describe, expect, it } from "vitest";
import { saveSyncPolicyAction } from "@/app/admin/roster-actions";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { DEMO_ADMIN } from "@/lib/db/demo-school";
import { MSG } from "@/lib/domain/messages";
import { lockedMessage, termProblems } from "@/lib/domain/terms";
import { inAdminReaderLanguage, translateAdminMessage } from "@/lib/i18n/admin-action-message";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { messagesFor } from "@/lib/i18n/catalog";
import { MAIL_OFF_NO_SMTP } from "@/lib/mail/transport";
import { ROSTER_TEMPLATES } from "@/lib/roster/templates";
import { seedDemo } from "./support/fixtures";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 31: the admin's actions answer in the reader's language. They write the spec's English (their
// zod schemas, lib/admin, lib/parent, lib/terms, lib/roster, lib/mail); lib/i18n/admin-action-message.ts
// finds each sentence in the catalog's `admin.actions` by pattern, names and numbers read back. These
// are the sentences as those files write them: one the catalog's English no longer matches would reach
// a Spanish-reading admin in English.

useTestDatabase();

const SENTENCES: [string, string][] = [
  ["Saved Biology 9", "Biology 9 guardado"],
  ["Created Ana López", "Ana López creado"],
  ["New access code for Liam Johnson", "Nuevo código de acceso de Liam Johnson"],
  ["That student no longer exists.", "Ese estudiante ya no existe."],
  [
    "Could not generate a unique access code. Please try again.",
    "No se pudo generar un código de acceso único. Por favor, inténtelo de nuevo.",
  ],
  ["The teacher must be an instructor.", "El maestro debe ser un instructor."],
  ["Code may use letters, digits, '.', '_' and '-'", "El código puede usar letras, dígitos, '.', '_' y '-'"],
  ["At most 50 characters", "Como máximo 50 caracteres"],
  ["Please enter a valid email address", "Por favor, escriba una dirección de correo electrónico válida"],
  ["Linked Grace Johnson to Liam Johnson", "Grace Johnson vinculado a Liam Johnson"],
  ["Grace Johnson stays unlinked from Liam Johnson", "Grace Johnson sigue sin vincularse a Liam Johnson"],
  ["Guardian link removed", "Vínculo del tutor quitado"],
  ["No parent account has that username.", "Ninguna cuenta de padre tiene ese usuario."],
  ["New report-card link", "Nuevo enlace a la boleta de calificaciones"],
  ["Link withdrawn", "Enlace retirado"],
  ["1 term saved", "1 período guardado"],
  ["3 terms saved", "3 períodos guardados"],
  [
    "Fall published: its report cards are out and its grades locked",
    "Fall publicado: sus boletas de calificaciones están disponibles y sus calificaciones bloqueadas",
  ],
  [
    "Fall published: its report cards are out and its grades locked (2 changed since it was last published)",
    "Fall publicado: sus boletas de calificaciones están disponibles y sus calificaciones bloqueadas (2 cambiadas desde la última publicación)",
  ],
  [
    "Fall unlocked: teachers can change its grades again",
    "Fall desbloqueado: los maestros pueden cambiar sus calificaciones de nuevo",
  ],
  ["Sid Three restored with a new access code", "Sid Three restaurado con un nuevo código de acceso"],
  ["Art restored", "Art restaurado"],
  ["Roster sync settings saved", "Configuración de sincronización del padrón guardada"],
  ["Test e-mail sent to office@demo.school", "Correo de prueba enviado a office@demo.school"],
  [
    "Ten test e-mails an hour at most. Try again in 7 minutes.",
    "Como máximo diez correos de prueba por hora. Inténtelo de nuevo dentro de 7 minutos.",
  ],
  [
    MAIL_OFF_NO_SMTP,
    "El correo electrónico está desactivado: configure SMTP_URL y MAIL_FROM para enviar notificaciones por correo electrónico.",
  ],
  ["Sign-in link removed.", "Vínculo de inicio de sesión quitado."],
  // The terms form's problems, one at a time and listed together as lib/terms/terms.ts writes them.
  ["Term 2 needs a name.", "El período 2 necesita un nombre."],
  [
    '"Fall" ends before it starts. "Fall" and "Spring" overlap: a day can be in only one term.',
    '"Fall" termina antes de empezar. "Fall" y "Spring" se superponen: un día solo puede estar en un período.',
  ],
  [
    termProblems([
      { title: "Fall", startDate: "2026-08-24", endDate: "2027-01-15" },
      { title: "fall", startDate: "2027-01-10", endDate: "2027-06-11" },
      { title: "", startDate: "", endDate: "" },
    ]).join(". ") + ".",
    'Dos períodos se llaman "fall". El período 3 necesita un nombre. "Term 3" necesita una fecha de inicio y una de fin. "Fall" y "fall" se superponen: un día solo puede estar en un período.',
  ],
  [
    `${lockedMessage("Fall")} Its dates cannot change while it is published.`,
    "Fall está publicado, así que sus calificaciones están bloqueadas. Un administrador puede desbloquear el período en /admin → Períodos. Sus fechas no pueden cambiar mientras esté publicado.",
  ],
  [
    '"Fall", "Spring" have teachers\' term grades or report-card comments and cannot be removed.',
    '"Fall", "Spring" tienen calificaciones de período o comentarios de boleta de los maestros y no se pueden quitar.',
  ],
  // A part nobody knows leaves the whole list in English rather than half-translated.
  ["Term 2 needs a name. Something new.", "Term 2 needs a name. Something new."],
  // The guards' refusals and the generic error come from the screens' namespaces.
  [MSG.adminOtherRole, "Acceso denegado. Solo los administradores pueden ver esta página."],
  [MSG.genericError, "Algo salió mal. Por favor, inténtelo de nuevo."],
];

describe("admin action answers in the reader's language", () => {
  it.each(SENTENCES)("%j in Spanish", async (english, spanish) => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await translateAdminMessage(english)).toBe(spanish);
  });

  it("an English reader gets the English untouched, and unknown text stays as it is", async () => {
    cookieJar.set(LOCALE_COOKIE, "en");
    expect(await translateAdminMessage("Saved Biology 9")).toBe("Saved Biology 9");
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await inAdminReaderLanguage(Promise.resolve({ ok: false, message: "Something else." }))).toEqual({
      ok: false,
      message: "Something else.",
    });
  });

  it("a real action's refusal and field messages reach a Spanish-reading admin in Spanish", async () => {
    await seedDemo();
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const form = new FormData();
    form.set("deletionPercent", "lots");
    const answer = await saveSyncPolicyAction({ ok: true }, form);
    expect(answer.ok).toBe(false);
    expect(answer.message).toBe("El umbral es un porcentaje de 0 a 100, p. ej. 5 o 2.5");
    const mail = new FormData();
    mail.set("to", "not an address");
    expect((await sendTestMailAction({ ok: true }, mail)).message).toBe(
      "Escriba una dirección de correo electrónico válida",
    );
  });
});

describe("the roster templates' column help on /admin → Import & export", () => {
  it("has a catalog entry for every column, in the template's own English", () => {
    const help = messagesFor("en").admin.roster.columnHelp as Record<string, Record<string, string>>;
    for (const template of ROSTER_TEMPLATES)
      for (const column of template.columns) expect(help[template.id]?.[column.name]).toBe(column.description);
  });
});
