import { formatDateTime } from "@/lib/domain/format";
import type { RosterImportRow } from "@/lib/roster/history";
import { ROSTER_TEMPLATES } from "@/lib/roster/templates";
import { ExportLinks } from "./export-links";
import { RosterImport } from "./roster-import";
import { RosterSyncSettings, type RosterSyncView } from "./roster-sync-settings";

// /admin → Import & export (issue 18): import with a dry run, the templates, exports, sign-in
// cards and the history of imports.

const STATUS: Record<string, string> = {
  previewed: "dry run",
  applied: "applied",
  refused: "refused (problems)",
  failed: "failed",
  unchanged: "unchanged (files already applied)",
};

export function RosterTab({
  history,
  timeZone,
  sync,
}: {
  history: RosterImportRow[];
  timeZone: string;
  sync: RosterSyncView;
}) {
  return (
    <div className="space-y-6">
      <RosterImport />
      <RosterSyncSettings sync={sync} />
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="templates-heading">
        <h2 id="templates-heading" className="font-semibold">
          No student information system?
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Fill in the spreadsheet templates and import them above: first staff and classes, then students.
        </p>
        {ROSTER_TEMPLATES.map((t) => (
          <div key={t.id} className="mt-3 text-sm">
            <a
              href={`/templates/${t.fileName}`}
              download
              className="font-medium text-brand-700 underline dark:text-brand-100"
            >
              {t.title} template ({t.fileName})
            </a>
            <details className="mt-1">
              <summary className="cursor-pointer text-ink-muted">Its columns</summary>
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
                {t.columns.map((c) => (
                  <div key={c.name} className="contents">
                    <dt className="font-mono text-xs">{c.name}</dt>
                    <dd className="text-ink-muted">{c.description}</dd>
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
          Import history
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No import yet.</p>
        ) : (
          <div
            className="relative mt-2 overflow-x-auto rounded-2xl border border-line bg-surface"
            tabIndex={0}
            role="region"
            aria-label="Import history table"
          >
            <table className="w-full text-sm">
              <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
                <tr>
                  {["When", "Who", "File", "Result", "Changes", "Problems", "New people"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">
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
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(h.at, timeZone)}</td>
                      <td className="px-3 py-2">
                        {h.actorName ??
                          (h.source === "cli" ? "command line" : h.source === "sync" ? "nightly sync" : "—")}
                      </td>
                      <td className="px-3 py-2 break-all">{h.fileName}</td>
                      <td className="px-3 py-2">{STATUS[h.status] ?? h.status}</td>
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
