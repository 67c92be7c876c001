// The e-mails (issue 20): every one has a plain-text and an HTML part, the school's name, a link
// to the portal, and a one-click unsubscribe (RFC 8058 headers plus a link in the body). Subjects
// never carry a grade: grades and feedback are in the body only.
import "server-only";
import {
  DELIVERY_LABELS,
  EVENT_LABELS,
  type Delivery,
  type DigestPeriod,
  type NotifyEvent,
} from "@/lib/domain/notify-events";
import { formatDay } from "@/lib/domain/format";
import { ellipsize } from "@/lib/domain/text";
import { env } from "@/lib/env";
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

function frame(school: string, bodyHtml: string, footerHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<p style="font-weight:600;color:#374151;margin:0 0 16px">${escapeHtml(school)}</p>
${bodyHtml}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:13px;color:#6b7280">${footerHtml}</p>
</body></html>`;
}

export interface NoticeMailInput {
  userId: number;
  to: string;
  event: NotifyEvent;
  title: string;
  detail: string | null;
  href: string;
  messageId: string;
  replyTo?: string | null;
}

/** One notice, sent as it happens ("Immediately"). */
export function noticeMail(n: NoticeMailInput): OutgoingMail {
  const school = env().SCHOOL_NAME;
  const origin = mailOrigin();
  const link = `${origin}${n.href}`;
  const unsub = unsubscribeParts(n.userId, n.event);
  const why = `You receive this because “${EVENT_LABELS[n.event]}” is set to “${DELIVERY_LABELS.immediately}”.`;
  const text = [
    school,
    "",
    n.title,
    ...(n.detail ? ["", n.detail] : []),
    "",
    `Open in the portal: ${link}`,
    "",
    "--",
    why,
    `Unsubscribe from these e-mails: ${unsub.pageUrl}`,
    `Choose what you receive: ${origin}/notifications/settings`,
  ].join("\n");
  const html = frame(
    school,
    `<h1 style="font-size:18px;margin:0 0 8px">${escapeHtml(n.title)}</h1>
${n.detail ? `<p style="white-space:pre-line">${escapeHtml(n.detail)}</p>` : ""}
<p><a href="${escapeHtml(link)}">Open in the portal</a></p>`,
    `${escapeHtml(why)} <a href="${escapeHtml(unsub.pageUrl)}">Unsubscribe</a> · <a href="${escapeHtml(`${origin}/notifications/settings`)}">Choose what you receive</a>`,
  );
  return {
    to: n.to,
    subject: oneLine(`${n.title} · ${school}`),
    text,
    html,
    headers: unsub.headers,
    ...(n.replyTo ? { replyTo: n.replyTo } : {}),
    messageId: n.messageId,
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
  userId: number;
  to: string;
  period: DigestPeriod;
  day: string;
  groups: DigestGroup[];
  messageId: string;
  /** The events the digest contains: its unsubscribe link turns off only those. */
  events: Iterable<NotifyEvent>;
}): OutgoingMail {
  const school = env().SCHOOL_NAME;
  const origin = mailOrigin();
  const unsub = unsubscribeParts(d.userId, digestUnsubscribeScope(d.period, d.events));
  const heading =
    d.period === "daily"
      ? `Your daily summary for ${formatDay(d.day)}`
      : `Your weekly summary, week ending ${formatDay(d.day)}`;
  const delivery: Delivery = d.period;
  const why = `You receive this because some notifications are set to “${DELIVERY_LABELS[delivery]}”.`;

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
      text.push("", "Coming up");
      html.push(`<h3 style="font-size:14px;margin:12px 0 4px">Coming up</h3><ul style="margin:0;padding-left:20px">`);
      for (const u of g.upcoming) {
        text.push(`- ${u.title} (${u.className}), due ${u.due}`);
        html.push(
          `<li style="margin:4px 0"><a href="${escapeHtml(origin + u.href)}">${escapeHtml(u.title)}</a> (${escapeHtml(u.className)}), due ${escapeHtml(u.due)}</li>`,
        );
      }
      html.push("</ul>");
    }
  }
  text.push(
    "",
    `Open the portal: ${origin}/`,
    "",
    "--",
    why,
    `Unsubscribe from this summary: ${unsub.pageUrl}`,
    `Choose what you receive: ${origin}/notifications/settings`,
  );
  html.push(`<p style="margin-top:20px"><a href="${escapeHtml(origin + "/")}">Open the portal</a></p>`);
  return {
    to: d.to,
    subject: oneLine(`${heading} · ${school}`),
    text: text.join("\n"),
    html: frame(
      school,
      html.join("\n"),
      `${escapeHtml(why)} <a href="${escapeHtml(unsub.pageUrl)}">Unsubscribe from this summary</a> · <a href="${escapeHtml(`${origin}/notifications/settings`)}">Choose what you receive</a>`,
    ),
    headers: unsub.headers,
    messageId: d.messageId,
  };
}

/** The admin's test message. */
export function testMail(to: string, adminName: string): OutgoingMail {
  const school = env().SCHOOL_NAME;
  const origin = mailOrigin();
  const text = `${school}\n\nThis is a test e-mail sent by ${adminName} from the portal's admin page. E-mail works.\n\nOpen the portal: ${origin}/`;
  const html = frame(
    school,
    `<h1 style="font-size:18px">Test e-mail</h1><p>This is a test e-mail sent by ${escapeHtml(adminName)} from the portal's admin page. E-mail works.</p><p><a href="${escapeHtml(origin + "/")}">Open the portal</a></p>`,
    "You receive this because an admin of the portal sent a test to this address.",
  );
  return { to, subject: oneLine(`Test e-mail · ${school}`), text, html };
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
export function rosterSyncMail(to: string, r: { day: string; reason: string; lines: readonly string[] }): OutgoingMail {
  const school = env().SCHOOL_NAME;
  const link = `${mailOrigin()}/admin?tab=roster`;
  const title = `The roster sync of ${r.day} was not applied`;
  const text = `${school}\n\n${title}: ${r.reason}.\n\n${r.lines.map((l) => `- ${l}`).join("\n")}\n\nNothing was changed. See the import history and import the files by hand: ${link}`;
  const html = frame(
    school,
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(r.reason)}.</p><ul>${r.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p>Nothing was changed. <a href="${escapeHtml(link)}">See the import history</a> and import the files by hand.</p>`,
    "You receive this because you are an administrator of the portal and a roster sync is set up (ROSTER_SYNC_DIR).",
  );
  return { to, subject: oneLine(`Roster sync not applied · ${school}`), text, html };
}
