import type { Metadata } from "next";
import Link from "next/link";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { EraseDepartedForm } from "@/components/admin/records-erase-form";
import { AppShell } from "@/components/app-header";
import { formatDay } from "@/lib/domain/format";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { listErasable, retentionYears } from "@/lib/records/erase";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("years"))("records.page.title") };
}

/**
 * Records retention (issue 41): who erasure would take now (the dry run), and the typed
 * confirmation that erases them. Admins only; off unless RECORDS_RETENTION_YEARS is set.
 */
export default async function RecordsRetentionPage() {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const [t, admin, locale] = await Promise.all([getT("years"), getT("admin"), requestLocale()]);
  const years = retentionYears();
  const students = years === null ? [] : await listErasable(years);
  const n = students.length;
  return (
    <AppShell user={gate.admin}>
      <Link href="/admin?tab=students" className="text-sm font-medium text-ink-muted hover:text-ink">
        {admin("person.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{t("records.page.heading")}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{t("records.page.intro")}</p>
      {years === null ? (
        <p className="mt-6 max-w-prose rounded-2xl border border-line bg-surface p-4" data-testid="erasure-off">
          {t("records.page.off")}
        </p>
      ) : (
        <section aria-labelledby="dry-run-heading" className="mt-6 space-y-3">
          <p>{t("records.page.retention", { years })}</p>
          <h2 id="dry-run-heading" className="text-lg font-semibold">
            {t("records.page.dryRunHeading")}
          </h2>
          {n === 0 ? (
            <p className="text-ink-muted">{t("records.page.none")}</p>
          ) : (
            <>
              <p role="status">{t("records.page.count", { n })}</p>
              <div
                className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
                tabIndex={0}
                role="region"
                aria-label={t("records.page.region")}
              >
                <table className="w-full text-sm">
                  <thead className="bg-surface-muted text-ink-muted [&_th]:text-start">
                    <tr>
                      {(["name", "username", "lastYear", "ended"] as const).map((c) => (
                        <th key={c} scope="col" className="px-3 py-2 font-medium">
                          {t(`records.page.cols.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {students.map((s) => (
                      <tr key={s.id} className="border-t border-line" data-testid="erasable-row">
                        <td className="px-3 py-2" data-user-text>
                          <Link href={`/admin/students/${s.id}`} className="underline">
                            {s.name}
                          </Link>
                        </td>
                        <td className="px-3 py-2" data-user-text>
                          @{s.username}
                        </td>
                        <td className="px-3 py-2" data-user-text>
                          {s.lastYear}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatDay(s.lastYearEnd, locale)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <EraseDepartedForm
                labels={{
                  confirm: t("records.page.confirmLabel", { n }),
                  help: t("records.page.confirmHelp"),
                  erase: t("records.page.erase", { n }),
                  erasing: t("records.page.erasing"),
                }}
                listed={students.map((s) => s.id)}
              />
            </>
          )}
        </section>
      )}
    </AppShell>
  );
}
