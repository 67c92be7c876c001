// The e-mails (issue 20): every one has a plain-text and an HTML part, the school's name, a link
// to the portal, and a one-click unsubscribe (RFC 8058 headers plus a link in the body). Subjects
// never carry a grade: grades and feedback are in the body only.
import "server-only";
import type { DigestPeriod, NotifyEvent } from "@/lib/domain/notify-events";
import { formatDay } from "@/lib/domain/format";
import { ellipsize } from "@/lib/domain/text";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { OutgoingMail } from "./transport";
import { digestUnsubscribeScope, unsubscribeToken, type UnsubscribeScope } from "./unsubscribe";

/** The portal's address in e-mails sent from the queue (no request to read it from). */
export function mailOrigin(): string {
  return env().PORTAL_URL?.replace(/\/+$/, "") ?? "http://localhost:3000";
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Subjects are one line: no header injection, whatever a title holds. */
function oneLine(s: string, max = 180): string {
  return ellipsize(s.replace(/[\r\n\t]+/g, " ").trim(), max);
}

function unsubscribeParts(userId: number, scope: UnsubscribeScope) {
  const origin = mailOrigin();
  const token = unsubscribeToken(userId, scope);
  return {
    pageUrl: `${origin}/unsubscribe/${token}`,
    headers: {
      // The one-click POST goes to the API route; the body's link opens a page that asks first.
      "List-Unsubscribe": `<${origin}/api/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

function frame(school: string, bodyHtml: string, footerHtml: string, locale: Locale): string {
  // lang: a mail client's screen reader reads a Spanish message with a Spanish voice.
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<p style="font-weight:600;color:#374151;margin:0 0 16px">${escapeHtml(school)}</p>
${bodyHtml}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:13px;color:#6b7280">${footerHtml}</p>
</body></html>`;
}

export interface NoticeMailInput {
  /** The school the notice is from (lib/school-name.ts). */
  school: string;
  userId: number;
  to: string;
  event: NotifyEvent;
  title: string;
  detail: string | null;
  href: string;
  messageId: string;
  replyTo?: string | null;
  /** The recipient's language (lib/i18n/recipient.ts); `title` and `detail` are already in it. */
  locale: Locale;
}

/** One notice, sent as it happens ("Immediately"). */
export function noticeMail(n: NoticeMailInput): OutgoingMail {
  const school = n.school;
  const origin = mailOrigin();
  const link = `${origin}${n.href}`;
  const unsub = unsubscribeParts(n.userId, n.event);
  const t = translatorFor(n.locale, "email");
  const settings = `${origin}/notifications/settings`;
  const why = t("why", { event: t(`events.${n.event}`), delivery: t("deliveries.immediately") });
  const text = [
    school,
    "",
    n.title,
    ...(n.detail ? ["", n.detail] : []),
    "",
    t("openInPortalText", { link }),
    "",
    "--",
    why,
    t("unsubscribeText", { url: unsub.pageUrl }),
    t("chooseText", { url: settings }),
  ].join("\n");
  const html = frame(
    school,
    `<h1 style="font-size:18px;margin:0 0 8px">${escapeHtml(n.title)}</h1>
${n.detail ? `<p style="white-space:pre-line">${escapeHtml(n.detail)}</p>` : ""}
<p><a href="${escapeHtml(link)}">${escapeHtml(t("openInPortal"))}</a></p>`,
    `${escapeHtml(why)} <a href="${escapeHtml(unsub.pageUrl)}">${escapeHtml(t("unsubscribe"))}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(t("choose"))}</a>`,
    n.locale,
  );
  return {
    to: n.to,
    subject: oneLine(`${n.title} · ${school}`),
    text,
    html,
    headers: unsub.headers,
    ...(n.replyTo ? { replyTo: n.replyTo } : {}),
    messageId: n.messageId,
    language: n.locale,
  };
}

export interface DigestItem {
  title: string;
  detail: string | null;
  href: string;
}

export interface DigestGroup {
  /** The child (or the student themself) the items are about. */
  studentName: string;
  classes: { className: string; items: DigestItem[] }[];
  upcoming: { title: string; className: string; due: string; href: string }[];
}

/** One digest per recipient and period: every child and class in one message. */
export function digestMail(d: {
  /** The school the digest is from (lib/school-name.ts). */
  school: string;
  userId: number;
  to: string;
  period: DigestPeriod;
  day: string;
  groups: DigestGroup[];
  messageId: string;
  /** The events the digest contains: its unsubscribe link turns off only those. */
  events: Iterable<NotifyEvent>;
  /** The recipient's language; the items' titles and details are already in it. */
  locale: Locale;
}): OutgoingMail {
  const school = d.school;
  const origin = mailOrigin();
  const unsub = unsubscribeParts(d.userId, digestUnsubscribeScope(d.period, d.events));
  const t = translatorFor(d.locale, "digest");
  const day = formatDay(d.day, d.locale);
  const heading = d.period === "daily" ? t("headingDaily", { day }) : t("headingWeekly", { day });
  const why = t("why", { delivery: translatorFor(d.locale, "email")(`deliveries.${d.period}`) });

  const text: string[] = [school, "", heading];
  const html: string[] = [`<h1 style="font-size:18px;margin:0 0 8px">${escapeHtml(heading)}</h1>`];
  for (const g of d.groups) {
    text.push("", `== ${g.studentName} ==`);
    html.push(`<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(g.studentName)}</h2>`);
    for (const c of g.classes) {
      text.push("", c.className);
      html.push(
        `<h3 style="font-size:14px;margin:12px 0 4px">${escapeHtml(c.className)}</h3><ul style="margin:0;padding-left:20px">`,
      );
      for (const item of c.items) {
        text.push(
          `- ${item.title}${item.detail ? `\n  ${item.detail.replace(/\n/g, "\n  ")}` : ""}\n  ${origin}${item.href}`,
        );
        html.push(
          `<li style="margin:4px 0"><a href="${escapeHtml(origin + item.href)}">${escapeHtml(item.title)}</a>${item.detail ? `<br><span style="white-space:pre-line;color:#4b5563">${escapeHtml(item.detail)}</span>` : ""}</li>`,
        );
      }
      html.push("</ul>");
    }
    if (g.upcoming.length > 0) {
      text.push("", t("comingUp"));
      html.push(
        `<h3 style="font-size:14px;margin:12px 0 4px">${escapeHtml(t("comingUp"))}</h3><ul style="margin:0;padding-left:20px">`,
      );
      for (const u of g.upcoming) {
        const due = t("due", { due: u.due });
        text.push(`- ${u.title} (${u.className}), ${due}`);
        html.push(
          `<li style="margin:4px 0"><a href="${escapeHtml(origin + u.href)}">${escapeHtml(u.title)}</a> (${escapeHtml(u.className)}), ${escapeHtml(due)}</li>`,
        );
      }
      html.push("</ul>");
    }
  }
  const settings = `${origin}/notifications/settings`;
  const choose = translatorFor(d.locale, "email");
  text.push(
    "",
    t("openPortalText", { url: `${origin}/` }),
    "",
    "--",
    why,
    t("unsubscribeText", { url: unsub.pageUrl }),
    choose("chooseText", { url: settings }),
  );
  html.push(`<p style="margin-top:20px"><a href="${escapeHtml(origin + "/")}">${escapeHtml(t("openPortal"))}</a></p>`);
  return {
    to: d.to,
    subject: oneLine(`${heading} · ${school}`),
    text: text.join("\n"),
    html: frame(
      school,
      html.join("\n"),
      `${escapeHtml(why)} <a href="${escapeHtml(unsub.pageUrl)}">${escapeHtml(t("unsubscribe"))}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(choose("choose"))}</a>`,
      d.locale,
    ),
    headers: unsub.headers,
    messageId: d.messageId,
    language: d.locale,
  };
}

/** The admin's test message, in the admin's own language (they are its reader). */
export function testMail(to: string, adminName: string, locale: Locale, school: string): OutgoingMail {
  const origin = mailOrigin();
  const t = translatorFor(locale, "email");
  const body = t("testBody", { admin: adminName });
  const text = `${school}\n\n${body}\n\n${t("openPortalText", { url: `${origin}/` })}`;
  const html = frame(
    school,
    `<h1 style="font-size:18px">${escapeHtml(t("testSubject"))}</h1><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(origin + "/")}">${escapeHtml(t("openPortal"))}</a></p>`,
    escapeHtml(t("testWhy")),
    locale,
  );
  return { to, subject: oneLine(`${t("testSubject")} · ${school}`), text, html, language: locale };
}

/**
 * The address to send to, or null: one plain address only. A stored value with a comma, a
 * semicolon, angle brackets or spaces (a roster's "a@x, b@y") would make nodemailer write to
 * several people; nobody gets a student's notice that way.
 */
export function deliverableAddress(email: string | null | undefined): string | null {
  const e = email?.trim() ?? "";
  return e.length <= 254 && /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"()]+$/.test(e) ? e : null;
}

/** To the admins when the nightly roster sync did not apply (issue 29): why, and where to look. */
/**
 * The nightly roster sync's e-mail to the admins when it applied nothing: in `locale`, the school's
 * (SCHOOL_LOCALE), as are `reason` and `lines` (lib/roster/sync.ts writes them in it).
 */
export function rosterSyncMail(
  to: string,
  r: { day: string; reason: string; lines: readonly string[]; locale: Locale; school: string },
): OutgoingMail {
  const school = r.school;
  const t = translatorFor(r.locale, "admin");
  const link = `${mailOrigin()}/admin?tab=roster`;
  const title = t("rosterReport.syncMail.title", { day: r.day });
  const nothingChanged = t("rosterReport.syncMail.nothingChanged");
  const text = `${school}\n\n${t("rosterReport.syncMail.titleWithReason", { title, reason: r.reason })}\n\n${r.lines.map((l) => `- ${l}`).join("\n")}\n\n${nothingChanged} ${t("rosterReport.syncMail.byHand", { link })}`;
  const html = frame(
    school,
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(r.reason)}.</p><ul>${r.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p>${escapeHtml(nothingChanged)} <a href="${escapeHtml(link)}">${escapeHtml(t("rosterReport.syncMail.byHandLink"))}</a>.</p>`,
    escapeHtml(t("rosterReport.syncMail.why")),
    r.locale,
  );
  return {
    to,
    subject: oneLine(t("rosterReport.syncMail.subject", { school })),
    text,
    html,
    language: r.locale,
  };
}
