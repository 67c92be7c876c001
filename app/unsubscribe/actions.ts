"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded } from "@/lib/actions";
import { headers } from "next/headers";
import { inspectUnsubscribe, unsubscribe } from "@/lib/notify/unsubscribe";
import { getT } from "@/lib/i18n/request-locale";
import { describeScopeForReader } from "./describe";
import { clientAddress, clientKey, hitRateLimit } from "@/lib/rate-limit";

// The unsubscribe page's button (issue 20): no sign-in; the token is the credential and can only turn a notification off.
export async function unsubscribeAction(token: string): Promise<ActionResult> {
  return guarded(async () => {
    const limit = await hitRateLimit(clientKey("unsubscribe", clientAddress(await headers())), 30, 60_000);
    if (!limit.allowed)
      return { ok: false, message: (await getT("common"))("tooManyRequests", { seconds: limit.retryAfterSeconds }) };
    const parsed = z.string().min(1).max(100).safeParse(token);
    const done = parsed.success ? await unsubscribe(parsed.data) : null;
    const scope = done && parsed.success ? inspectUnsubscribe(parsed.data)?.scope : undefined;
    const t = await getT("unsubscribe");
    if (!done || !scope) return { ok: false, message: t("invalid") };
    return { ok: true, message: t("done", { what: await describeScopeForReader(scope) }) };
  });
}
