"use client";

import { useState } from "react";
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

/** Removals shown a page at a time: a bulk file can remove a whole school, and the list is every one. */
export const REMOVALS_PER_PAGE = 50;

function Removals({ run }: { run: RosterRunView }) {
  const t = useTranslations("adminRoster");
  const [page, setPage] = useState(0);
  if (run.deletions.length === 0) return null;
  const pages = Math.ceil(run.deletions.length / REMOVALS_PER_PAGE);
  const at = Math.min(page, pages - 1);
  const shown = run.deletions.slice(at * REMOVALS_PER_PAGE, (at + 1) * REMOVALS_PER_PAGE);
  const csv = run.deletionsCsv ? `data:text/csv;charset=utf-8,${encodeURIComponent(run.deletionsCsv)}` : null;
  return (
    <div>
      <h3 id="import-removals-heading" className="text-sm font-semibold">
        {t("removedHeading", { count: run.deletionCount })}
      </h3>
      <div
        className="relative mt-1 overflow-x-auto rounded-lg border border-line"
        tabIndex={0}
        role="region"
        aria-labelledby="import-removals-heading"
      >
        <table className="w-full text-sm" data-testid="import-removals">
          <thead className="text-ink-muted [&_th]:text-start">
            <tr>
              {(["outcome", "name", "username", "role"] as const).map((c) => (
                <th key={c} scope="col" className="px-2 py-1 font-medium">
                  {t(`removalCols.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((d, i) => (
              <tr key={at * REMOVALS_PER_PAGE + i} className="border-t border-line" data-testid="import-removal">
                <td className="px-2 py-1">{t(d.kept ? "outcome.kept" : "outcome.deleted")}</td>
                <td className="px-2 py-1">
                  {d.entity === "classes" ? (
                    t.rich("outcome.class", { name: () => <span data-user-text>{d.name}</span> })
                  ) : (
                    <span data-user-text>{d.name}</span>
                  )}
                </td>
                <td className="px-2 py-1" data-user-text>
                  {d.username ?? ""}
                </td>
                <td className="px-2 py-1">{d.role ? t(`roles.${d.role}`) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        {pages > 1 && (
          <nav aria-label={t("removalsPages")} className="flex items-center gap-2">
            <SecondaryButton onClick={() => setPage(at - 1)} disabled={at === 0}>
              {t("previousRemovals")}
            </SecondaryButton>
            <span role="status" className="tabular-nums">
              {t("removalsShown", {
                from: at * REMOVALS_PER_PAGE + 1,
                to: at * REMOVALS_PER_PAGE + shown.length,
                count: run.deletions.length,
              })}
            </span>
            <SecondaryButton onClick={() => setPage(at + 1)} disabled={at === pages - 1}>
              {t("nextRemovals")}
            </SecondaryButton>
          </nav>
        )}
        {csv && (
          <a
            href={csv}
            download="roster-removals.csv"
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            {t("downloadRemovals")}
          </a>
        )}
      </div>
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
      {run.schools && (
        <div data-testid="import-schools">
          <p className="text-sm font-medium">{t("district.heading", { count: run.schools.length })}</p>
          <ul className="list-disc ps-5 text-sm">
            {run.schools.map((s) => (
              <li key={s.name}>
                <span data-user-text>{s.name}</span>
                {": "}
                {t(s.refused ? "district.refused" : run.applied ? "district.did" : "district.would", {
                  changes: s.changes,
                })}
                {s.isNew ? ` ${t("district.newSchool")}` : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
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
      <Removals key={run.importId} run={run} />
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
