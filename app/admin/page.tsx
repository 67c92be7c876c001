import type { Metadata } from "next";
import { PageMessages } from "@/components/page-messages";
import type { PageNamespace } from "@/lib/i18n/client";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { render } from "@/lib/i18n/render";
import { translatorFor } from "@/lib/i18n/translator";
import { AppShell } from "@/components/app-header";
import { ClassesTab } from "@/components/admin/classes-tab";
import { CLASS_LABELS, type ClassLabels } from "@/components/admin/class-labels";
import { CreateUserButton, StudentsAdminTab } from "@/components/admin/people";
import { adminPageHref, SearchBox } from "@/components/admin/pager";
import { Pager } from "@/components/pager";
import { BlockedScreen } from "@/components/states";
import { ToastProvider } from "@/components/toast";
import { TryAgainButton } from "@/components/try-again-button";
import { SectionNav } from "@/components/section-nav";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { LettersForm, OpenPortalBanner } from "@/components/admin/parent-letters";
import { SecurityTab } from "@/components/admin/security-tab";
import { FilesStatusSection } from "@/components/admin/files-status";
import { MailTab } from "@/components/admin/mail-tab";
import { filesStatus } from "@/lib/files/status";
import { mailSettings } from "@/lib/mail/transport";
import { mailStatus } from "@/lib/notify/mail-status";
import { emailOnFile } from "@/lib/notify/preferences";
import { RosterTab } from "@/components/admin/roster-tab";
import { RosterRemovedMarker } from "@/components/admin/roster-removed";
import { TermsTab } from "@/components/admin/terms-tab";
import { ReportFontsNote } from "@/components/admin/report-fonts-note";
import { reportFontGaps } from "@/lib/report-pdf/font-gaps";
import { dateInTimeZone } from "@/lib/domain/dates";
import { defaultTerm, gradingTerms } from "@/lib/domain/terms";
import { publishedTerms } from "@/lib/terms/publishing";
import { listTerms } from "@/lib/terms/terms";
import { listRosterImports } from "@/lib/roster/history";
import { listPendingLinks } from "@/lib/parent/pending-links";
import { listCrossClassEnrollments } from "@/lib/queries/cross-class-enrollments";
import { AUDIT_ACTIONS } from "@/lib/audit";
import { portalMode } from "@/lib/parent/portal";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { scorePercent } from "@/lib/domain/percent";
import { ADMIN_THRESHOLDS } from "@/lib/domain/constants";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { band } from "@/lib/domain/grades";
import { pageParam, tabParam } from "@/lib/domain/url";
import { env, schoolTimeZone, trustedProxies } from "@/lib/env";
import { loadSyncPolicy } from "@/lib/roster/sync-policy";
import {
  ADMIN_PAGE_SIZE,
  adminCounts,
  listAudit,
  listClassesWithStats,
  listClassOptions,
  listInstructors,
  listLevelNames,
  listParentNumberChanges,
  listWeakCodes,
  searchParentsAdmin,
  searchStudentsAdmin,
} from "@/lib/queries/admin";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("title") };
}

/** The client namespaces each tab's components read (lib/i18n/client.ts); the rest is translated here. */
const TAB_NAMESPACES: Record<string, PageNamespace[]> = {
  students: ["adminStudents"],
  terms: ["adminTerms"],
  roster: ["adminRoster"],
  mail: ["adminMail"],
  security: ["adminSecurity"],
};

const TABS = ["classes", "students", "parents", "terms", "roster", "mail", "security", "audit"] as const;
type Query = { tab?: string | string[]; q?: string | string[]; page?: string | string[]; action?: string | string[] };

export default async function AdminPage({ searchParams }: { searchParams: Promise<Query> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const user = gate.admin;

  const query = await searchParams;
  const tab = (TABS as readonly string[]).includes(tabParam(query.tab) ?? "") ? tabParam(query.tab)! : "classes";
  const q = (tabParam(query.q) ?? "").slice(0, 100);
  const page = pageParam(query.page);
  const t = await getT("admin");
  const mailOff = mailSettings().offReason;

  let counts;
  let panel: React.ReactNode;
  try {
    counts = await adminCounts();
    panel = await renderTab(tab, q, page, tabParam(query.action), user.id);
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
              { value: "terms", label: t("tabs.terms") },
              { value: "roster", label: t("tabs.roster") },
              { value: "mail", label: t("tabs.mail") },
              { value: "security", label: t("tabs.security") },
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

async function renderTab(
  tab: string,
  q: string,
  page: number,
  action: string | undefined,
  adminId: number,
): Promise<React.ReactNode> {
  const tz = schoolTimeZone();
  const locale = await requestLocale();
  const t = translatorFor(locale, "admin");
  if (tab === "classes") {
    const [{ rows, total }, instructors] = await Promise.all([listClassesWithStats(page), listInstructors()]);
    const classes = rows.map((c) => {
      const average = scorePercent(c.earned, c.possible);
      const attendance = teacherAttendancePercent(c);
      return {
        ...c,
        average,
        averageBand: band(average, ADMIN_THRESHOLDS),
        attendance,
        attendanceBand: band(attendance, ADMIN_THRESHOLDS),
        rosterRemovedOn: c.rosterDeletedAt ? formatDate(c.rosterDeletedAt, tz, locale) : null,
      };
    });
    // The tab's words go down as plain strings (no client catalog on this benchmarked tab).
    const labels = Object.fromEntries(CLASS_LABELS.map((key) => [key, t.raw(`classes.${key}`) as string]));
    return (
      <>
        <ClassesTab classes={classes} instructors={instructors} labels={labels as ClassLabels} />
        <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={adminPageHref("classes", "")} />
      </>
    );
  }
  if (tab === "students") {
    const { rows, total } = await searchStudentsAdmin(q, page, { id: adminId, role: "admin" });
    return (
      <>
        <SearchBox tab="students" q={q} label={t("searchStudents")} button={t("search")} />
        <StudentsAdminTab
          students={rows.map((s) => ({
            ...s,
            rosterRemovedOn: s.rosterDeletedAt ? formatDate(s.rosterDeletedAt, tz, locale) : null,
          }))}
        />
        <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={adminPageHref("students", q)} />
      </>
    );
  }
  if (tab === "parents") {
    const { rows, total } = await searchParentsAdmin(q, page);
    return (
      <>
        <LettersForm classes={await listClassOptions()} />
        <SearchBox tab="parents" q={q} label={t("searchParents")} button={t("search")} />
        {rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
            {t("noParents")}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {rows.map((p) => (
              <li
                key={p.id}
                className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
                data-testid="parent-card"
              >
                <h2 className="font-semibold">
                  <a href={`/admin/parents/${p.id}`} className="hover:underline" data-user-text>
                    {p.name}
                  </a>
                </h2>
                {p.rosterDeletedAt && (
                  <RosterRemovedMarker
                    kind="user"
                    id={p.id}
                    name={p.name}
                    on={formatDate(p.rosterDeletedAt, tz, locale)}
                  />
                )}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">{t("username")}</dt>
                  <dd data-user-text>@{p.username}</dd>
                  <dt className="text-ink-muted">{t("email")}</dt>
                  <dd data-user-text>{p.email ?? "—"}</dd>
                  <dt className="text-ink-muted">{t("phone")}</dt>
                  <dd data-user-text>{p.phoneNumber ?? "—"}</dd>
                  <dt className="text-ink-muted">{t("joined")}</dt>
                  <dd>{formatDate(p.createdAt, tz, locale)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} href={adminPageHref("parents", q)} />
      </>
    );
  }
  if (tab === "terms") {
    const [terms, published, classes, fontGaps] = await Promise.all([
      listTerms(),
      publishedTerms(),
      listClassOptions(),
      reportFontGaps(),
    ]);
    const levelNames = await listLevelNames();
    const grading = gradingTerms(terms);
    return (
      <>
        <ReportFontsNote gaps={fontGaps} />
        <TermsTab
          terms={terms}
          grading={grading}
          published={Object.fromEntries([...published].map(([id, at]) => [id, formatDateTime(at, tz, locale)]))}
          current={defaultTerm(dateInTimeZone(new Date(), tz), grading)?.id ?? null}
          scopes={{ levels: levelNames, classes }}
        />
      </>
    );
  }
  if (tab === "roster") {
    const [history, policy] = await Promise.all([listRosterImports({ limit: 20 }), loadSyncPolicy()]);
    const { ROSTER_SYNC_DIR, ROSTER_SYNC_AT } = env();
    const sync = { dir: ROSTER_SYNC_DIR ?? null, at: ROSTER_SYNC_AT, timeZone: tz, ...policy };
    return <RosterTab history={history} timeZone={tz} sync={sync} />;
  }
  if (tab === "mail") {
    const [status, email] = await Promise.all([mailStatus(), emailOnFile(adminId)]);
    const offReason = status.offReason && render(status.offReason, locale);
    return <MailTab status={{ ...status, offReason }} defaultTo={email ?? ""} />;
  }
  if (tab === "security") {
    const [weak, changes, pending, crossClass] = await Promise.all([
      listWeakCodes(),
      listParentNumberChanges(),
      listPendingLinks(),
      listCrossClassEnrollments(),
    ]);
    return (
      <>
        <FilesStatusSection status={filesStatus()} />
        <SecurityTab
          weak={weak}
          changes={changes}
          timeZone={tz}
          trustedProxies={trustedProxies().map((r) => r.text)}
          pending={pending.map((p) => ({ ...p, at: formatDateTime(p.at, tz, locale) }))}
          crossClass={crossClass.map((c, i) => ({ ...c, key: `${c.id}-${i}`, at: formatDateTime(c.at, tz, locale) }))}
        />
      </>
    );
  }
  const { rows } = await listAudit(action, page);
  const actions = AUDIT_ACTIONS;
  return (
    <>
      <form action="/admin" method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="audit" />
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium">
            {t("audit.action")}
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={action ?? ""}
            className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
          >
            <option value="">{t("audit.all")}</option>
            {actions.map((a) => (
              <option key={a} value={a} data-user-text>
                {a}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">
          {t("audit.filter")}
        </button>
      </form>
      <div
        className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
        tabIndex={0}
        role="region"
        aria-label={t("audit.region")}
      >
        <table className="w-full text-sm">
          <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
            <tr>
              {[t("audit.when"), t("audit.action"), t("audit.who"), t("audit.class"), t("audit.detail")].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-line" data-testid="audit-row">
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.at, tz, locale)}</td>
                <td className="px-3 py-2 font-mono" data-user-text>
                  {r.action}
                </td>
                <td className="px-3 py-2" data-user-text>
                  {r.actorName ?? "—"}
                </td>
                <td className="px-3 py-2" data-user-text>
                  {r.levelCode ?? "—"}
                </td>
                <td className="px-3 py-2 font-mono text-xs" data-user-text>
                  {JSON.stringify(r.detail)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
