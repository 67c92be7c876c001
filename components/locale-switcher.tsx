import { chooseVisitorLocaleAction } from "@/app/locale/actions";
import { LOCALES, LOCALE_NAMES, intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";

/**
 * The anonymous pages' language switcher (issue 31): one button per language, each a plain form
 * posting to a server action, so it works before any script has loaded. Each name is written in
 * its own language and marked so (lang), for screen readers.
 */
export async function LocaleSwitcher({ className = "" }: { className?: string }) {
  const t = await getT("common");
  const current = intlLocaleOf(await requestLocale());
  return (
    <nav aria-label={t("chooseLanguage")} className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
      {LOCALES.map((locale) => (
        <form key={locale} action={chooseVisitorLocaleAction}>
          <input type="hidden" name="locale" value={locale} />
          <button
            type="submit"
            lang={locale}
            aria-current={locale === current ? "true" : undefined}
            className="rounded-md px-2 py-1 font-medium text-brand-700 underline-offset-2 hover:underline aria-[current=true]:text-ink aria-[current=true]:no-underline dark:text-brand-100"
          >
            {LOCALE_NAMES[locale]}
          </button>
        </form>
      ))}
    </nav>
  );
}
