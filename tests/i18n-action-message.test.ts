import { describe, expect, it } from "vitest";
import { MSG } from "@/lib/domain/messages";
import { tooDeeplyNestedMessage } from "@/lib/domain/markdown-depth";
import { inReaderLanguage, translateActionMessage } from "@/lib/i18n/action-message";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { cookieJar } from "./support/request-context";

// Issue 31: lib/i18n/action-message.ts finds the class page's English sentences in the catalog, for
// the staff actions that still answer in English through it (app/level/[levelCode]/update). The
// student's own actions answer with descriptors (tests/i18n-class-page-answers.test.ts). These are the sentences the
// actions return, as they write them (app/level/[levelCode]/actions.ts, files-actions.ts,
// update/response-actions.ts, the guards and zod schemas they use): one that the catalog's English
// no longer matches would reach a Spanish reader in English.
const SENTENCES: [string, string][] = [
  ["Title is required", "El título es obligatorio"],
  ["Title must be at most 200 characters", "El título debe tener como máximo 200 caracteres"],
  ["Your Response is required", "Su respuesta es obligatoria"],
  ["Response must be at most 20000 characters", "La respuesta debe tener como máximo 20000 caracteres"],
  [tooDeeplyNestedMessage("Response"), "La respuesta tiene demasiados niveles anidados (como máximo 20)."],
  [MSG.responseTooShort, "La respuesta debe tener al menos 10 caracteres."],
  ["That announcement is not in this class.", "Ese anuncio no es de esta clase."],
  ["That assignment is not in this class.", "Esa tarea no es de esta clase."],
  ["That response is not in this class.", "Esa respuesta no es de esta clase."],
  ["Response added", "Respuesta agregada"],
  ["Response deleted", "Respuesta eliminada"],
  [
    "Too many responses: at most 10 every 10 minutes. Please wait 1 minute and try again.",
    "Demasiadas respuestas: como máximo 10 cada 10 minutos. Por favor, espere 1 minuto e inténtelo de nuevo.",
  ],
  [
    "Too many responses: at most 10 every 10 minutes. Please wait 9 minutes and try again.",
    "Demasiadas respuestas: como máximo 10 cada 10 minutos. Por favor, espere 9 minutos e inténtelo de nuevo.",
  ],
  [MSG.submissionSent, "¡La entrega se envió correctamente!"],
  [MSG.submitFailed, "No se pudo entregar. Por favor, inténtelo de nuevo."],
  [MSG.submissionsLoadFailed, "No se pudieron cargar las entregas."],
  [
    "An attached file is no longer there. Remove it and attach it again.",
    "Un archivo adjunto ya no está. Quítelo y vuelva a adjuntarlo.",
  ],
  ["Invalid attachments", "Archivos adjuntos no válidos"],
  ["Too many attachments", "Demasiados archivos adjuntos"],
  ["Invalid id", "Identificador no válido"],
  [MSG.studentIdRequired, "Se requiere el ID del estudiante"],
  ["You can only do this for yourself.", "Solo puede hacer esto para usted mismo."],
  // The guards' refusals and guarded()'s generic answer, from the screens' namespaces.
  [MSG.notEnrolled, "No está inscrito en esta clase. Por favor, comuníquese con su maestro para obtener acceso."],
  [MSG.genericError, "Algo salió mal. Por favor, inténtelo de nuevo."],
];

describe("class-page action answers in the reader's language", () => {
  it.each(SENTENCES)("%j in Spanish", async (english, spanish) => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await translateActionMessage(english)).toBe(spanish);
  });

  it("a result's message and field messages are translated; text the catalog does not know stays as it is", async () => {
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(
      await inReaderLanguage({
        ok: false,
        message: "Title is required",
        fieldErrors: { title: ["Title is required"], content: ["Your Response is required"] },
      }),
    ).toEqual({
      ok: false,
      message: "El título es obligatorio",
      fieldErrors: { title: ["El título es obligatorio"], content: ["Su respuesta es obligatoria"] },
    });
    expect(await inReaderLanguage(Promise.resolve({ ok: true, message: "Response added" }))).toEqual({
      ok: true,
      message: "Respuesta agregada",
    });
    expect(await inReaderLanguage({ ok: false, message: "Something else entirely." })).toEqual({
      ok: false,
      message: "Something else entirely.",
    });
  });

  it("an English reader gets the spec's words untouched", async () => {
    cookieJar.set(LOCALE_COOKIE, "en");
    const answer = { ok: false as const, message: "Title is required", fieldErrors: { title: ["Title is required"] } };
    expect(await inReaderLanguage(answer)).toBe(answer);
  });
});
