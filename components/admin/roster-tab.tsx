import { formatDateTime } from "@/lib/domain/format";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import type { Refusal, RosterImportRow } from "@/lib/roster/history";
import { ROSTER_TEMPLATES } from "@/lib/roster/templates";
import { ExportLinks } from "./export-links";
import { RosterImport } from "./roster-import";
import { RosterSyncSettings, type RosterSyncView } from "./roster-sync-settings";

// /admin → Import & export (issue 18): import with a dry run, the templates, exports, sign-in
// cards and the history of imports.

const STATUSES = ["previewed", "applied", "refused", "failed", "unchanged"] as const;
const isStatus = (s: string): s is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(s);

/** Why a run was refused, in the reader's language: the removal guard's numbers, a stale preview, the files' problems. */
function refusalText(t: Awaited<ReturnType<typeof getT<"admin">>>, r: Refusal): string {
  const parts: string[] = [];
  const d = r.deletions;
  if (d)
    parts.push(
      d.admins > 0
        ? t("roster.refusal.deletionsAdmin", { people: d.people, admins: d.admins })
        : t("roster.refusal.deletions", { people: d.people, limit: d.limit, percent: d.percent, inPortal: d.inPortal }),
    );
  if (r.stale) parts.push(t("roster.refusal.stale"));
  if (r.problems > 0) parts.push(t("roster.refusal.problems", { count: r.problems }));
  return parts.join("; ");
}

export async function RosterTab({
  history,
  timeZone,
  sync,
}: {
  history: RosterImportRow[];
  timeZone: string;
  sync: RosterSyncView;
}) {
  const [t, locale] = await Promise.all([getT("admin"), requestLocale()]);
  // Each column's help from the catalog (admin.roster.columnHelp, checked against the templates by
  // tests/i18n-admin-action-message.test.ts); a column it lacks keeps the template's English.
  const columnHelp = (template: string, column: string, english: string) => {
    const key = `roster.columnHelp.${template}.${column}` as "roster.columnHelp.students.name";
    return t.has(key) ? t(key) : english;
  };
  return (
    <div className="space-y-6">
      <RosterImport />
      <RosterSyncSettings sync={sync} />
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="templates-heading">
        <h2 id="templates-heading" className="font-semibold">
          {t("roster.templatesHeading")}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("roster.templatesHelp")}</p>
        {ROSTER_TEMPLATES.map((template) => (
          <div key={template.id} className="mt-3 text-sm">
            <a
              href={`/templates/${template.fileName}`}
              download
              className="font-medium text-brand-700 underline dark:text-brand-100"
            >
              {t("roster.template", { title: t(`roster.templateTitles.${template.id}`) })}{" "}
              <span data-user-text>({template.fileName})</span>
            </a>
            <details className="mt-1">
              <summary className="cursor-pointer text-ink-muted">{t("roster.columns")}</summary>
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
                {template.columns.map((c) => (
                  <div key={c.name} className="contents">
                    <dt className="font-mono text-xs" data-user-text>
                      {c.name}
                    </dt>
                    <dd className="text-ink-muted">{columnHelp(template.id, c.name, c.description)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>
        ))}
      </section>
      <ExportLinks />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="font-semibold">
          {t("roster.history")}
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{t("roster.noHistory")}</p>
        ) : (
          <div
            className="relative mt-2 overflow-x-auto rounded-2xl border border-line bg-surface"
            tabIndex={0}
            role="region"
            aria-label={t("roster.historyRegion")}
          >
            <table className="w-full text-sm">
              <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
                <tr>
                  {(["when", "who", "file", "result", "changes", "problems", "newPeople"] as const)
                    .map((key) => [key, t(`roster.cols.${key}`)])
                    .map(([key, h]) => (
                      <th key={key} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                </tr>
              </thead>
              <tbody>
                {history.map((h) => {
                  const changes = Object.values(h.counts).reduce(
                    (s, c) => s + (c ? c.create + c.update + c.delete + c.kept : 0),
                    0,
                  );
                  return (
                    <tr key={h.id} className="border-t border-line" data-testid="import-history-row">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(h.at, timeZone, locale)}</td>
                      <td className="px-3 py-2">
                        {h.actorName ? (
                          <span data-user-text>{h.actorName}</span>
                        ) : h.source === "cli" ? (
                          t("roster.cli")
                        ) : h.source === "sync" ? (
                          t("roster.sync")
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className="px-3 py-2 break-all" data-user-text>
                        {h.fileName}
                      </td>
                      <td className="px-3 py-2" data-testid="import-history-result">
                        {h.status === "refused" && h.refusal
                          ? t("roster.status.refusedBecause", { reason: refusalText(t, h.refusal) })
                          : isStatus(h.status)
                            ? t(`roster.status.${h.status}`)
                            : h.status}
                      </td>
                      <td className="px-3 py-2 tabular-nums">{changes}</td>
                      <td className="px-3 py-2 tabular-nums">{h.problems}</td>
                      <td className="px-3 py-2 tabular-nums">{h.newUserIds.length}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
