import "server-only";
import type { Messages } from "./catalog";
import { directionOf, type AnyLocale } from "./locales";
import type { Message } from "./message";
import { render } from "./render";
import { requestLocale } from "./request-locale";
import { translatorFor } from "./translator";

// The refusal pages of the letters and cards routes (app/admin/letters, app/admin/cards and a class's
// cards) in the reader's language: `adminPrint.refusals`, whose English is the routes' own wording.

type RefusalKey = keyof Messages["adminPrint"]["refusals"];

export interface PrintRefusals {
  /** The page's language and direction, for <html lang dir>. */
  lang: AnyLocale;
  dir: "ltr" | "rtl";
  t: (key: RefusalKey) => string;
  /** A refusal made elsewhere as a descriptor (lib/parent/letters.ts, the guards), in the reader's language. */
  text: (message: Message) => string;
  back: string;
  backAdmin: string;
}

export async function printRefusals(): Promise<PrintRefusals> {
  const locale = await requestLocale();
  const t = translatorFor(locale, "adminPrint");
  return {
    lang: locale,
    dir: directionOf(locale),
    t: (key) => t(`refusals.${key}`),
    text: (message) => render(message, locale),
    back: t("back"),
    backAdmin: t("backAdmin"),
  };
}
