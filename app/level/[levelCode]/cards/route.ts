import { AccessDenied, requireClassAccess, type ClassAccess } from "@/lib/auth/guards";
import { safeDecode } from "@/lib/domain/url";
import { env } from "@/lib/env";
import { auditCardsPrinted, loadCards, type CardScope } from "@/lib/export/cards";
import { CARDS_HEADERS, cardsDocument, cardsMessagePage } from "@/lib/export/cards-html";
import { deniedStatus } from "@/lib/export/responses";
import { BodyTooLarge, readForm, sameOrigin } from "@/lib/http";
import { printRefusals } from "@/lib/i18n/print-refusal";
import { currentSchoolName } from "@/lib/school-name";

/**
 * Sign-in cards for a class's students (name, username, class, access code, the portal's address
 * and a QR code of its sign-in page): the class's own instructor and admins only, the same
 * people who see the codes on screen; each card's code as accessCodeAccess allows (issue 28). A form POST, never a link: the page
 * carries credentials, and each printing is audited (cards.printed, without the codes).
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ levelCode: string }> },
): Promise<Response> {
  const levelCode = safeDecode((await params).levelCode);
  const back = `/level/${encodeURIComponent(levelCode)}/update?tab=students`;
  const r = await printRefusals();
  if (!sameOrigin(request)) return cardsMessagePage(403, r.t("forbidden"), r.t("sameOrigin"), "/", r);
  let access: ClassAccess;
  try {
    access = await requireClassAccess(levelCode, "teach");
  } catch (err) {
    if (err instanceof AccessDenied)
      return cardsMessagePage(deniedStatus(err), r.t("accessDenied"), r.text(err.refusal), "/", r);
    throw err;
  }
  // Nothing is read from the form, but the body is still capped before anything else happens.
  const form = await readForm(request, 2_000).catch((err) => (err instanceof BodyTooLarge ? "too large" : null));
  if (form === "too large") return cardsMessagePage(413, r.t("tooLarge"), r.t("tooLargeMessage"), back, r);
  try {
    const scope: CardScope = { kind: "class", level: access.level };
    const cards = (await loadCards(scope, access.user)) ?? [];
    await auditCardsPrinted(access.user.id, scope, cards);
    const portal = env().PORTAL_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
    const html = await cardsDocument(cards, {
      school: await currentSchoolName(),
      portal,
      title: `${access.level.name} (${access.level.code})`,
      backHref: back,
    });
    return new Response(html, { status: 200, headers: CARDS_HEADERS });
  } catch (err) {
    console.error("sign-in cards failed:", err);
    return cardsMessagePage(500, r.t("cardsFailed"), r.t("tryAgain"), back, r);
  }
}
