import "server-only";
import { AccessDenied } from "@/lib/auth/guards";
import type { Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { answerLocale } from "@/lib/i18n/request-locale";

// Answers of the export, file and card routes. Downloads are attachments that no cache keeps (they
// carry grades, or codes); refusals are short plain text with no data, in the reader's language
// (messageResponse: made as descriptors, written only here).

const NO_STORE = { "cache-control": "no-store", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" };

/** A file name part from a class code or a date: letters, digits, '.', '_' and '-' only. */
export function fileNamePart(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "export";
}

export function download(body: string | Uint8Array<ArrayBuffer>, fileName: string, contentType: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...NO_STORE,
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileNamePart(fileName)}"`,
    },
  });
}

export function textResponse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" },
  });
}

/** A short plain-text answer in the request's language (the school's if it cannot be read). */
export async function messageResponse(status: number, message: Message): Promise<Response> {
  return textResponse(status, render(message, await answerLocale("route answer")));
}

export function deniedStatus(err: AccessDenied): number {
  return err.reason === "unauthenticated" ? 401 : err.reason === "not-found" ? 404 : 403;
}

/** Runs a require* guard: null when allowed, else the refusal to answer with, in the reader's language. */
export async function guard(check: () => Promise<unknown>): Promise<Response | null> {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof AccessDenied) return messageResponse(deniedStatus(err), err.refusal);
    throw err;
  }
}
