import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/app-header";
import { ChildWorkSection } from "@/components/parent/child-work";
import { ArrowText } from "@/components/arrow-text";
import { ReportCard } from "@/components/parent/report-card";
import { SignInScreen } from "@/components/sign-in-screen";
import { RefusalScreen } from "@/components/access-screens";
import { reportCardPageAccess } from "@/lib/auth/page-access";
import { getT } from "@/lib/i18n/request-locale";
import { listChildSubmittedWork } from "@/lib/queries/child-work";
import { PageMessages } from "@/components/page-messages";
import { ChildCommentsSection } from "@/components/parent/child-comments";
import { readChildThreads } from "@/lib/comments/guardian";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("child"))("title") };
}

/**
 * A signed-in parent's child's report card and submitted work: only for the children they are
 * linked to (404 otherwise, decision 027).
 */
export default async function ChildReportPage({ params }: { params: Promise<{ studentId: string }> }) {
  const allowed = await reportCardPageAccess((await params).studentId);
  if (!allowed) return <SignInScreen />;
  if ("refusal" in allowed) return <RefusalScreen {...allowed} />;
  const { user, studentId: id, card } = allowed;
  const [t, years] = await Promise.all([getT("child"), getT("years")]);
  const [work, threads] = await Promise.all([
    listChildSubmittedWork({ studentId: id, viewer: user }),
    readChildThreads(user, id),
  ]);
  return (
    <AppShell user={user}>
      <Link href="/" className="text-sm font-medium text-ink-muted hover:text-ink print:hidden">
        <ArrowText text={(await getT("common"))("back")} />
      </Link>
      {card.classes.some((c) => c.published) && (
        <a
          href={`/children/${id}/pdf`}
          download
          className="ms-4 text-sm font-medium text-brand-700 underline print:hidden dark:text-brand-100"
        >
          {t("download", { term: card.classes.find((c) => c.published)!.published!.title })}
        </a>
      )}
      {/* This year's classes are below; every year's, concluded ones included, are on the record (issue 41). */}
      <Link
        href={`/records/${id}`}
        className="ms-4 text-sm font-medium text-brand-700 underline print:hidden dark:text-brand-100"
      >
        {years("history.pastYearsLink")}
      </Link>
      <h1 className="sr-only">{t("title")}</h1>
      <PageMessages namespaces={["reportCard"]}>
        <ReportCard card={card} />
      </PageMessages>
      <ChildWorkSection work={work} />
      {threads && <ChildCommentsSection threads={threads} />}
    </AppShell>
  );
}
