import type { Metadata } from "next";
import { headers } from "next/headers";
import { ReportCard } from "@/components/parent/report-card";
import { formatDate } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { openReportLink, reportLinkPath } from "@/lib/parent/report-links";
import { clientAddress } from "@/lib/rate-limit";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { LocaleSwitcher } from "@/components/locale-switcher";
import { PageMessages } from "@/components/page-messages";
import { currentSchoolName } from "@/lib/school-name";

export async function generateMetadata(): Promise<Metadata> {
  return { ...metadata, title: (await getT("reportCard"))("title") };
}

const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

/**
 * A report-card link (decision 004): no sign-in; the secret in the address is the key. Shows the
 * same report card as the parent portal and nothing else about the student.
 */
export default async function ReportLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const locale = await requestLocale();
  const t = await getT("reportCard");
  const result = await openReportLink(token.slice(0, 100), clientAddress(await headers()), new Date(), locale);
  // The last published term's report card, when there is one, also downloads as a PDF (./pdf).
  const published = result.ok ? result.card.classes.find((c) => c.published)?.published : undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <p className="text-lg font-semibold text-brand-700 dark:text-brand-100">{await currentSchoolName()}</p>
        <LocaleSwitcher />
      </header>
      <div className="mt-6">
        {result.ok ? (
          <>
            <h1 className="sr-only">{t("title")}</h1>
            {published && (
              <a
                href={`${reportLinkPath(token)}/pdf`}
                download
                className="text-sm font-medium text-brand-700 underline print:hidden dark:text-brand-100"
              >
                {(await getT("child"))("download", { term: published.title })}
              </a>
            )}
            <PageMessages namespaces={["reportCard"]}>
              <ReportCard card={result.card} />
            </PageMessages>
            <p className="mt-6 text-sm text-ink-muted print:hidden">
              {t("linkExpires", { date: formatDate(result.expiresAt, schoolTimeZone(), locale) })}
            </p>
          </>
        ) : (
          <section role="status" className="rounded-2xl border border-line bg-surface p-6">
            <h1 className="text-xl font-semibold">{t("title")}</h1>
            <p className="mt-2">
              {result.limited
                ? (await getT("common"))("tooManyRequests", { seconds: result.retryAfterSeconds ?? 60 })
                : t("linkNeutral")}
            </p>
          </section>
        )}
      </div>
    </main>
  );
}
