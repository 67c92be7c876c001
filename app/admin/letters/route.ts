import { requestLocale } from "@/lib/i18n/request-locale";
import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { env, schoolTimeZone } from "@/lib/env";
import { printLanguageField } from "@/lib/i18n/recipient";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import { prepareLetters } from "@/lib/parent/letters";
import { escapeHtml, lettersDocument } from "@/lib/parent/letters-html";

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

function page(status: number, title: string, message: string): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/admin?tab=parents">Back to the admin dashboard</a></p></main></body></html>`;
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
  if (!sameOrigin(request)) return page(403, "Forbidden", "This form must be sent from the portal itself.");
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return page(
      decision.reason === "no-session" ? 401 : 403,
      "Access Denied",
      "Only administrators can print parent letters.",
    );
  const form = await readForm(request, 2_000).catch((err) => (err instanceof BodyTooLarge ? "too large" : null));
  if (form === "too large") return page(413, "Request too large", "Choose a class or the whole school.");
  const parsed = scope.safeParse({ scope: form?.get("scope"), language: form?.get("language") ?? undefined });
  if (!parsed.success)
    return parsed.error.issues.some((i) => i.path[0] === "language")
      ? page(400, "Choose a language", "Choose a language from the list.")
      : page(400, "Choose a class", "Choose a class or the whole school.");
  try {
    const now = new Date();
    const result = await prepareLetters({
      levelCode: parsed.data.scope === "school" ? null : parsed.data.scope,
      actorId: user!.id,
      now,
      language: parsed.data.language,
    });
    if (!result.ok) return page(404, "Class not found", result.message);
    const portal = env().PORTAL_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
    const html = await lettersDocument(result.batch, {
      school: env().SCHOOL_NAME,
      portal,
      timeZone: schoolTimeZone(),
      now,
      locale: await requestLocale(),
    });
    return new Response(html, { status: 200, headers: HEADERS });
  } catch (err) {
    console.error("parent letters failed:", err);
    return page(500, "Letters could not be printed", "Something went wrong. Please try again.");
  }
}
