import { requestLocale } from "@/lib/i18n/request-locale";
import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { env, schoolTimeZone } from "@/lib/env";
import { printLanguageField } from "@/lib/i18n/recipient";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import { prepareLetters } from "@/lib/parent/letters";
import { escapeHtml, lettersDocument } from "@/lib/parent/letters-html";
import { printRefusals, type PrintRefusals } from "@/lib/i18n/print-refusal";
import { currentSchoolName } from "@/lib/school-name";

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

/** A refusal page in the reader's language (lib/i18n/print-refusal.ts). */
function page(r: PrintRefusals, status: number, title: string, message: string): Response {
  const e = escapeHtml;
  const body = `<!doctype html><html lang="${e(r.lang)}" dir="${r.dir}"><head><meta charset="utf-8"><title>${e(title)}</title></head><body><main><h1>${e(title)}</h1><p>${e(message)}</p><p><a href="/admin?tab=parents">${e(r.backAdmin)}</a></p></main></body></html>`;
  return new Response(body, { status, headers: HEADERS });
}

const scope = z.object({
  scope: z.union([
    z.literal("school"),
    z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9._-]+$/),
  ]),
  language: printLanguageField,
});

/**
 * Parent letters for one class or the whole school (admins only): a form POST, because printing
 * issues new report-card links and may create parent accounts and codes (lib/parent/letters.ts).
 */
export async function POST(request: Request): Promise<Response> {
  const r = await printRefusals();
  if (!sameOrigin(request)) return page(r, 403, r.t("forbidden"), r.t("sameOrigin"));
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return page(r, decision.reason === "no-session" ? 401 : 403, r.t("accessDenied"), r.t("lettersAdminsOnly"));
  const form = await readForm(request, 2_000).catch((err) => (err instanceof BodyTooLarge ? "too large" : null));
  if (form === "too large") return page(r, 413, r.t("tooLarge"), r.t("chooseClassMessage"));
  const parsed = scope.safeParse({ scope: form?.get("scope"), language: form?.get("language") ?? undefined });
  if (!parsed.success)
    return parsed.error.issues.some((i) => i.path[0] === "language")
      ? page(r, 400, r.t("chooseLanguage"), r.t("chooseLanguageMessage"))
      : page(r, 400, r.t("chooseClass"), r.t("chooseClassMessage"));
  try {
    const now = new Date();
    const result = await prepareLetters({
      levelCode: parsed.data.scope === "school" ? null : parsed.data.scope,
      actorId: user!.id,
      now,
      language: parsed.data.language,
    });
    if (!result.ok) return page(r, 404, r.t("classNotFound"), r.text(result.message));
    const portal = env().PORTAL_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
    const html = await lettersDocument(result.batch, {
      school: await currentSchoolName(),
      portal,
      timeZone: schoolTimeZone(),
      now,
      locale: await requestLocale(),
    });
    return new Response(html, { status: 200, headers: HEADERS });
  } catch (err) {
    console.error("parent letters failed:", err);
    return page(r, 500, r.t("lettersFailed"), r.t("tryAgain"));
  }
}
