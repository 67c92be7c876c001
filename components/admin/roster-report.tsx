"use client";

import { useTranslations } from "@/components/use-translations";
import { PrimaryButton, SecondaryButton } from "@/components/teacher/form-controls";
import type { RosterRunView } from "@/lib/roster-web/request";

// The roster import's report (components/admin/roster-import.tsx): the counts, who and what the
// import removes, new administrators, the grouped problems and warnings, and the apply controls
// (skipping refused rows, confirming mass removals by typing their number).

const ENTITIES = ["users", "classes", "enrollments", "guardians", "terms", "categories", "assignments", "grades"];
const isEntity = (e: string): e is "users" => ENTITIES.includes(e);
const COLUMNS = ["create", "update", "unchanged", "delete", "kept", "ignored"] as const;

export function ApplyControls(props: {
  preview: RosterRunView;
  busy: string | null;
  typed: string;
  setTyped: (v: string) => void;
  apply: (skipInvalid: boolean) => void;
  cancel: () => void;
}) {
  const { preview, busy, typed, setTyped, apply, cancel } = props;
  const guard = preview.deletionGuard;
  const confirmed = !guard || typed.trim() === String(guard.people);
  const t = useTranslations("adminRoster");
  return (
    <div className="mt-4 space-y-3">
      {guard && (
        <div className="rounded-lg border border-red-300 p-3 text-sm" data-testid="deletion-guard">
          <p className="font-medium">
            {t.rich("confirmRemovals", { reason: () => <span data-user-text>{guard.reason}</span> })}
          </p>
          <label htmlFor="confirm-removals" className="mt-2 block">
            {t("typeToConfirm", { people: guard.people })}
          </label>
          <input
            id="confirm-removals"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="mt-1 w-32 rounded-lg border border-line bg-surface px-3 py-2"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {preview.ok && preview.changes === 0 ? (
          <p role="status" className="text-sm">
            {t("nothingToChange")}
          </p>
        ) : preview.ok ? (
          <PrimaryButton onClick={() => apply(false)} disabled={busy !== null || !confirmed}>
            {busy === "applying" ? t("applying") : t("apply", { changes: t("changes", { count: preview.changes }) })}
          </PrimaryButton>
        ) : (
          <PrimaryButton onClick={() => apply(true)} disabled={busy !== null || !confirmed}>
            {busy === "applying" ? t("applying") : t("applySkipping", { count: preview.problemCount })}
          </PrimaryButton>
        )}
        <SecondaryButton onClick={cancel}>{t("cancel")}</SecondaryButton>
      </div>
    </div>
  );
}

function Removals({ run }: { run: RosterRunView }) {
  const t = useTranslations("adminRoster");
  if (run.deletions.length === 0) return null;
  const person = (d: RosterRunView["deletions"][number]) => d.entity === "users";
  const word = (d: RosterRunView["deletions"][number]) =>
    d.kept ? t(person(d) ? "keptPerson" : "keptClass") : t(person(d) ? "deletedPerson" : "deletedClass");
  return (
    <div>
      <h3 id="import-removals-heading" className="text-sm font-semibold">
        {t("removedHeading", {
          count: run.deletionCount,
          listed: run.deletionCount > run.deletions.length ? t("firstListed", { count: run.deletions.length }) : "",
        })}
      </h3>
      {/* A long list scrolls in its box: reachable with the Tab key (axe scrollable-region-focusable). */}
      <ul
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list keeps its list semantics
        tabIndex={0}
        aria-labelledby="import-removals-heading"
        className="mt-1 max-h-72 space-y-1 overflow-y-auto rounded-lg border border-line p-2 text-sm"
        data-testid="import-removals"
      >
        {run.deletions.map((d, i) => (
          <li key={i}>
            {word(d)}
            <span data-user-text>{d.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RunReport({ run }: { run: RosterRunView }) {
  const href = run.problemsCsv ? `data:text/csv;charset=utf-8,${encodeURIComponent(run.problemsCsv)}` : null;
  const t = useTranslations("adminRoster");
  const what = run.applied ? t("did") : t("wouldDo");
  return (
    <div className="mt-4 space-y-3" data-testid="import-report">
      <p className="text-sm" role="status">
        {run.applied ? t("applied") : t("dryRun")} ({run.format === "oneroster" ? "OneRoster" : t("spreadsheetFormat")}
        ):{" "}
        {run.problemCount === 0
          ? t("noProblems")
          : run.applied
            ? t("rowsSkipped", { count: run.problemCount })
            : run.skippable
              ? t("rowsRefused", { count: run.problemCount })
              : t("problemsToFix", { count: run.problemCount })}
        {run.warningCount ? t("warnings", { count: run.warningCount }) : ""}.
      </p>
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={what}>
        <table className="w-full text-sm">
          <caption className="sr-only">{what}</caption>
          <thead className="text-ink-muted [&_th]:text-start">
            <tr>
              <th scope="col" className="py-1 pe-3 font-medium">
                <span className="sr-only">{t("records")}</span>
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="py-1 pe-3 font-medium">
                  {t(`cols.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(run.counts).map(([entity, c]) => (
              <tr key={entity} className="border-t border-line" data-testid={`count-${entity}`}>
                <th scope="row" className="py-1 pe-3 text-start font-medium">
                  {isEntity(entity) ? t(`entities.${entity}`) : entity}
                </th>
                {COLUMNS.map((k) => (
                  <td key={k} className="py-1 pe-3 tabular-nums">
                    {c[k]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Removals run={run} />
      {run.newAdmins.length > 0 && (
        <p className="text-sm" data-testid="import-new-admins">
          {t.rich("newAdmins", { names: () => <span data-user-text>{run.newAdmins.join(", ")}</span> })}
        </p>
      )}
      {run.problems.length > 0 && (
        <Listing
          title={run.applied ? t("skippedRows") : t("problems")}
          lines={run.problems}
          total={run.problemCount}
          testId="import-problems"
        />
      )}
      {run.warnings.length > 0 && (
        <Listing title={t("warningsHeading")} lines={run.warnings} total={run.warningCount} testId="import-warnings" />
      )}
      {href && (
        <a
          href={href}
          download="roster-problems.csv"
          className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
        >
          {t("downloadProblems")}
        </a>
      )}
    </div>
  );
}

function Listing({ title, lines, total, testId }: { title: string; lines: string[]; total: number; testId: string }) {
  return (
    <div>
      <h3 id={`${testId}-heading`} className="text-sm font-semibold">
        {title} ({total})
      </h3>
      {/* A long list scrolls in its box: reachable with the Tab key (axe scrollable-region-focusable). */}
      <ul
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list keeps its list semantics
        tabIndex={0}
        aria-labelledby={`${testId}-heading`}
        className="mt-1 max-h-72 space-y-1 overflow-y-auto rounded-lg border border-line p-2 font-mono text-xs"
        data-testid={testId}
      >
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
