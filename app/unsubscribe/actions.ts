"use server";

import { z } from "zod";
import { publicAction } from "@/lib/user-actions";
import { msg } from "@/lib/i18n/message";
import { unsubscribe } from "@/lib/notify/unsubscribe";

const invalidLink = () => Promise.resolve({ ok: false as const, message: msg("unsubscribe.invalid") });

// The unsubscribe page's button (issue 20): no sign-in; the token is the credential and can only turn a notification off.
export const unsubscribeAction = publicAction(
  z.string().min(1).max(100),
  async (token) => {
    const done = await unsubscribe(token);
    if (!done) return invalidLink();
    return { ok: true, message: msg("unsubscribe.done", { what: done.what }) };
  },
  { limit: { bucket: "unsubscribe", max: 30, windowMs: 60_000 }, invalid: invalidLink },
);
