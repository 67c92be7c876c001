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

export const metadata: Metadata = { title: "Report card" };

/** A signed-in parent's child's report card: only for the children they are linked to. */
export default async function ChildReportPage({ params }: { params: Promise<{ studentId: string }> }) {
  const user = await getSessionUser();
  if (!user) return <SignInScreen />;
  const id = Number((await params).studentId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const linked = valid && user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
  const card = valid && canReadReportCard(user, { isLinkedGuardian: linked }) ? await reportCardFor(id) : null;
  return (
    <AppShell user={user}>
      {card ? (
        <>
          <Link href="/" className="text-sm font-medium text-ink-muted hover:text-ink print:hidden">
            ← Back
          </Link>
          {card.classes.some((c) => c.published) && (
            <a
              href={`/children/${id}/pdf`}
              download
              className="ml-4 text-sm font-medium text-brand-700 underline print:hidden dark:text-brand-100"
            >
              Download the {card.classes.find((c) => c.published)!.published!.title} report card (PDF)
            </a>
          )}
          <h1 className="sr-only">Report card</h1>
          <ReportCard card={card} />
        </>
      ) : (
        <BlockedScreen title="Access Denied" message="You can only see the report cards of your own children." />
      )}
    </AppShell>
  );
}
