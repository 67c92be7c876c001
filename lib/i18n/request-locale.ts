import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { getSessionUser } from "@/lib/auth/session";
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
  const user = await getSessionUser();
  if (isLocale(user?.locale)) return user.locale;
  if (isLocale(chosen)) return chosen;
  const asked = negotiateLocale((await headers()).get("accept-language"), LOCALES);
  return isLocale(asked) ? asked : schoolLocale();
});

/** `const t = await getT("parent")` in a server component or action. */
export async function getT<N extends keyof Messages>(namespace: N) {
  return translatorFor(await requestLocale(), namespace);
}
