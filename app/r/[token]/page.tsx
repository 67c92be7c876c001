import type { Metadata } from "next";
import { headers } from "next/headers";
import { ReportCard } from "@/components/parent/report-card";
import { formatDate } from "@/lib/domain/format";
import { env, schoolTimeZone } from "@/lib/env";
import { openReportLink, REPORT_LINK_NEUTRAL, reportLinkPath } from "@/lib/parent/report-links";
import { clientAddress } from "@/lib/rate-limit";

export const metadata: Metadata = {
  title: "Report card",
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
  const result = await openReportLink(token.slice(0, 100), clientAddress(await headers()));
  // The last published term's report card, when there is one, also downloads as a PDF (./pdf).
  const published = result.ok ? result.card.classes.find((c) => c.published)?.published : undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="print:hidden">
        <p className="text-lg font-semibold text-brand-700 dark:text-brand-100">{env().SCHOOL_NAME}</p>
      </header>
      <div className="mt-6">
        {result.ok ? (
          <>
            <h1 className="sr-only">Report card</h1>
            {published && (
              <a
                href={`${reportLinkPath(token)}/pdf`}
                download
                className="text-sm font-medium text-brand-700 underline print:hidden dark:text-brand-100"
              >
                Download the {published.title} report card (PDF)
              </a>
            )}
            <ReportCard card={result.card} />
            <p className="mt-6 text-sm text-ink-muted print:hidden">
              This link works until {formatDate(result.expiresAt, schoolTimeZone())}. Keep it private: anyone who has it
              can read this report card.
            </p>
          </>
        ) : (
          <section role="status" className="rounded-2xl border border-line bg-surface p-6">
            <h1 className="text-xl font-semibold">Report card</h1>
            <p className="mt-2">
              {result.limited
                ? `Too many requests. Please wait ${result.retryAfterSeconds} seconds and try again.`
                : REPORT_LINK_NEUTRAL}
            </p>
          </section>
        )}
      </div>
    </main>
  );
}
