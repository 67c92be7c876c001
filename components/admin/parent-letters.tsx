// Parent letters and the open-portal warning on /admin (decision 004). Server components: the
// letters form is a plain POST to /admin/letters, which answers with the printable page.
import { PrintLanguageSelect } from "@/components/admin/print-language-select";
import { getT } from "@/lib/i18n/request-locale";

export async function LettersForm({ classes }: { classes: { code: string; name: string }[] }) {
  const t = await getT("admin");
  return (
    <form
      method="post"
      action="/admin/letters"
      className="mb-6 rounded-2xl border border-line bg-surface p-4"
      aria-labelledby="letters-heading"
    >
      <h2 id="letters-heading" className="font-semibold">
        {t("letters.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("letters.help")}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="letters-scope" className="block text-sm font-medium">
            {t("letters.for")}
          </label>
          <select
            id="letters-scope"
            name="scope"
            defaultValue="school"
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
          >
            <option value="school">{t("letters.wholeSchool")}</option>
            {classes.map((c) => (
              <option key={c.code} value={c.code} data-user-text>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="letters-language" className="block text-sm font-medium">
            {t("letters.language")}
          </label>
          {/* Issue 31: each guardian's own language unless the admin prints all in one. */}
          <PrintLanguageSelect
            id="letters-language"
            eachOwn={t("letters.eachGuardian")}
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("letters.print")}
        </button>
      </div>
    </form>
  );
}

export async function OpenPortalBanner() {
  const t = await getT("admin");
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>{t("openPortal.title")}</strong> {t("openPortal.before")}{" "}
      <code data-user-text>PARENT_PORTAL=verified</code> {t("openPortal.after")}
    </div>
  );
}
