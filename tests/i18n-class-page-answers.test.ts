import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addResponse, loadSubmissionHistory, submitAssignment } from "@/app/level/[levelCode]/actions";
import { loadAttachments } from "@/app/level/[levelCode]/files-actions";
import { POST as oneClickRoute } from "@/app/api/unsubscribe/[token]/route";
import { savePreferencesAction } from "@/app/notifications/actions";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { userFormAction } from "@/lib/user-actions";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { EVENT_LABELS, NOTIFY_EVENTS } from "@/lib/domain/notify-events";
import { listOf, msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { unsubscribeToken } from "@/lib/mail/unsubscribe";
import { firstAssignmentOf, firstUpdateOf, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { cookieJar, requestHeaders } from "./support/request-context";
import { signInAs } from "./support/session";
import { uploadFile } from "./support/upload";
import { useTestDatabase } from "./support/test-db";
import { describeScope } from "@/lib/notify/unsubscribe";

// Issues 31 and 40: the student's class page (its actions, lib/class-work, the upload route and
// lib/files), one's own calendar feed, notifications, language and the unsubscribe button answer
// with message descriptors, written in the reader's language as the answer leaves the server. The
// English is the catalog's and must read exactly as the code wrote it before it made descriptors;
// the Spanish is what a Spanish reader sees.

useTestDatabase();

const SENTENCES: [Message, string, string][] = [
  [msg("classPage.actions.titleRequired"), "Title is required", "El título es obligatorio"],
  [
    msg("classPage.actions.titleTooLong", { max: 200 }),
    "Title must be at most 200 characters",
    "El título debe tener como máximo 200 caracteres",
  ],
  [msg("classPage.actions.responseRequired"), "Your Response is required", "Su respuesta es obligatoria"],
  [
    msg("classPage.actions.responseNested", { max: 20 }),
    "Response is nested too deeply (at most 20 levels).",
    "La respuesta tiene demasiados niveles anidados (como máximo 20).",
  ],
  [
    msg("classPage.actions.responseTooShort", { min: 10 }),
    "Response must be at least 10 characters.",
    "La respuesta debe tener al menos 10 caracteres.",
  ],
  [
    msg("classPage.actions.tooManyResponses", { limit: 10, every: 10, minutes: 1 }),
    "Too many responses: at most 10 every 10 minutes. Please wait 1 minute and try again.",
    "Demasiadas respuestas: como máximo 10 cada 10 minutos. Por favor, espere 1 minuto e inténtelo de nuevo.",
  ],
  [
    msg("classPage.actions.tooManyResponses", { limit: 10, every: 10, minutes: 9 }),
    "Too many responses: at most 10 every 10 minutes. Please wait 9 minutes and try again.",
    "Demasiadas respuestas: como máximo 10 cada 10 minutos. Por favor, espere 9 minutos e inténtelo de nuevo.",
  ],
  [msg("classPage.actions.submissionSent"), "Submission sent successfully!", "¡La entrega se envió correctamente!"],
  [
    msg("classPage.actions.fileGone"),
    "An attached file is no longer there. Remove it and attach it again.",
    "Un archivo adjunto ya no está. Quítelo y vuelva a adjuntarlo.",
  ],
  [
    msg("uploads.tooLarge", { mb: 25 }),
    "The file is too large: at most 25 MB.",
    "El archivo es demasiado grande: como máximo 25 MB.",
  ],
  [
    msg("uploads.quota", { mb: 200 }),
    "Your files would use more than your 200 MB. Remove some files first.",
    "Sus archivos ocuparían más de sus 200 MB. Quite algunos archivos primero.",
  ],
  [
    msg("uploads.tooManyFiles", { max: 10 }),
    "At most 10 files can be attached.",
    "Se pueden adjuntar como máximo 10 archivos.",
  ],
  [
    msg("uploads.photoTooManyPixels", { max: 50 }),
    "This photo is too large to convert: at most 50 megapixels. Please send a smaller photo or a JPEG.",
    "Esta foto es demasiado grande para convertirla: como máximo 50 megapíxeles. Por favor, envíe una foto más pequeña o un JPEG.",
  ],
  [
    msg("calendar.tooMany", { minutes: 1 }),
    "Too many new addresses. Please wait 1 minute and try again.",
    "Demasiadas direcciones nuevas. Por favor, espere 1 minuto e inténtelo de nuevo.",
  ],
  [
    msg("notifications.markedMany", { count: 3 }),
    "3 notifications marked read",
    "3 notificaciones marcadas como leídas",
  ],
  [
    msg("settings.chooseHow", { event: "attendance" }),
    "Choose how you hear about absences and tardies",
    "Elija cómo quiere recibir: ausencias y llegadas tarde",
  ],
  [
    msg("unsubscribe.done", { what: describeScope("attendance") }),
    "Unsubscribed: you will no longer receive e-mails about “Absences and tardies” (they stay in the portal).",
    "Suscripción cancelada: ya no recibirá los correos electrónicos sobre «Ausencias y llegadas tarde» (siguen en el portal).",
  ],
];

describe("the descriptors of the class page and one's own settings", () => {
  it.each(SENTENCES)("%j reads as the code wrote it in English, and in Spanish", (message, english, spanish) => {
    expect(render(message, "en")).toBe(english);
    expect(render(message, "es")).toBe(spanish);
  });

  it("names each event in the settings' refusal as the schema wrote it in English", () => {
    for (const event of NOTIFY_EVENTS)
      expect(render(msg("settings.chooseHow", { event }), "en")).toBe(
        `Choose how you hear about ${EVENT_LABELS[event].toLowerCase()}`,
      );
  });

  it("joins a list as each language's own list format does", () => {
    const words = ["“Red”", "“Green”", "“Blue”", "“Ink”"];
    const asText = (text: string) => msg("unsubscribe.quoted", { text });
    for (const locale of ["en", "es"] as const)
      for (let n = 1; n <= words.length; n++) {
        const items = words.slice(0, n).map((w) => w.slice(1, -1));
        const [first, ...rest] = items.map(asText);
        const quoted = items.map((w) => render(asText(w), locale));
        expect(render(listOf(first!, ...rest), locale)).toBe(
          new Intl.ListFormat(locale, { type: "conjunction" }).format(quoted),
        );
      }
  });
});

describe("the class page's answers in the reader's language", () => {
  const ava = DEMO_STUDENTS[0]!;
  let bioUpdate: number;
  let bioAssignment: number;
  let algAssignment: number;
  let avaId: number;

  beforeAll(async () => {
    await seedDemo();
    bioUpdate = await firstUpdateOf("BIO-P2");
    bioAssignment = await firstAssignmentOf("BIO-P2");
    algAssignment = await firstAssignmentOf("ALG1-P1");
  });

  async function asAva(locale: "en" | "es") {
    avaId = (await signInAs(ava.code)).id;
    cookieJar.set(LOCALE_COOKIE, locale);
  }

  it("a form's refusals, a success and a guard's refusal in Spanish, and in English", async () => {
    await asAva("es");
    const empty = await addResponse(
      { ok: true },
      form({ levelCode: "BIO-P2", updateId: bioUpdate, studentId: avaId, title: "", content: "" }),
    );
    expect(empty).toEqual({
      ok: false,
      message: "El título es obligatorio",
      fieldErrors: { title: ["El título es obligatorio"], content: ["Su respuesta es obligatoria"] },
    });
    const added = await addResponse(
      { ok: true },
      form({ levelCode: "BIO-P2", updateId: bioUpdate, studentId: avaId, title: "Hola", content: "Mi respuesta" }),
    );
    expect(added).toEqual({ ok: true, message: "Respuesta agregada" });
    const short = await submitAssignment(
      { ok: true },
      form({ levelCode: "BIO-P2", assignmentId: bioAssignment, studentId: avaId, content: "corto" }),
    );
    expect(short.message).toBe("La respuesta debe tener al menos 10 caracteres.");
    const other = await submitAssignment(
      { ok: true },
      form({ levelCode: "BIO-P2", assignmentId: bioAssignment, studentId: avaId + 1, content: "Una entrega larga" }),
    );
    expect(other.message).toBe("Solo puede hacer esto para usted mismo.");
    expect(await loadSubmissionHistory("ALG1-P1", algAssignment)).toEqual({
      ok: false,
      message: "No está inscrito en esta clase. Por favor, comuníquese con su maestro para obtener acceso.",
    });
    expect(await loadAttachments({ levelCode: "BIO-P2", kind: "announcement", id: algAssignment })).toEqual({
      ok: false,
      message: "Ese anuncio no es de esta clase.",
    });
    expect(await loadSubmissionHistory("BIO-P2", algAssignment)).toEqual({
      ok: false,
      message: "No se pudieron cargar las entregas.",
    });

    await asAva("en");
    const sent = await submitAssignment(
      { ok: true },
      form({ levelCode: "BIO-P2", assignmentId: bioAssignment, studentId: avaId, content: "A long enough answer" }),
    );
    expect(sent).toEqual({ ok: true, message: "Submission sent successfully!" });
    expect((await loadAttachments({ levelCode: "BIO-P2", kind: "assignment", id: algAssignment })).message).toBe(
      "That assignment is not in this class.",
    );
  });

  it("the upload route refuses in the uploader's language", async () => {
    await asAva("es");
    const markup = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const refused = await uploadFile(
      "BIO-P2",
      { kind: "submission", id: bioAssignment, draft: "dialog-es-1" },
      "a.txt",
      markup,
    );
    expect(refused.status).toBe(415);
    expect(refused.json.message).toBe(
      "No se puede cargar este tipo de archivo. Use una foto, un PDF, un documento de oficina, texto, audio o video.",
    );
    const elsewhere = await uploadFile("BIO-P2", { kind: "submission", id: algAssignment }, "a.txt", markup);
    expect(elsewhere).toMatchObject({ status: 404, json: { message: "Esa tarea no es de esta clase." } });
    await signInAs(DEMO_INSTRUCTORS[0].code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const notHers = await uploadFile("BIO-P2", { kind: "submission", id: bioAssignment }, "a.txt", markup);
    expect(notHers).toMatchObject({ status: 403, json: { message: "Solo los estudiantes entregan trabajos." } });

    await asAva("en");
    const english = await uploadFile(
      "BIO-P2",
      { kind: "submission", id: bioAssignment, draft: "dialog-en-1" },
      "a.txt",
      markup,
    );
    expect(english.json.message).toBe(
      "This kind of file cannot be uploaded. Use a photo, a PDF, an office document, plain text, audio or video.",
    );
  });
});

describe("one's own settings answer in the reader's language", () => {
  beforeAll(async () => {
    await seedDemo();
  });

  it("the notification settings' refusals name the event in Spanish", async () => {
    await signInAs(DEMO_STUDENTS[0]!.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const answer = await savePreferencesAction({ ok: true }, form({ attendance: "sometimes", threshold: "70" }));
    expect(answer).toMatchObject({
      ok: false,
      fieldErrors: { attendance: ["Elija cómo quiere recibir: ausencias y llegadas tarde"] },
    });
    const threshold = await savePreferencesAction(
      { ok: true },
      form({ ...Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, "off"])), threshold: "0" }),
    );
    expect(threshold.message).toBe("El límite de calificación debe ser un porcentaje entero del 1 al 100");
    await signInAs(DEMO_INSTRUCTORS[0].code);
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await savePreferencesAction({ ok: true }, form({}))).toEqual({
      ok: false,
      message: "Las notificaciones tratan sobre los estudiantes: no hay nada que elegir para su cuenta.",
    });
  });

  it("an action that has just chosen the reader's language answers in it (answerIn)", async () => {
    await signInAs(DEMO_STUDENTS[0]!.code);
    cookieJar.set(LOCALE_COOKIE, "en");
    const choose = userFormAction(
      z.object({ locale: z.enum(["en", "es"]) }),
      () => Promise.resolve({ ok: true as const, message: msg("common.languageSaved") }),
      { answerIn: ({ locale }) => locale },
    );
    expect(await choose({ ok: true }, form({ locale: "es" }))).toEqual({ ok: true, message: "Idioma guardado." });
    expect(await choose({ ok: true }, form({ locale: "en" }))).toEqual({ ok: true, message: "Language saved." });
  });

  it("unsubscribing answers in the reader's language: the page's button, and a mail provider's one-click POST", async () => {
    const { id } = await signInAs(DEMO_STUDENTS[0]!.code);
    cookieJar.clear();
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await unsubscribeAction(unsubscribeToken(id, "digest-daily"))).toEqual({
      ok: true,
      message: "Suscripción cancelada: ya no recibirá el correo electrónico de resumen diario (siguen en el portal).",
    });
    expect(await unsubscribeAction("1.attendance.x")).toEqual({
      ok: false,
      message:
        "Este enlace para cancelar la suscripción no es válido. Inicie sesión en el portal y elija lo que recibe en Notificaciones.",
    });
    // A mail provider sends no cookie: its Accept-Language, else the school's language.
    cookieJar.clear();
    const token = unsubscribeToken(id, "digest-weekly-attendance-grade");
    const post = (language: string) => {
      requestHeaders.set("accept-language", language);
      return oneClickRoute(new Request(`http://localhost/api/unsubscribe/${token}`, { method: "POST" }), {
        params: Promise.resolve({ token }),
      });
    };
    try {
      expect(await (await post("es")).text()).toBe(
        "Suscripción cancelada: ya no recibirá el correo electrónico de resumen semanal de «Ausencias y llegadas tarde» y «Calificaciones por debajo de mi límite» (siguen en el portal).",
      );
      expect(await (await post("en")).text()).toBe(
        "Unsubscribed: you will no longer receive the weekly summary e-mail of “Absences and tardies” and “Grades below my threshold” (they stay in the portal).",
      );
    } finally {
      requestHeaders.delete("accept-language");
    }
  });
});
