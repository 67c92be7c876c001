import "server-only";
import QRCode from "qrcode";
import { escapeHtml, QUIET_ZONE_MODULES } from "@/lib/parent/letters-html";
import { translatorFor } from "@/lib/i18n/translator";
import type { AnyLocale } from "@/lib/i18n/locales";
import type { SignInCard } from "./cards";

// The printable sign-in cards as one HTML document, built on the server as a string (no client
// script): 8 cards per sheet in two columns of four, 90 × 62 mm each, which fits both A4 and US
// Letter inside 10 mm margins; dashed borders are the cut lines. Every card carries the same QR
// code (the portal's sign-in page), so it is drawn once.

export const CARDS_PER_SHEET = 8;

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  body { margin: 0; background: #f1f5f9; }
  .toolbar { max-width: 180mm; margin: 16px auto; padding: 16px 20px; background: #fff; border: 1px solid #cbd5e1; border-radius: 12px; }
  .toolbar h1 { margin: 0 0 4px; font-size: 20px; }
  .toolbar p { margin: 4px 0; }
  .sheet { box-sizing: border-box; width: 180mm; margin: 16px auto; background: #fff; display: grid; grid-template-columns: repeat(2, 90mm); grid-auto-rows: 62mm; }
  .card { box-sizing: border-box; border: 1px dashed #64748b; padding: 5mm; display: flex; gap: 4mm; overflow: hidden; break-inside: avoid; page-break-inside: avoid; }
  .text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 1.2mm; }
  .school { font-size: 9pt; color: #334155; }
  .name { font-size: 13pt; font-weight: 700; line-height: 1.15; overflow-wrap: anywhere; }
  .line { font-size: 9pt; overflow-wrap: anywhere; }
  .label { font-size: 8pt; color: #334155; margin-top: 1.5mm; }
  .code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 15pt; font-weight: 700; letter-spacing: 0.5px; overflow-wrap: anywhere; }
  .nocode { font-size: 9pt; font-style: italic; }
  .url { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 8pt; overflow-wrap: anywhere; margin-top: auto; }
  .qr { width: 24mm; height: 24mm; flex: none; align-self: center; }
  .qr svg { width: 100%; height: 100%; }
  @media print {
    body { background: #fff; }
    .toolbar { display: none; }
    .sheet { margin: 0; break-after: page; page-break-after: always; }
    .sheet:last-child { break-after: auto; page-break-after: auto; }
  }
  @page { margin: 10mm; }
`;

export interface CardsContext {
  school: string;
  /** The portal's public address, without a trailing slash. */
  portal: string;
  title: string;
  backHref: string;
  /** The language of the toolbar, its reader's (issue 31); the cards are each in their owner's. */
  locale?: AnyLocale;
}

function cardHtml(c: SignInCard, ctx: CardsContext, qr: string): string {
  const e = escapeHtml;
  // In the card owner's language (issue 31): they are the one who reads it.
  const t = translatorFor(c.locale, "cards");
  const code = c.code
    ? `<div class="label">${e(t("accessCode"))}</div><div class="code" data-testid="card-code">${e(c.code)}</div>`
    : c.codeAdminsOnly
      ? `<div class="nocode" data-testid="card-code-admins-only">${e(t("adminsOnly"))}</div>`
      : `<div class="nocode" data-testid="card-no-code">${e(t("noCode"))}</div>`;
  return `<article class="card" data-testid="sign-in-card" lang="${c.locale}">
  <div class="text">
    <div class="school">${e(ctx.school)}</div>
    <div class="name">${e(c.name)}</div>
    <div class="line">@${e(c.username)}</div>
    <div class="line">${e(c.classLine)}</div>
    ${code}
    <div class="url">${e(t("signInAt", { portal: `${ctx.portal}/` }))}</div>
  </div>
  <div class="qr" role="img" aria-label="${e(t("qrLabel"))}">${qr}</div>
</article>`;
}

export async function cardsDocument(cards: readonly SignInCard[], ctx: CardsContext): Promise<string> {
  const qr = await QRCode.toString(`${ctx.portal}/`, {
    type: "svg",
    margin: QUIET_ZONE_MODULES,
    errorCorrectionLevel: "M",
  });
  const sheets: string[] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_SHEET) {
    sheets.push(
      `<section class="sheet">${cards
        .slice(i, i + CARDS_PER_SHEET)
        .map((c) => cardHtml(c, ctx, qr))
        .join("\n")}</section>`,
    );
  }
  const withoutCode = cards.filter((c) => !c.code && !c.codeAdminsOnly).length;
  const adminsOnly = cards.filter((c) => c.codeAdminsOnly).length;
  const e = escapeHtml;
  const locale = ctx.locale ?? "en";
  const t = translatorFor(locale, "adminPrint");
  return `<!doctype html>
<html lang="${e(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${e(t("cardsDocTitle", { title: ctx.title }))}</title><style>${STYLE}</style></head>
<body>
<main>
<section class="toolbar" aria-labelledby="cards-title">
  <h1 id="cards-title">${e(t("cardsTitle", { title: ctx.title }))}</h1>
  <p data-testid="cards-summary">${e(t("cardsSummary", { count: cards.length, perSheet: CARDS_PER_SHEET }))}</p>
  ${adminsOnly ? `<p data-testid="cards-admins-only">${e(t("cardsAdminsOnly", { count: adminsOnly }))}</p>` : ""}
  ${withoutCode ? `<p>${e(t("cardsWithoutCode", { count: withoutCode }))}</p>` : ""}
  <p>${e(t("cardsKey"))}</p>
  <p><a href="${e(ctx.backHref)}">${e(t("back"))}</a></p>
</section>
${cards.length ? sheets.join("\n") : `<p class="toolbar">${e(t("nobody"))}</p>`}
</main>
</body></html>`;
}

/** A short page for refusals and mistakes (no card, no code). */
/** A refusal page; `words` (lib/i18n/print-refusal.ts) gives its language and its link's word, else English. */
export function cardsMessagePage(
  status: number,
  title: string,
  message: string,
  backHref: string,
  words: { lang: string; dir: string; back: string } = { lang: "en", dir: "ltr", back: "Back" },
): Response {
  const e = escapeHtml;
  const body = `<!doctype html><html lang="${e(words.lang)}" dir="${e(words.dir)}"><head><meta charset="utf-8"><title>${e(title)}</title></head><body><main><h1>${e(title)}</h1><p>${e(message)}</p><p><a href="${e(backHref)}">${e(words.back)}</a></p></main></body></html>`;
  return new Response(body, { status, headers: CARDS_HEADERS });
}

export const CARDS_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};
