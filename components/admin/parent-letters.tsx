// Parent letters and the open-portal warning on /admin (decision 004). Server components: the
// letters form is a plain POST to /admin/letters, which answers with the printable page.
import { PrintLanguageSelect } from "@/components/admin/print-language-select";

export function LettersForm({ classes }: { classes: { code: string; name: string }[] }) {
  return (
    <form
      method="post"
      action="/admin/letters"
      className="mb-6 rounded-2xl border border-line bg-surface p-4"
      aria-labelledby="letters-heading"
    >
      <h2 id="letters-heading" className="font-semibold">
        Parent letters
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        One printable page per guardian and student, with the guardian&apos;s access code and a new report-card link
        (printing withdraws the earlier links of the same guardians). Parent numbers without an account get one.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="letters-scope" className="block text-sm font-medium">
            For
          </label>
          <select
            id="letters-scope"
            name="scope"
            defaultValue="school"
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
          >
            <option value="school">The whole school</option>
            {classes.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="letters-language" className="block text-sm font-medium">
            Language
          </label>
          {/* Issue 31: each guardian's own language unless the admin prints all in one. */}
          <PrintLanguageSelect
            id="letters-language"
            eachOwn="Each guardian's language"
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Print letters
        </button>
      </div>
    </form>
  );
}

export function OpenPortalBanner() {
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>The parent portal is open:</strong> anyone who types part of a parent phone number sees the matching
      students&apos; names and report cards. Set <code>PARENT_PORTAL=verified</code> to require the letter&apos;s link
      or access code.
    </div>
  );
}
