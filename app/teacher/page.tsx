import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { EmptyState } from "@/components/states";
import { ClassSwitcher } from "@/components/teacher/class-switcher";
import { TeacherDashboard } from "@/components/teacher/dashboard";
import { dashboardPageAccess, staffPageAccess } from "@/lib/auth/page-access";
import { getT } from "@/lib/i18n/request-locale";
import { listTeachableClasses } from "@/lib/queries/teacher";
import { tabParam } from "@/lib/domain/url";
import { PageMessages } from "@/components/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("teacher"))("pageTitle") };
}

/** /teacher: the dashboard for the signed-in instructor's first class by name, with a switcher. */
export default async function TeacherPage({
  searchParams,
}: {
  searchParams: Promise<{
    class?: string | string[];
    tab?: string | string[];
    view?: string | string[];
    day?: string | string[];
    rollcall?: string | string[];
    term?: string | string[];
  }>;
}) {
  const user = await staffPageAccess();
  if (!user) redirect("/");
  if ("refusal" in user) return <RefusalScreen {...user} />;
  const classes = await listTeachableClasses(user);
  if (classes.length === 0) {
    const t = await getT("teacher");
    return (
      <AppShell user={user}>
        <EmptyState title={t("noClassesTitle")} message={t("noClasses")} />
      </AppShell>
    );
  }
  const query = await searchParams;
  const requested = query.class;
  const code =
    typeof requested === "string" && classes.some((c) => c.code === requested) ? requested : classes[0]!.code;
  const access = await dashboardPageAccess(code);
  if ("refusal" in access) return <RefusalScreen {...access} />;
  return (
    <AppShell user={user}>
      <PageMessages namespaces={["classPage"]}>
        <TeacherDashboard
          level={access.level}
          tab={tabParam(query.tab)}
          attendance={{ view: query.view, day: query.day, rollcall: query.rollcall }}
          term={query.term}
          tabHref={(t) => `/teacher?${new URLSearchParams({ class: code, tab: t })}`}
          switcher={
            <ClassSwitcher
              label={(await getT("teacher"))("classLabel")}
              classes={classes.map((c) => ({ code: c.code, name: c.name }))}
              current={code}
            />
          }
        />
      </PageMessages>
    </AppShell>
  );
}
