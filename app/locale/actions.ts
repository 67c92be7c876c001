"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { z } from "zod";
import { formObject } from "@/lib/actions";
import { userFormAction } from "@/lib/user-actions";
import { isHttps } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { isLocale, isPseudoLocale, type AnyLocale } from "@/lib/i18n/locales";
import { msg } from "@/lib/i18n/message";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { saveUserLocale } from "@/lib/i18n/user-locale";

// Choosing a language (issue 31). Only a code of lib/i18n/locales.ts is accepted (the test-only
// pseudo-locales too when PSEUDO_LOCALES=on); anything else changes nothing.
const localeInput = z.object({
  locale: z
    .string()
    .max(10)
    .refine((v): v is AnyLocale => isLocale(v) || (env().PSEUDO_LOCALES === "on" && isPseudoLocale(v))),
});

async function rememberInCookie(locale: AnyLocale): Promise<void> {
  (await cookies()).set(LOCALE_COOKIE, locale, {
    httpOnly: true,
    sameSite: "lax",
    secure: await isHttps(),
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** The anonymous pages' switcher: a plain form, so it works before (or without) any script. */
export async function chooseVisitorLocaleAction(formData: FormData): Promise<void> {
  const parsed = localeInput.safeParse(formObject(formData));
  if (!parsed.success) return;
  await rememberInCookie(parsed.data.locale);
  revalidatePath("/", "layout");
}

/** A signed-in person's own language, kept on their account (a guardian's is theirs, not the student's). */
export const saveMyLocaleAction = userFormAction(
  localeInput,
  async ({ locale }, user) => {
    await saveUserLocale(user.id, locale);
    await rememberInCookie(locale);
    return { ok: true, message: msg("common.languageSaved") };
  },
  {
    invalid: () => Promise.resolve({ ok: false, message: msg("common.languageInvalid") }),
    revalidate: () => revalidatePath("/", "layout"),
    // Answered in the language just chosen: the page around it re-renders in it too (the
    // request's language was read from the account before it changed).
    answerIn: ({ locale }) => locale,
  },
);
