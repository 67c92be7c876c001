import type { Metadata } from "next";
import { AppShell } from "@/components/app-header";
import { TeacherDashboard } from "@/components/teacher/dashboard";
import { gateDashboard } from "@/components/teacher/dashboard-gate";
import { safeDecode, tabParam } from "@/lib/domain/url";

export const metadata: Metadata = { title: "Class dashboard" };

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
  const gate = await gateDashboard(safeDecode((await params).levelCode));
  if (!gate.ok) return gate.screen;
  const query = await searchParams;
  return (
    <AppShell user={gate.access.user}>
      <TeacherDashboard
        level={gate.access.level}
        tab={tabParam(query.tab)}
        attendance={{ view: query.view, day: query.day, rollcall: query.rollcall }}
        term={query.term}
      />
    </AppShell>
  );
}
