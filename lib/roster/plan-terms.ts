import { isBulk, type PlanContext, type TermValues, type YearRef } from "./plan-context";
import { ownIdNumber } from "./own-ids";
import { quote } from "./problems";
import { msg } from "@/lib/i18n/message";

// Terms of the plan (decision 012): academicSessions.csv → school_terms, keyed on sourcedId. An
// import writes only the terms it made; an admin's own term (decision 014), named by the id the
// portal's export gives it, is found and left as it is.

export function planTerms(ctx: PlanContext): void {
  const { data, state, counts, changes } = ctx;
  const bySourced = new Map(state.terms.map((t) => [t.sourcedId, t]));
  const ownById = new Map(state.ownTerms.map((t) => [t.id, t]));
  const seen = new Set<string>();
  for (const t of data.terms) {
    seen.add(t.sourcedId);
    // An admin's own term, named by its own id (the portal's export): that term. An import never
    // writes an admin's term (decision 014), so one the file words differently is left as it is.
    const ownNumber = bySourced.has(t.sourcedId) ? null : ownIdNumber("term", t.sourcedId);
    const own = ownNumber === null ? undefined : ownById.get(ownNumber);
    if (own) {
      if (own.title === t.title && own.startDate === t.startDate && own.endDate === t.endDate) {
        counts.terms.unchanged += 1;
        continue;
      }
      ctx.warnings.add({
        file: t.ref.file,
        line: t.ref.line,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.portalOwnTerm", { a: quote(t.sourcedId), b: quote(own.title) }),
        fix: msg("admin.rosterReport.text.changeTermOnAdminPage"),
      });
      counts.terms.ignored += 1;
      continue;
    }
    const values: TermValues = {
      sourcedId: t.sourcedId,
      title: t.title,
      type: t.type,
      startDate: t.startDate,
      endDate: t.endDate,
      parentSourcedId: t.parentSourcedId,
      schoolYear: t.schoolYear,
      yearId: ctx.termYear(t.sourcedId),
    };
    const db = bySourced.get(t.sourcedId);
    // A closed year's sessions are its history (issue 41): neither changed nor added to.
    const closedYear = closedYearOf(ctx, db?.yearId ?? values.yearId);
    if (closedYear !== null) {
      const same = db && (Object.keys(values) as (keyof TermValues)[]).every((k) => values[k] === db[k]);
      if (same) counts.terms.unchanged += 1;
      else {
        ctx.warnings.add({
          file: t.ref.file,
          line: t.ref.line,
          column: "sourcedId",
          message: msg("years.roster.termLeft", { term: quote(t.title), year: closedYear }),
          fix: msg("years.roster.reopenFirst"),
        });
        counts.terms.ignored += 1;
      }
      continue;
    }
    if (!db) {
      changes.terms.create.push(values);
      counts.terms.create += 1;
    } else if ((Object.keys(values) as (keyof TermValues)[]).some((k) => values[k] !== db[k])) {
      changes.terms.update.push({ ...values, id: db.id });
      counts.terms.update += 1;
    } else counts.terms.unchanged += 1;
  }
  const gone = (
    isBulk(ctx, "terms")
      ? state.terms.filter((t) => !seen.has(t.sourcedId))
      : data.upsertOnly
        ? []
        : data.deleted.terms.map((d) => bySourced.get(d.sourcedId)).filter((t) => t !== undefined)
  ).filter((t) => closedYearOf(ctx, t.yearId) === null);
  for (const t of gone) changes.terms.delete.push(t.id);
  counts.terms.delete += gone.length;
}

/** The title of the closed year a session belongs to, or null. */
function closedYearOf(ctx: PlanContext, year: YearRef | null): string | null {
  return typeof year === "number" ? (ctx.closedYears.get(year) ?? null) : null;
}
