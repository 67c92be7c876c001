// Each admin tab's content, read and rendered on the server for app/admin/page.tsx (one branch a tab).
import { requestLocale } from "@/lib/i18n/request-locale";
import { render } from "@/lib/i18n/render";
import { translatorFor } from "@/lib/i18n/translator";
import { ClassesTab } from "@/components/admin/classes-tab";
import { CLASS_LABELS, type ClassLabels } from "@/components/admin/class-labels";
import { StudentsAdminTab } from "@/components/admin/people";
import { adminPageHref, SearchBox } from "@/components/admin/pager";
import { Pager } from "@/components/pager";
import { LettersForm } from "@/components/admin/parent-letters";
import { SecurityTab } from "@/components/admin/security-tab";
import { FilesStatusSection } from "@/components/admin/files-status";
import { MailTab } from "@/components/admin/mail-tab";
import { filesStatus } from "@/lib/files/status";
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
import { listTerms, listYearTerms } from "@/lib/terms/terms";
import { YearsTab } from "@/components/admin/years-tab";
import { YearsAdminMessages } from "@/components/admin/years-messages";
import { nextYearDraft } from "@/lib/years/next";
import { listRosterImports } from "@/lib/roster/history";
import { listPendingLinks } from "@/lib/parent/pending-links";
import { listCrossClassEnrollments } from "@/lib/queries/cross-class-enrollments";
import { AUDIT_ACTIONS } from "@/lib/audit";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { scorePercent } from "@/lib/domain/percent";
import { ADMIN_THRESHOLDS } from "@/lib/domain/constants";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { band } from "@/lib/domain/grades";
import { env, schoolTimeZone, trustedProxies } from "@/lib/env";
import { loadSyncPolicy } from "@/lib/roster/sync-policy";
import { loadCommentSettings } from "@/lib/comments/settings";
import { CommentSettingsForm } from "@/components/admin/comment-settings";
import { LetterScaleForm } from "@/components/admin/letter-scale-form";
import { SchoolSettingsForm } from "@/components/admin/school-settings-form";
import { loadSchoolSettingsView } from "@/lib/district/school-settings";
import { loadLetterScale } from "@/lib/gradebook/letter-scale";
import { ClassYearFilterForm } from "@/components/admin/class-year-filter";
import { yearClassCounts, yearsNow } from "@/lib/queries/school-years";
import {
  type ClassYearFilter,
  ADMIN_PAGE_SIZE,
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

export async function renderTab(
  tab: string,
  q: string,
  page: number,
  action: string | undefined,
  adminId: number,
  /** The classes tab's ?year= (issue 41): a year's id or "all"; absent: the current year. */
  yearParam?: string,
): Promise<React.ReactNode> {
  const tz = schoolTimeZone();
  const locale = await requestLocale();
  const t = translatorFor(locale, "admin");
  if (tab === "classes") {
    const { years, current } = await yearsNow();
    const year: ClassYearFilter =
      yearParam === "all"
        ? { current, show: "all" }
        : /^\d{1,9}$/.test(yearParam ?? "")
          ? { current, show: "year", id: Number(yearParam) }
          : { current, show: "current" };
    const shown = year.show === "year" ? year.id : year.show === "all" ? "all" : null;
    const [{ rows, total }, instructors] = await Promise.all([
      listClassesWithStats(page, ADMIN_PAGE_SIZE, year),
      listInstructors(),
    ]);
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
        {years.length > 0 && <ClassYearFilterForm years={years} chosen={shown ?? current?.id ?? "all"} />}
        <ClassesTab
          classes={classes}
          instructors={instructors}
          labels={labels as ClassLabels}
          years={{
            open: years.filter((y) => !y.closed).map((y) => ({ id: y.id, title: y.title })),
            currentId: current && !current.closed ? current.id : null,
            label: translatorFor(locale, "years")("admin.classYear"),
          }}
        />
        <Pager
          page={page}
          total={total}
          pageSize={ADMIN_PAGE_SIZE}
          href={(p) => `${adminPageHref("classes", "")(p)}${shown === null ? "" : `&year=${shown}`}`}
        />
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
    const [{ rows, total }, commentSettings] = await Promise.all([searchParentsAdmin(q, page), loadCommentSettings()]);
    return (
      <>
        <LettersForm classes={await listClassOptions()} />
        <CommentSettingsForm settings={commentSettings} />
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
  if (tab === "years") {
    const { years, current } = await yearsNow();
    const counts = await yearClassCounts(current);
    // The next year is made from the last (years are listed by their first day).
    const last = years.at(-1);
    const draft = last ? await nextYearDraft(last.id) : null;
    return (
      <YearsAdminMessages>
        <YearsTab
          years={years.map((y) => ({
            id: y.id,
            title: y.title,
            startDate: y.startDate,
            endDate: y.endDate,
            closedOn: y.closedAt ? formatDate(new Date(y.closedAt), tz, locale) : null,
            current: y.id === current?.id,
            chosen: y.chosen,
            classes: counts.get(y.id) ?? 0,
          }))}
          next={draft && last ? { ...draft, fromTitle: last.title } : null}
        />
      </YearsAdminMessages>
    );
  }
  if (tab === "terms") {
    // The form edits the current year's terms (issue 41); publishing lists every year's.
    const { current } = await yearsNow();
    const [terms, yearTerms, published, classes, fontGaps, scale] = await Promise.all([
      listTerms(),
      listYearTerms(current?.id ?? null),
      publishedTerms(),
      listClassOptions(),
      reportFontGaps(),
      loadLetterScale(),
    ]);
    const levelNames = await listLevelNames();
    const grading = gradingTerms(terms);
    return (
      <>
        <ReportFontsNote gaps={fontGaps} />
        {current && (
          <p className="mb-3 max-w-prose text-sm text-ink-muted" data-testid="terms-year">
            {translatorFor(locale, "years")("admin.termsOf", { year: current.title })}
          </p>
        )}
        <TermsTab
          yearId={current?.id ?? null}
          terms={yearTerms}
          grading={grading}
          published={Object.fromEntries([...published].map(([id, at]) => [id, formatDateTime(at, tz, locale)]))}
          current={defaultTerm(dateInTimeZone(new Date(), tz), grading)?.id ?? null}
          scopes={{ levels: levelNames, classes }}
        />
        <LetterScaleForm scale={scale} />
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
  if (tab === "school") return <SchoolSettingsForm view={await loadSchoolSettingsView()} />;
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
