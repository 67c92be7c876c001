import "server-only";
import type { Answer } from "@/lib/action-result";
import { msg } from "@/lib/i18n/message";
import { portalOrigin } from "@/lib/portal-origin";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import { calendarFeedPath, newFeedToken, revokeFeeds } from "./feeds";

// One's own calendar feed (issue 20): a new secret address (the old one stops working) shown once,
// or the feed turned off. Both audited without the address (lib/calendar/feeds.ts). The answers are
// descriptors of the catalog's `calendar`, written in the reader's language as they leave the action.

export async function makeOwnFeed(userId: number): Promise<Answer<{ url: string }>> {
  // A new address a few times an hour is plenty; each one is a row and an audit entry.
  const limit = await hitRateLimit(clientKey("calendar-feed-new", String(userId)), 10, 3_600_000);
  if (!limit.allowed)
    return { ok: false, message: msg("calendar.tooMany", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }) };
  const token = await newFeedToken(userId);
  return {
    ok: true,
    message: msg("calendar.made"),
    data: { url: `${await portalOrigin()}${calendarFeedPath(token)}` },
  };
}

export async function turnOffOwnFeed(userId: number): Promise<Answer> {
  const n = await revokeFeeds(userId);
  return { ok: true, message: n ? msg("calendar.turnedOff") : msg("calendar.nothingToTurnOff") };
}
