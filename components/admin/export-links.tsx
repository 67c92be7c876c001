import { hasAppliedImport } from "@/lib/export/cards";
import { PrintLanguageSelect } from "@/components/admin/print-language-select";
import { listClassOptions } from "@/lib/queries/admin";

// Exports and sign-in cards on /admin (the page has already checked the caller is an admin; each
// route checks again). Plain links and form POSTs: no client script. Downloads are <a>, not
// next/link: route handlers answer with a file, not a page.

const SECONDARY = "inline-block rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted";
const PRIMARY = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";

export async function ExportLinks() {
  const [classes, lastImport] = await Promise.all([listClassOptions(), hasAppliedImport()]);
  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          Export
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          The whole school in OneRoster 1.1 CSV (a .zip a student information system reads): people, classes,
          enrollments, guardians, assignments and grades. Access codes are never exported. Each class&apos;s gradebook
          and attendance CSVs are on its dashboard, under Grades and Attendance.
        </p>
        <p className="mt-3">
          <a href="/admin/export/oneroster" download className={SECONDARY} data-testid="export-oneroster">
            Download OneRoster export (.zip)
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
          Sign-in cards
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          A printable page of cut-out cards, 8 to a page: name, username, class, access code and a QR code of the
          sign-in page. Printing is recorded in the audit log.
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="cards-scope" className="block text-sm font-medium">
              For
            </label>
            <select
              id="cards-scope"
              name="scope"
              defaultValue="school"
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            >
              <option value="school">Every student and instructor</option>
              {lastImport && <option value="last-import">New users of the last import</option>}
              {classes.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cards-language" className="block text-sm font-medium">
              Language
            </label>
            {/* Issue 31: each card in its owner's language unless the admin prints all in one. */}
            <PrintLanguageSelect
              id="cards-language"
              eachOwn="Each person's language"
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            />
          </div>
          <button type="submit" className={PRIMARY}>
            Print sign-in cards
          </button>
        </div>
      </form>
    </div>
  );
}
