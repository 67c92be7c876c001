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
import { printRefusals } from "@/lib/i18n/print-refusal";
import { currentSchoolName } from "@/lib/school-name";

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
  const r = await printRefusals();
  const refuse = (status: number, title: string, message: string, back = BACK) =>
    cardsMessagePage(status, title, message, back, r);
  if (!sameOrigin(request)) return refuse(403, r.t("forbidden"), r.t("sameOrigin"));
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return refuse(decision.reason === "no-session" ? 401 : 403, r.t("accessDenied"), r.t("cardsAdminsOnly"), "/");
  const form = await readForm(request, 2_000).catch((err) => (err instanceof BodyTooLarge ? "too large" : null));
  if (form === "too large") return refuse(413, r.t("tooLarge"), r.t("chooseWhomMessage"));
  const parsed = scopeSchema.safeParse({ scope: form?.get("scope"), language: form?.get("language") ?? undefined });
  if (parsed.error?.issues.some((i) => i.path[0] === "language"))
    return refuse(400, r.t("chooseLanguage"), r.t("chooseLanguageMessage"));
  if (!parsed.success) return refuse(400, r.t("chooseWhom"), r.t("chooseWhomMessage"));
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
      if (!level) return refuse(404, r.t("classNotFound"), r.t("noClass"));
      scope = { kind: "class", level };
      title = `${level.name} (${level.code})`;
    }
    const cards = await loadCards(scope, user!, parsed.data.language);
    if (cards === null) return refuse(404, r.t("noImport"), r.t("noImportMessage"));
    await auditCardsPrinted(user!.id, scope, cards);
    const portal = env().PORTAL_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
    const html = await cardsDocument(cards, {
      school: await currentSchoolName(),
      portal,
      title,
      backHref: BACK,
      locale: await requestLocale(),
    });
    return new Response(html, { status: 200, headers: CARDS_HEADERS });
  } catch (err) {
    console.error("sign-in cards failed:", err);
    return refuse(500, r.t("cardsFailed"), r.t("tryAgain"));
  }
}
