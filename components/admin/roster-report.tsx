"use client";

import { PrimaryButton, SecondaryButton } from "@/components/teacher/form-controls";
import type { RosterRunView } from "@/lib/roster-web/request";

// The roster import's report (components/admin/roster-import.tsx): the counts, who and what the
// import removes, new administrators, the grouped problems and warnings, and the apply controls
// (skipping refused rows, confirming mass removals by typing their number).

const ENTITY_LABEL: Record<string, string> = {
  users: "People",
  classes: "Classes",
  enrollments: "Enrollments",
  guardians: "Guardian links",
  terms: "Terms",
  categories: "Grade categories",
  assignments: "Assignments",
  grades: "Grades",
};
const COLUMNS = ["create", "update", "unchanged", "delete", "kept", "ignored"] as const;
const COLUMN_LABEL: Record<string, string> = { kept: "kept (has records)", ignored: "ignored" };

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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
  return (
    <div className="mt-4 space-y-3">
      {guard && (
        <div className="rounded-lg border border-red-300 p-3 text-sm" data-testid="deletion-guard">
          <p className="font-medium">Confirm the removals: {guard.reason}.</p>
          <label htmlFor="confirm-removals" className="mt-2 block">
            Check the list above, then type {guard.people} to confirm
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
            Nothing to change: the portal already matches these files.
          </p>
        ) : preview.ok ? (
          <PrimaryButton onClick={() => apply(false)} disabled={busy !== null || !confirmed}>
            {busy === "applying" ? "Applying..." : `Apply import (${plural(preview.changes, "change", "changes")})`}
          </PrimaryButton>
        ) : (
          <PrimaryButton onClick={() => apply(true)} disabled={busy !== null || !confirmed}>
            {busy === "applying" ? "Applying..." : `Apply, skipping ${plural(preview.problemCount, "row", "rows")}`}
          </PrimaryButton>
        )}
        <SecondaryButton onClick={cancel}>Cancel</SecondaryButton>
      </div>
    </div>
  );
}

function Removals({ run }: { run: RosterRunView }) {
  if (run.deletions.length === 0) return null;
  const word = (d: RosterRunView["deletions"][number]) =>
    d.kept
      ? `Kept without access (has academic records; access code cleared): ${d.entity === "users" ? "" : "class "}`
      : `Deleted: ${d.entity === "users" ? "" : "class "}`;
  return (
    <div>
      <h3 id="import-removals-heading" className="text-sm font-semibold">
        Removed by the roster ({run.deletionCount}
        {run.deletionCount > run.deletions.length ? `, first ${run.deletions.length} listed` : ""})
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
            {d.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RunReport({ run }: { run: RosterRunView }) {
  const href = run.problemsCsv ? `data:text/csv;charset=utf-8,${encodeURIComponent(run.problemsCsv)}` : null;
  return (
    <div className="mt-4 space-y-3" data-testid="import-report">
      <p className="text-sm" role="status">
        {run.applied ? "Applied" : "Dry run"} ({run.format === "oneroster" ? "OneRoster" : "spreadsheet"}):{" "}
        {run.problemCount === 0
          ? "no problems"
          : run.applied
            ? `${plural(run.problemCount, "row", "rows")} skipped`
            : run.skippable
              ? `${plural(run.problemCount, "row", "rows")} refused (fix them, or apply the rest and skip them)`
              : `${plural(run.problemCount, "problem", "problems")} to fix before anything can be applied`}
        {run.warningCount ? `, ${run.warningCount} warning${run.warningCount === 1 ? "" : "s"}` : ""}.
      </p>
      <div
        className="relative overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={`What the import ${run.applied ? "did" : "would do"}`}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">What the import {run.applied ? "did" : "would do"}</caption>
          <thead className="text-ink-muted [&_th]:text-start">
            <tr>
              <th scope="col" className="py-1 pe-3 font-medium">
                <span className="sr-only">Records</span>
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="py-1 pe-3 font-medium">
                  {COLUMN_LABEL[c] ?? c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(run.counts).map(([entity, c]) => (
              <tr key={entity} className="border-t border-line" data-testid={`count-${entity}`}>
                <th scope="row" className="py-1 pe-3 text-start font-medium">
                  {ENTITY_LABEL[entity] ?? entity}
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
          New administrators: {run.newAdmins.join(", ")}
        </p>
      )}
      {run.problems.length > 0 && (
        <Listing
          title={run.applied ? "Skipped rows" : "Problems"}
          lines={run.problems}
          total={run.problemCount}
          testId="import-problems"
        />
      )}
      {run.warnings.length > 0 && (
        <Listing title="Warnings" lines={run.warnings} total={run.warningCount} testId="import-warnings" />
      )}
      {href && (
        <a
          href={href}
          download="roster-problems.csv"
          className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
        >
          Download the full list of problems and warnings (CSV)
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
