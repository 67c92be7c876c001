"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { z } from "zod";
import { formObject, userFormAction } from "@/lib/actions";
import { isHttps } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { isLocale, isPseudoLocale, type AnyLocale } from "@/lib/i18n/locales";
import { LOCALE_COOKIE, getT } from "@/lib/i18n/request-locale";
import { translatorFor } from "@/lib/i18n/translator";
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
    // Answered in the language just chosen: the page around it re-renders in it too.
    return { ok: true, message: translatorFor(locale, "common")("languageSaved") };
  },
  {
    invalid: async () => ({ ok: false, message: (await getT("common"))("languageInvalid") }),
    revalidate: () => revalidatePath("/", "layout"),
  },
);
