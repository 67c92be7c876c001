import "server-only";
import { messagesFor, type Messages } from "./catalog";
import { directionOf } from "./locales";
import { requestLocale } from "./request-locale";
import { translatorFor } from "./translator";

// The refusal pages of the letters and cards routes (app/admin/letters, app/admin/cards and a class's
// cards) in the reader's language: `adminPrint.refusals`, whose English is the routes' own wording.

type RefusalKey = keyof Messages["adminPrint"]["refusals"];

export interface PrintRefusals {
  /** The page's language and direction, for <html lang dir>. */
  lang: string;
  dir: "ltr" | "rtl";
  t: (key: RefusalKey) => string;
  /** An English refusal written elsewhere (lib/parent/letters.ts), in the reader's language when known. */
  known: (english: string) => string;
  back: string;
  backAdmin: string;
}

export async function printRefusals(): Promise<PrintRefusals> {
  const locale = await requestLocale();
  const t = translatorFor(locale, "adminPrint");
  const english = messagesFor("en").adminPrint.refusals;
  return {
    lang: locale,
    dir: directionOf(locale),
    t: (key) => t(`refusals.${key}`),
    known: (text) => {
      const key = (Object.keys(english) as RefusalKey[]).find((k) => english[k] === text);
      return key ? t(`refusals.${key}`) : text;
    },
    back: t("back"),
    backAdmin: t("backAdmin"),
  };
}
