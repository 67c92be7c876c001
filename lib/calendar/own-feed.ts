import "server-only";
import type { ActionResult } from "@/lib/action-result";
import { portalOrigin } from "@/lib/portal-origin";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import { calendarFeedPath, newFeedToken, revokeFeeds } from "./feeds";

// One's own calendar feed (issue 20): a new secret address (the old one stops working) shown once,
// or the feed turned off. Both audited without the address (lib/calendar/feeds.ts).

export async function makeOwnFeed(userId: number): Promise<ActionResult<{ url: string }>> {
  // A new address a few times an hour is plenty; each one is a row and an audit entry.
  const limit = await hitRateLimit(clientKey("calendar-feed-new", String(userId)), 10, 3_600_000);
  if (!limit.allowed)
    return {
      ok: false,
      message: `Too many new addresses. Please wait ${Math.ceil(limit.retryAfterSeconds / 60)} minutes and try again.`,
    };
  const token = await newFeedToken(userId);
  return {
    ok: true,
    message: "A new calendar address is ready. Any older one has stopped working.",
    data: { url: `${await portalOrigin()}${calendarFeedPath(token)}` },
  };
}

export async function turnOffOwnFeed(userId: number): Promise<ActionResult> {
  const n = await revokeFeeds(userId);
  return {
    ok: true,
    message: n ? "Calendar feed turned off: its address no longer works." : "There was no calendar feed to turn off.",
  };
}
