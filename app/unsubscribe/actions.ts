"use server";

import { z } from "zod";
import { publicAction } from "@/lib/actions";
import { getT } from "@/lib/i18n/request-locale";
import { inspectUnsubscribe, unsubscribe } from "@/lib/notify/unsubscribe";
import { describeScopeForReader } from "./describe";

const invalidLink = async () => ({ ok: false as const, message: (await getT("unsubscribe"))("invalid") });

// The unsubscribe page's button (issue 20): no sign-in; the token is the credential and can only turn a notification off.
export const unsubscribeAction = publicAction(
  z.string().min(1).max(100),
  async (token) => {
    const done = await unsubscribe(token);
    const scope = done ? inspectUnsubscribe(token)?.scope : undefined;
    if (!scope) return invalidLink();
    return { ok: true, message: (await getT("unsubscribe"))("done", { what: await describeScopeForReader(scope) }) };
  },
  { limit: { bucket: "unsubscribe", max: 30, windowMs: 60_000 }, invalid: invalidLink },
);
