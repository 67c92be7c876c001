import "server-only";
import type { ActionResult } from "@/lib/action-result";
import type { AnyLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { portalOrigin } from "@/lib/portal-origin";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import { calendarFeedPath, newFeedToken, revokeFeeds } from "./feeds";

// One's own calendar feed (issue 20): a new secret address (the old one stops working) shown once,
// or the feed turned off. Both audited without the address (lib/calendar/feeds.ts). The answers are
// written here from the catalog (`calendar`), in the language of whoever asked.

export async function makeOwnFeed(userId: number, locale: AnyLocale): Promise<ActionResult<{ url: string }>> {
  const t = translatorFor(locale, "calendar");
  // A new address a few times an hour is plenty; each one is a row and an audit entry.
  const limit = await hitRateLimit(clientKey("calendar-feed-new", String(userId)), 10, 3_600_000);
  if (!limit.allowed) return { ok: false, message: t("tooMany", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }) };
  const token = await newFeedToken(userId);
  return { ok: true, message: t("made"), data: { url: `${await portalOrigin()}${calendarFeedPath(token)}` } };
}

export async function turnOffOwnFeed(userId: number, locale: AnyLocale): Promise<ActionResult> {
  const t = translatorFor(locale, "calendar");
  const n = await revokeFeeds(userId);
  return { ok: true, message: n ? t("turnedOff") : t("nothingToTurnOff") };
}
