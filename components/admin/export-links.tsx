import { hasAppliedImport } from "@/lib/export/cards";
import { PrintLanguageSelect } from "@/components/admin/print-language-select";
import { listClassOptions } from "@/lib/queries/admin";
import { getT } from "@/lib/i18n/request-locale";

// Exports and sign-in cards on /admin (the page has already checked the caller is an admin; each
// route checks again). Plain links and form POSTs: no client script. Downloads are <a>, not
// next/link: route handlers answer with a file, not a page.

const SECONDARY = "inline-block rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted";
const PRIMARY = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";

export async function ExportLinks() {
  const [classes, lastImport, t] = await Promise.all([listClassOptions(), hasAppliedImport(), getT("admin")]);
  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          {t("export.heading")}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("export.help")}</p>
        <p className="mt-3">
          <a href="/admin/export/oneroster" download className={SECONDARY} data-testid="export-oneroster">
            {t("export.download")}
          </a>
        </p>
      </section>
      <form
        method="post"
        action="/admin/cards"
        className="rounded-2xl border border-line bg-surface p-4"
        aria-labelledby="cards-heading"
      >
        <h2 id="cards-heading" className="font-semibold">
          {t("export.cardsHeading")}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("export.cardsHelp")}</p>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="cards-scope" className="block text-sm font-medium">
              {t("export.for")}
            </label>
            <select
              id="cards-scope"
              name="scope"
              defaultValue="school"
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            >
              <option value="school">{t("export.everyone")}</option>
              {lastImport && <option value="last-import">{t("export.lastImport")}</option>}
              {classes.map((c) => (
                <option key={c.code} value={c.code} data-user-text>
                  {c.name} ({c.code})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cards-language" className="block text-sm font-medium">
              {t("export.language")}
            </label>
            {/* Issue 31: each card in its owner's language unless the admin prints all in one. */}
            <PrintLanguageSelect
              id="cards-language"
              eachOwn={t("export.eachPerson")}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            />
          </div>
          <button type="submit" className={PRIMARY}>
            {t("export.print")}
          </button>
        </div>
      </form>
    </div>
  );
}
