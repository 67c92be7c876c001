import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/app-header";
import { ReportCard } from "@/components/parent/report-card";
import { SignInScreen } from "@/components/sign-in-screen";
import { BlockedScreen } from "@/components/states";
import { canReadReportCard } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { reportCardFor } from "@/lib/parent/portal";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { getT, requestLocale } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("child"))("title") };
}

/** A signed-in parent's child's report card: only for the children they are linked to. */
export default async function ChildReportPage({ params }: { params: Promise<{ studentId: string }> }) {
  const user = await getSessionUser();
  if (!user) return <SignInScreen />;
  const id = Number((await params).studentId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const linked = valid && user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
  const card =
    valid && canReadReportCard(user, { isLinkedGuardian: linked })
      ? await reportCardFor(id, await requestLocale())
      : null;
  const t = await getT("child");
  return (
    <AppShell user={user}>
      {card ? (
        <>
          <Link href="/" className="text-sm font-medium text-ink-muted hover:text-ink print:hidden">
            {(await getT("common"))("back")}
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
          <h1 className="sr-only">{t("title")}</h1>
          <ReportCard card={card} />
        </>
      ) : (
        <BlockedScreen title={(await getT("states"))("accessDenied")} message={t("denied")} />
      )}
    </AppShell>
  );
}
