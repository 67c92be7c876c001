"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded } from "@/lib/actions";
import { headers } from "next/headers";
import { unsubscribe } from "@/lib/notify/unsubscribe";
import { clientAddress, clientKey, hitRateLimit } from "@/lib/rate-limit";

// The unsubscribe page's button (issue 20): no sign-in; the token is the credential and can only turn a notification off.
export async function unsubscribeAction(token: string): Promise<ActionResult> {
  return guarded(async () => {
    const limit = await hitRateLimit(clientKey("unsubscribe", clientAddress(await headers())), 30, 60_000);
    if (!limit.allowed)
      return { ok: false, message: `Too many requests. Please wait ${limit.retryAfterSeconds} seconds and try again.` };
    const parsed = z.string().min(1).max(100).safeParse(token);
    const done = parsed.success ? await unsubscribe(parsed.data) : null;
    if (!done)
      return {
        ok: false,
        message:
          "This unsubscribe link is not valid. Sign in to the portal and choose what you receive under Notifications.",
      };
    return { ok: true, message: `Unsubscribed: you will no longer receive ${done.what}.` };
  });
}
