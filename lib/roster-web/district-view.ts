import "server-only";
import type { AnyLocale } from "@/lib/i18n/locales";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import type { DistrictRun } from "@/lib/roster/district-import";
import { ENTITIES, type RosterEntity } from "@/lib/roster/model";
import type { Counts } from "@/lib/roster/plan";
import { problemText } from "@/lib/roster/problems";
import { PROBLEMS_SHOWN, runView, type RosterRunView } from "./request";

// The district's roster on the admin page (issue 42): one report for every school, so the page
// of a school's import shows it unchanged. Each school's lines and removals name their school; the
// counts are the district's; a removal guard tripped in some schools asks for the largest of
// their numbers (a confirmation lets each school remove up to it).

export function districtRunView(run: DistrictRun, locale: AnyLocale): RosterRunView {
  const views = run.schools.map((s) => ({ s, view: runView(s.run, locale) }));
  const named = (school: string, line: string) =>
    render(msg("admin.rosterReport.parts.inSchool", { school, line }), locale);
  const own = (list: DistrictRun["problems"]) => list.map((p) => problemText(p, locale));
  const counts = Object.fromEntries(ENTITIES.map((e) => [e, sum(views.map(({ view }) => view.counts[e]))])) as Record<
    RosterEntity,
    Counts
  >;
  const guards = views.filter(({ view }) => view.deletionGuard);
  const problems = [
    ...own(run.problems),
    ...views.flatMap(({ s, view }) => view.problems.map((l) => named(s.name, l))),
  ];
  const warnings = [
    ...own(run.warnings),
    ...views.flatMap(({ s, view }) => view.warnings.map((l) => named(s.name, l))),
  ];
  const csvs = views.filter(({ view }) => view.problemsCsv);
  return {
    ok: run.ok,
    applied: run.applied,
    importId: views.find(({ view }) => view.importId)?.view.importId ?? 0,
    format: "oneroster",
    counts,
    changes: run.changes,
    problems: problems.slice(0, PROBLEMS_SHOWN),
    problemCount: run.problems.length + views.reduce((n, { view }) => n + view.problemCount, 0),
    warnings: warnings.slice(0, PROBLEMS_SHOWN),
    warningCount: run.warnings.length + views.reduce((n, { view }) => n + view.warningCount, 0),
    problemsCsv:
      csvs.length || run.problems.length || run.warnings.length
        ? [
            ...own([...run.problems, ...run.warnings]),
            ...csvs.map(({ s, view }) => `${s.name}\n${view.problemsCsv}`),
          ].join("\n")
        : null,
    deletions: views.flatMap(({ s, view }) => view.deletions.map((d) => ({ ...d, name: named(s.name, d.name) }))),
    deletionCount: views.reduce((n, { view }) => n + view.deletionCount, 0),
    deletionsCsv: views.some(({ view }) => view.deletionsCsv)
      ? views
          .filter(({ view }) => view.deletionsCsv)
          .map(({ s, view }) => `${s.name}\n${view.deletionsCsv}`)
          .join("\n")
      : null,
    deletionGuard: guards.length
      ? {
          people: Math.max(...guards.map(({ view }) => view.deletionGuard!.people)),
          reason: guards.map(({ s, view }) => named(s.name, view.deletionGuard!.reason)).join(" "),
        }
      : null,
    skippable: !run.ok && views.every(({ view }) => view.ok || view.skippable),
    skipped: views.reduce((n, { view }) => n + view.skipped, 0),
    newAdmins: views.flatMap(({ s, view }) => view.newAdmins.map((a) => named(s.name, a))),
    fingerprint: run.fingerprint,
    newUsers: views.reduce((n, { view }) => n + view.newUsers, 0),
    durationMs: Math.round(run.durationMs),
    schools: views.map(({ s, view }) => ({
      name: s.name,
      isNew: s.isNew,
      changes: view.changes,
      refused: !view.ok,
    })),
  };
}

function sum(list: Counts[]): Counts {
  const out: Counts = { create: 0, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 };
  for (const c of list) for (const k of Object.keys(out) as (keyof Counts)[]) out[k] += c[k];
  return out;
}
