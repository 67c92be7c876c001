import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { printLanguageField } from "@/lib/i18n/recipient";
import { env } from "@/lib/env";
import { auditCardsPrinted, loadCards, type CardScope } from "@/lib/export/cards";
import { CARDS_HEADERS, cardsDocument, cardsMessagePage } from "@/lib/export/cards-html";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import { getLevelWithEnrollment } from "@/lib/queries/levels";

const BACK = "/admin";
const scopeSchema = z.object({
  scope: z.union([z.literal("school"), z.literal("last-import"), z.string().trim().min(1).max(100)]),
  language: printLanguageField,
});

/**
 * Sign-in cards for admins: scope=school (every student and instructor), scope=last-import (the
 * users the last applied roster import created) or scope=<class code>. Same-origin form POST,
 * audited (cards.printed: scope and count, never a code).
 */
export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request))
    return cardsMessagePage(403, "Forbidden", "This form must be sent from the portal itself.", BACK);
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return cardsMessagePage(
      decision.reason === "no-session" ? 401 : 403,
      "Access Denied",
      "Only administrators can print the school's sign-in cards.",
      "/",
    );
  const form = await readForm(request, 2_000).catch((err) => (err instanceof BodyTooLarge ? "too large" : null));
  if (form === "too large")
    return cardsMessagePage(413, "Request too large", "Choose the whole school, the last import or a class.", BACK);
  const parsed = scopeSchema.safeParse({ scope: form?.get("scope"), language: form?.get("language") ?? undefined });
  if (parsed.error?.issues.some((i) => i.path[0] === "language"))
    return cardsMessagePage(400, "Choose a language", "Choose a language from the list.", BACK);
  if (!parsed.success)
    return cardsMessagePage(
      400,
      "Choose whom to print for",
      "Choose the whole school, the last import or a class.",
      BACK,
    );
  try {
    let scope: CardScope;
    let title: string;
    if (parsed.data.scope === "school") {
      scope = { kind: "school" };
      title = (await getT("adminPrint"))("wholeSchool");
    } else if (parsed.data.scope === "last-import") {
      scope = { kind: "last-import" };
      title = (await getT("adminPrint"))("lastImport");
    } else {
      const level = await getLevelWithEnrollment(parsed.data.scope, null);
      if (!level) return cardsMessagePage(404, "Class not found", "There is no class with that code.", BACK);
      scope = { kind: "class", level };
      title = `${level.name} (${level.code})`;
    }
    const cards = await loadCards(scope, user!, parsed.data.language);
    if (cards === null)
      return cardsMessagePage(
        404,
        "No import yet",
        "No roster import has been applied yet: there are no new users to print cards for.",
        BACK,
      );
    await auditCardsPrinted(user!.id, scope, cards);
    const portal = env().PORTAL_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
    const html = await cardsDocument(cards, {
      school: env().SCHOOL_NAME,
      portal,
      title,
      backHref: BACK,
      locale: await requestLocale(),
    });
    return new Response(html, { status: 200, headers: CARDS_HEADERS });
  } catch (err) {
    console.error("sign-in cards failed:", err);
    return cardsMessagePage(500, "Cards could not be printed", "Something went wrong. Please try again.", BACK);
  }
}
