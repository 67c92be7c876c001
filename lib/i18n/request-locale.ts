import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { getSessionUser } from "@/lib/auth/session";
import { databaseUnavailable } from "@/lib/db/errors";
import { env, schoolLocale } from "@/lib/env";
import { LOCALES, isLocale, isPseudoLocale, negotiateLocale, type AnyLocale } from "./locales";
import { translatorFor } from "./translator";
import type { Messages } from "./catalog";

/** A visitor's choice from the switcher, kept for anonymous pages and until they sign in. */
export const LOCALE_COOKIE = "portal_locale";

/**
 * The language of this request: the signed-in person's own choice, else the switcher's cookie,
 * else the browser's Accept-Language, else the school's SCHOOL_LOCALE. Once per request.
 */
export const requestLocale = cache(async (): Promise<AnyLocale> => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  // Test-only: a pseudo-locale cookie wins, so the walk covers signed-in screens whatever the account chose.
  if (env().PSEUDO_LOCALES === "on" && isPseudoLocale(chosen)) return chosen;
  // While the database is away (a failover) the page itself fails and says so (app/error.tsx), in
  // the language the visitor's browser asks for: the layout around it must not fail first.
  const user = await getSessionUser().catch((err: unknown) => {
    if (databaseUnavailable(err)) return null;
    throw err;
  });
  if (isLocale(user?.locale)) return user.locale;
  if (isLocale(chosen)) return chosen;
  const asked = negotiateLocale((await headers()).get("accept-language"), LOCALES);
  return isLocale(asked) ? asked : schoolLocale();
});

/**
 * The request's language for a route's answer (a refusal, a failure), never failing for want of
 * one: the school's when the request's cannot be read, so a route answers from its own error
 * handler too.
 */
export async function answerLocale(route: string): Promise<AnyLocale> {
  try {
    return await requestLocale();
  } catch (err) {
    console.error(`${route}: the reader's language could not be read:`, err);
    return schoolLocale();
  }
}

/** `const t = await getT("parent")` in a server component or action. */
export async function getT<N extends keyof Messages>(namespace: N) {
  return translatorFor(await requestLocale(), namespace);
}
