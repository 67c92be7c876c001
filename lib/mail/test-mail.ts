import "server-only";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { msg } from "@/lib/i18n/message";
import { recipientLocale } from "@/lib/i18n/recipient";
import { hitRateLimit } from "@/lib/rate-limit";
import { testMail } from "./compose";
import { mailSettings, sendMail } from "./transport";
import { currentSchoolName } from "@/lib/school-name";

// /admin → E-mail: an admin sends a test message to check the school's SMTP settings (issue 20).
// Sent at once (not queued) so the admin sees the mail server's answer; ten an hour per admin.
// Nothing is written but the audit entry, so it needs no transaction.

export async function sendTestMail(
  to: string,
  admin: { id: number; name: string; locale: string | null },
): Promise<Answer> {
  const settings = mailSettings();
  if (!settings.enabled) return { ok: false, message: settings.offReason ?? msg("admin.actions.mailOff") };
  const limit = await hitRateLimit(`mail-test:${admin.id}`, 10, 3_600_000);
  if (!limit.allowed)
    return {
      ok: false,
      message: msg("admin.actions.testMailLimit", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
    };
  try {
    await sendMail(testMail(to, admin.name, recipientLocale(admin.locale), await currentSchoolName()));
  } catch (err) {
    const e = err as { code?: string; responseCode?: number };
    console.error("test e-mail failed:", err instanceof Error ? err.message : err);
    return {
      ok: false,
      message: msg("admin.actions.mailRefused", { code: e.responseCode ?? e.code ?? "no answer" }),
    };
  }
  await audit(db(), { action: "mail.test_sent", actorId: admin.id, detail: { to } });
  return { ok: true, message: msg("admin.actions.testSent", { to }) };
}
