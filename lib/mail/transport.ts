// SMTP through nodemailer (issue 20). SMTP_URL, MAIL_FROM and PORTAL_URL all set: e-mail is on;
// otherwise it is off, nothing is queued for it, and /admin says why. PORTAL_URL is required
// because every e-mail carries links (the notification, unsubscribe): without it they would point
// to http://localhost:3000, which no family can open (issue 28 item 11). One pooled transport per process.
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where a reply goes (a teacher's message, when the school allows it: MESSAGE_REPLY_TO). */
  replyTo?: string;
  /** Stable per message (outbox key), so a copy re-sent after a crash is recognisably the same. */
  messageId?: string;
  /**
   * The language the message is written in, its recipient's (decision 029), sent as
   * Content-Language (RFC 3282) so a mail client can offer translation or pick a voice. Absent only
   * on a message queued before the header existed: it goes without one.
   */
  language?: Locale;
}

export interface MailSettings {
  enabled: boolean;
  /** Why e-mail is off (null when on), as /admin shows it. */
  offReason: Message | null;
  from: string | null;
  /** The server's host and port, never its password. */
  server: string | null;
}

export function mailSettings(): MailSettings {
  const { SMTP_URL, MAIL_FROM, PORTAL_URL } = env();
  const server = SMTP_URL ? hostOf(SMTP_URL) : null;
  if (!SMTP_URL || !MAIL_FROM)
    return { enabled: false, offReason: msg("admin.mailOff.noSmtp"), from: MAIL_FROM ?? null, server };
  if (!PORTAL_URL) return { enabled: false, offReason: msg("admin.mailOff.noPortalUrl"), from: MAIL_FROM, server };
  return { enabled: true, offReason: null, from: MAIL_FROM, server };
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "(unreadable address)";
  }
}

let transport: { url: string; transporter: Transporter } | null = null;

function transporter(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    // Pooled: a digest run sends thousands of messages over a few connections, not one each.
    // Bounded waits: a mail server that does not answer fails the attempt (retried later) instead of
    // holding a worker; together under the queue's 60 s lease, so no second worker claims a message being sent.
    const options = "pool=true&maxConnections=3&connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000";
    transport = { url, transporter: nodemailer.createTransport(url + (url.includes("?") ? "&" : "?") + options) };
  }
  return transport.transporter;
}

/** Sends one message; throws (so its job is retried) when the server refuses or cannot be reached. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  const settings = mailSettings();
  // The operator reads the reason in English (the job's log and its last error).
  if (!settings.enabled || !SMTP_URL || !MAIL_FROM)
    throw new Error(settings.offReason ? render(settings.offReason, "en") : "e-mail is off");
  await transporter(SMTP_URL).sendMail({
    from: MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.language ? { ...mail.headers, "Content-Language": mail.language } : mail.headers,
    replyTo: mail.replyTo,
    messageId: mail.messageId,
  });
}

/** Closes the pool (tests, shutdown). */
export function closeMail(): void {
  transport?.transporter.close();
  transport = null;
}
