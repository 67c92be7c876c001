import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/app-header";
import { ArrowText } from "@/components/arrow-text";
import { RefusalScreen } from "@/components/access-screens";
import { SignInScreen } from "@/components/sign-in-screen";
import { StudentRecordView } from "@/components/records/student-record";
import { recordPageAccess } from "@/lib/auth/page-access";
import { getT } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("years"))("history.recordTitle") };
}

/**
 * A student's record of every school year (issue 41): for the student, admins and the student's
 * linked guardians (lib/auth/policy canReadStudentRecord); 404 for everyone else (decision 027).
 */
export default async function StudentRecordPage({ params }: { params: Promise<{ studentId: string }> }) {
  const allowed = await recordPageAccess((await params).studentId);
  if (!allowed) return <SignInScreen />;
  if ("refusal" in allowed) return <RefusalScreen {...allowed} />;
  const { user, record } = allowed;
  const [t, common] = await Promise.all([getT("years"), getT("common")]);
  return (
    <AppShell user={user}>
      <Link href="/past" className="text-sm font-medium text-ink-muted hover:text-ink print:hidden">
        <ArrowText text={common("back")} />
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">
            {t("history.recordHeading", { name: record.student.name })}
          </h1>
          <p className="mt-1 text-ink-muted">{t("history.recordIntro")}</p>
        </div>
        <a
          href={`/records/${record.student.id}/transcript.pdf`}
          download
          className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted print:hidden"
        >
          {t("history.transcript")}
        </a>
      </div>
      <StudentRecordView years={record.years} />
    </AppShell>
  );
}
