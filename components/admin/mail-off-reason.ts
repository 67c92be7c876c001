import "server-only";
import type { getT } from "@/lib/i18n/request-locale";
import { MAIL_OFF_NO_PORTAL_URL, MAIL_OFF_NO_SMTP } from "@/lib/mail/transport";

/** The e-mail transport's reasons for being off (lib/mail/transport keeps its English), in the reader's language. */
export function mailOffReason(reason: string | null, t: Awaited<ReturnType<typeof getT<"admin">>>): string | null {
  if (reason === MAIL_OFF_NO_SMTP) return t("mailOff.noSmtp");
  if (reason === MAIL_OFF_NO_PORTAL_URL) return t("mailOff.noPortalUrl");
  return reason;
}
