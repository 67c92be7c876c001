// The school year's grading terms (issue 19): which term a date, an assignment or an attendance day
// falls in, which term a screen shows by default, and what makes a list of terms invalid. Dates are
// calendar days ('YYYY-MM-DD', the school's own), compared as text: that order is the calendar's.
import { msg, type Message, type Text } from "@/lib/i18n/message";

export interface Term {
  id: number;
  title: string;
  /** 'term' when made in the portal; OneRoster's academicSessions type when imported. */
  type: string;
  startDate: string;
  endDate: string;
  /** Imported from the roster (read-only in the portal), or made by an admin. */
  imported: boolean;
}

/** Session types that grade (a school year or calendar year only groups them). */
const GRADING_TYPES = new Set(["term", "semester", "gradingPeriod"]);

export const MAX_TERMS = 12;
export const TERM_TITLE_MAX = 60;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(s: string): boolean {
  if (!ISO_DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const contains = (outer: Term, inner: Term) =>
  outer.startDate <= inner.startDate &&
  inner.endDate <= outer.endDate &&
  (outer.startDate !== inner.startDate || outer.endDate !== inner.endDate);

/**
 * The terms grades are kept by: grading types only, and where an imported SIS nests quarters in
 * semesters, the finest (a term that contains another grading term is left out), in date order.
 */
export function gradingTerms(all: readonly Term[]): Term[] {
  const candidates = all.filter((t) => GRADING_TYPES.has(t.type));
  return candidates
    .filter((t) => !candidates.some((o) => o !== t && contains(t, o)))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
}

/** The grading term a calendar day falls in, or null (between terms, or before/after the year). */
export function termOf(day: string, terms: readonly Term[]): Term | null {
  return terms.find((t) => t.startDate <= day && day <= t.endDate) ?? null;
}

/** An assignment's term: its due date's; without a due date, the day it was created. */
export function assignmentTerm(dueDay: string | null, createdDay: string, terms: readonly Term[]): Term | null {
  return termOf(dueDay ?? createdDay, terms);
}

/** How long after the year's last term ends screens still open on it (a summer break). */
export const LAST_TERM_SHOWN_DAYS = 90;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The term a screen opens on: the one today falls in; between terms the one that ended last (its
 * grades are the news); before the first term, the first. After the last term, that term for
 * LAST_TERM_SHOWN_DAYS, then none (the whole year): terms left over from an earlier year would
 * otherwise hide every piece of this year's work, which falls in none of them. null when there
 * are no terms.
 */
export function defaultTerm(today: string, terms: readonly Term[]): Term | null {
  const current = termOf(today, terms);
  if (current) return current;
  const ended = terms.filter((t) => t.endDate < today);
  if (!ended.length) return terms[0] ?? null;
  const last = ended.reduce((a, b) => (b.endDate > a.endDate ? b : a));
  const later = terms.some((t) => t.startDate > today);
  return later || daysBetween(last.endDate, today) <= LAST_TERM_SHOWN_DAYS ? last : null;
}

/** The published grading term that ended last (the report card families see), or null. */
export function lastPublishedTerm(terms: readonly Term[], isPublished: (termId: number) => boolean): Term | null {
  return terms
    .filter((t) => isPublished(t.id))
    .reduce<Term | null>((a, b) => (a === null || b.endDate > a.endDate ? b : a), null);
}

export interface TermInput {
  title: string;
  startDate: string;
  endDate: string;
}

/**
 * What is wrong with the terms an admin is saving, as the form's messages; [] when they can be
 * saved. `fixed` are the imported terms the admin's own must not overlap either.
 */
export function termProblems(rows: readonly TermInput[], fixed: readonly Term[] = []): Message[] {
  const problems: Message[] = [];
  if (rows.length + fixed.length > MAX_TERMS) problems.push(msg("admin.actions.termsMax", { max: MAX_TERMS }));
  const titles = new Set<string>();
  const valid: { label: Text; startDate: string; endDate: string }[] = [];
  rows.forEach((r, i) => {
    const title = r.title.trim();
    // An unnamed row is called by its number, in the reader's words ("Term 3").
    const label = title || msg("admin.actions.termNumber", { n: i + 1 });
    if (!title) problems.push(msg("admin.actions.termNeedsName", { n: i + 1 }));
    else if (title.length > TERM_TITLE_MAX)
      problems.push(msg("admin.actions.termNameLong", { label: title.slice(0, 20), max: TERM_TITLE_MAX }));
    else if (titles.has(title.toLowerCase())) problems.push(msg("admin.actions.termsSameName", { label }));
    if (title) titles.add(title.toLowerCase());
    if (!isCalendarDay(r.startDate) || !isCalendarDay(r.endDate))
      problems.push(msg("admin.actions.termNeedsDates", { label }));
    else if (r.endDate < r.startDate) problems.push(msg("admin.actions.termEndsBefore", { label }));
    else valid.push({ label, startDate: r.startDate, endDate: r.endDate });
  });
  const others = [
    ...valid,
    ...gradingTerms(fixed).map((t) => ({ label: t.title, startDate: t.startDate, endDate: t.endDate })),
  ];
  for (let i = 0; i < valid.length; i++) {
    for (let j = i + 1; j < others.length; j++) {
      const a = valid[i]!;
      const b = others[j]!;
      if (a.startDate <= b.endDate && b.startDate <= a.endDate)
        problems.push(msg("admin.actions.termsOverlap", { a: a.label, b: b.label }));
    }
  }
  return problems;
}
