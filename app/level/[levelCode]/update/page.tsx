import type { Metadata } from "next";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { TeacherDashboard } from "@/components/teacher/dashboard";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { safeDecode, tabParam } from "@/lib/domain/url";
import { getT } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("teacher"))("dashboardTitle") };
}

export default async function ClassDashboardPage({
  params,
  searchParams,
}: {
  params: Promise<{ levelCode: string }>;
  searchParams: Promise<{
    tab?: string | string[];
    view?: string | string[];
    day?: string | string[];
    rollcall?: string | string[];
    term?: string | string[];
  }>;
}) {
  const access = await dashboardPageAccess(safeDecode((await params).levelCode));
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const query = await searchParams;
  return (
    <AppShell user={access.user}>
      <TeacherDashboard
        level={access.level}
        tab={tabParam(query.tab)}
        attendance={{ view: query.view, day: query.day, rollcall: query.rollcall }}
        term={query.term}
      />
    </AppShell>
  );
}
