import "server-only";
import QRCode from "qrcode";
import { formatDate } from "@/lib/domain/format";
import { translatorFor } from "@/lib/i18n/translator";
import type { AnyLocale } from "@/lib/i18n/locales";
import type { LetterBatch, ParentLetter } from "./letters";

// The printable letters as one HTML document (print CSS: one page per letter). Built as a string
// on the server: 2,000 letters with their QR codes in one request, no client script at all.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  body { margin: 0; background: #f1f5f9; }
  .toolbar { max-width: 210mm; margin: 16px auto; padding: 16px 20px; background: #fff; border: 1px solid #cbd5e1; border-radius: 12px; }
  .toolbar h1 { margin: 0 0 4px; font-size: 20px; }
  .toolbar p { margin: 4px 0; }
  .letter { box-sizing: border-box; max-width: 210mm; min-height: 250mm; margin: 16px auto; padding: 18mm 18mm; background: #fff; border: 1px solid #cbd5e1; }
  .head { display: flex; justify-content: space-between; gap: 12px; border-bottom: 2px solid #0f172a; padding-bottom: 8px; }
  .school { font-size: 20px; font-weight: 700; }
  h2 { font-size: 18px; margin: 24px 0 8px; }
  .box { border: 1px solid #94a3b8; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
  .code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 22px; font-weight: 700; letter-spacing: 1px; }
  .url { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; word-break: break-all; }
  .link-row { display: flex; gap: 16px; align-items: center; }
  .qr { width: 36mm; height: 36mm; flex: none; }
  .qr svg { width: 100%; height: 100%; }
  ol { padding-left: 20px; } li { margin: 6px 0; }
  .small { font-size: 12px; color: #334155; }
  @media print {
    body { background: #fff; }
    .toolbar { display: none; }
    .letter { margin: 0; border: 0; padding: 0; min-height: 0; max-width: none; break-after: page; page-break-after: always; }
    .letter:last-child { break-after: auto; page-break-after: auto; }
  }
  @page { margin: 18mm; }
`;

// ISO/IEC 18004 asks for a light border of 4 modules around a QR code; phone cameras that find
// the code by its finder patterns miss it when text or a box edge comes closer (issue 27).
export const QUIET_ZONE_MODULES = 4;

async function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: QUIET_ZONE_MODULES, errorCorrectionLevel: "M" });
}

async function letterHtml(
  l: ParentLetter,
  ctx: { school: string; portal: string; now: Date; timeZone: string },
): Promise<string> {
  const url = `${ctx.portal}${l.reportPath}`;
  const e = escapeHtml;
  // In the guardian's language (issue 31); `lang` so a screen reader and the browser's hyphenation follow it.
  const t = translatorFor(l.locale, "letters");
  const signIn = t.markup("signIn", {
    portal: e(`${ctx.portal}/`),
    url: (chunks) => `<span class="url">${chunks}</span>`,
  });
  return `<article class="letter" data-testid="parent-letter" lang="${l.locale}">
  <div class="head"><span class="school">${e(ctx.school)}</span><span>${e(formatDate(ctx.now, ctx.timeZone, l.locale))}</span></div>
  <p>${e(t("dear", { name: l.parentName }))}</p>
  <h2>${e(t("heading", { student: l.studentName }))}</h2>
  <div class="box">
    <div>${e(t("linkIntro"))}</div>
    <div class="link-row">
      <div class="qr" role="img" aria-label="${e(t("qrLabel"))}">${await qrSvg(url)}</div>
      <div class="url" data-testid="report-link">${e(url)}</div>
    </div>
    <div class="small">${e(t("linkUntil", { date: formatDate(l.expiresAt, ctx.timeZone, l.locale) }))}</div>
  </div>
  <div class="box">
    <div>${signIn}</div>
    <div class="code" data-testid="letter-code">${e(l.code)}</div>
    <div class="small">${e(t("account", { username: l.parentUsername }))}</div>
  </div>
  <ol>
    <li>${e(t("scan", { student: l.studentName }))}</li>
    <li>${e(t("private"))}</li>
  </ol>
</article>`;
}

export async function lettersDocument(
  batch: LetterBatch,
  ctx: {
    school: string;
    portal: string;
    timeZone: string;
    now: Date;
    /** The toolbar's language, its reader's (issue 31); each letter is in its guardian's. */
    locale?: AnyLocale;
  },
): Promise<string> {
  const locale = ctx.locale ?? "en";
  const t = translatorFor(locale, "adminPrint");
  const scope = batch.scopeName ?? t("wholeSchool");
  const pages: string[] = [];
  for (const l of batch.letters) pages.push(await letterHtml(l, ctx));
  const missing = batch.withoutGuardian.length
    ? `<p><strong>${escapeHtml(t("lettersMissing", { count: batch.withoutGuardian.length }))}</strong> ${batch.withoutGuardian.map(escapeHtml).join(", ")}.</p>`
    : "";
  return `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(t("lettersDocTitle", { scope }))}</title><style>${STYLE}</style></head>
<body>
<main>
<section class="toolbar" aria-labelledby="letters-title">
  <h1 id="letters-title">${escapeHtml(t("lettersTitle", { scope }))}</h1>
  <p data-testid="letters-summary">${escapeHtml(t("lettersSummary", { count: batch.letters.length }))}</p>
  <p>${escapeHtml(t("lettersLinks", { parents: batch.parentsCreated, codes: batch.codesGenerated }))}</p>
  ${missing}
  <p><a href="/admin?tab=parents">${escapeHtml(t("backAdmin"))}</a></p>
</section>
${pages.join("\n")}
</main>
</body></html>`;
}
