"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/lib/action-result";
import { guarded } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { requireUser } from "@/lib/auth/guards";
import { calendarFeedPath, newFeedToken, revokeFeeds } from "@/lib/calendar/feeds";
import { db } from "@/lib/db/client";
import { portalOrigin } from "@/lib/portal-origin";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";

// One's own calendar feed (issue 20): a new secret address (the old one stops working) shown
// once, or the feed turned off. Audited without the address.

export async function newCalendarFeedAction(): Promise<ActionResult<{ url: string }>> {
  return guarded(async () => {
    const user = await requireUser();
    // A new address a few times an hour is plenty; each one is a row and an audit entry.
    const limit = await hitRateLimit(clientKey("calendar-feed-new", String(user.id)), 10, 3_600_000);
    if (!limit.allowed)
      return {
        ok: false,
        message: `Too many new addresses. Please wait ${Math.ceil(limit.retryAfterSeconds / 60)} minutes and try again.`,
      };
    const token = await newFeedToken(user.id);
    await audit(db(), { action: "calendar_feed.created", actorId: user.id, detail: {} });
    revalidatePath("/calendar");
    return {
      ok: true,
      message: "A new calendar address is ready. Any older one has stopped working.",
      data: { url: `${await portalOrigin()}${calendarFeedPath(token)}` },
    };
  });
}

export async function turnOffCalendarFeedAction(): Promise<ActionResult> {
  return guarded(async () => {
    const user = await requireUser();
    const n = await revokeFeeds(user.id);
    if (n) await audit(db(), { action: "calendar_feed.revoked", actorId: user.id, detail: {} });
    revalidatePath("/calendar");
    return {
      ok: true,
      message: n ? "Calendar feed turned off: its address no longer works." : "There was no calendar feed to turn off.",
    };
  });
}
