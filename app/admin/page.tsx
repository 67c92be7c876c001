import type { Metadata } from "next";
import { PageMessages } from "@/components/page-messages";
import type { PageNamespace } from "@/lib/i18n/client";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { render } from "@/lib/i18n/render";
import { AppShell } from "@/components/app-header";
import { CreateUserButton } from "@/components/admin/people";
import { BlockedScreen } from "@/components/states";
import { ToastProvider } from "@/components/toast";
import { TryAgainButton } from "@/components/try-again-button";
import { SectionNav } from "@/components/section-nav";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { OpenPortalBanner } from "@/components/admin/parent-letters";
import { mailSettings } from "@/lib/mail/transport";
import { portalMode } from "@/lib/parent/portal";
import { pageParam, tabParam } from "@/lib/domain/url";
import { adminCounts } from "@/lib/queries/admin";
import { renderTab } from "./tab-content";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("title") };
}

/** The client namespaces each tab's components read (lib/i18n/client.ts); the rest is translated here. */
const TAB_NAMESPACES: Record<string, PageNamespace[]> = {
  students: ["adminStudents"],
  parents: ["privateComments"],
  terms: ["adminTerms", "letterScale"],
  roster: ["adminRoster"],
  mail: ["adminMail"],
  security: ["adminSecurity"],
  school: ["schoolSettings"],
};

const TABS = [
  "classes",
  "students",
  "parents",
  "years",
  "terms",
  "roster",
  "mail",
  "security",
  "school",
  "audit",
] as const;
type Query = {
  tab?: string | string[];
  q?: string | string[];
  page?: string | string[];
  action?: string | string[];
  year?: string | string[];
};

export default async function AdminPage({ searchParams }: { searchParams: Promise<Query> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const user = gate.admin;

  const query = await searchParams;
  const tab = (TABS as readonly string[]).includes(tabParam(query.tab) ?? "") ? tabParam(query.tab)! : "classes";
  const q = (tabParam(query.q) ?? "").slice(0, 100);
  const page = pageParam(query.page);
  const t = await getT("admin");
  const yearsTab = (await getT("years"))("admin.tab");
  const mailOff = mailSettings().offReason;

  let counts;
  let panel: React.ReactNode;
  try {
    counts = await adminCounts();
    panel = await renderTab(tab, q, page, tabParam(query.action), user.id, tabParam(query.year));
  } catch (err) {
    console.error("admin dashboard failed:", err);
    return (
      <AppShell user={user}>
        <BlockedScreen title={t("loadErrorTitle")} message={t("loadError")} homeLabel={t("goHome")}>
          <TryAgainButton />
        </BlockedScreen>
      </AppShell>
    );
  }

  return (
    <AppShell user={user}>
      <PageMessages namespaces={["adminUser", ...(TAB_NAMESPACES[tab] ?? [])]}>
        <ToastProvider>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold sm:text-3xl">{t("heading")}</h1>
            <CreateUserButton />
          </div>
          {portalMode() === "open" && <OpenPortalBanner />}
          {mailOff && (
            <p
              className="mt-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
              data-testid="mail-off-banner"
            >
              {render(mailOff, await requestLocale())} {t("mailOffTail")}{" "}
              <a
                href="/admin?tab=mail"
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
              >
                {t("mailSettings")}
              </a>
            </p>
          )}
          <SectionNav
            label={t("sections")}
            active={tab}
            href={(t) => `/admin?tab=${t}`}
            sections={[
              { value: "classes", label: t("tabs.classes", { count: counts.classes }) },
              { value: "students", label: t("tabs.students", { count: counts.students }) },
              { value: "parents", label: t("tabs.parents", { count: counts.parents }) },
              { value: "years", label: yearsTab },
              { value: "terms", label: t("tabs.terms") },
              { value: "roster", label: t("tabs.roster") },
              { value: "mail", label: t("tabs.mail") },
              { value: "security", label: t("tabs.security") },
              { value: "school", label: t("tabs.school") },
              { value: "audit", label: t("tabs.audit") },
            ]}
          >
            {panel}
          </SectionNav>
        </ToastProvider>
      </PageMessages>
    </AppShell>
  );
}
