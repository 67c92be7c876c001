// School years (issue 41), the pure part: which year is the current one, what a closed year
// means for a class, and the next year's terms made from the last year's. No I/O.

export interface SchoolYear {
  id: number;
  title: string;
  /** YYYY-MM-DD, in the school's calendar. */
  startDate: string;
  endDate: string;
  closed: boolean;
}

/**
 * The current year: the admin's choice when set (and still a year), else the one whose dates hold
 * today, else the next to start (a summer after the next year was made), else the last to end.
 * Null when the school has no year yet.
 */
export function currentYearOf<Y extends SchoolYear>(
  years: readonly Y[],
  today: string,
  chosenId: number | null = null,
): Y | null {
  const chosen = chosenId === null ? undefined : years.find((y) => y.id === chosenId);
  if (chosen) return chosen;
  const byStart = [...years].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  return (
    byStart.find((y) => y.startDate <= today && today <= y.endDate) ??
    byStart.find((y) => y.startDate > today) ??
    byStart.reverse().find((y) => y.endDate < today) ??
    null
  );
}

/** A calendar day moved by whole years, 29 February becoming 28 February in a common year. */
export function shiftYears(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = y + years;
  const last = new Date(Date.UTC(target, m, 0)).getUTCDate();
  return `${String(target).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export interface TermShape {
  title: string;
  type: string;
  startDate: string;
  endDate: string;
}

/**
 * The next year made from the last: the same dates a calendar year later (a year's terms keep
 * their names, which an admin edits before saving), and the title with its years moved on
 * ("2025–2026" → "2026–2027"; a title without a year gets the new dates' years).
 */
export function nextYearFrom(
  year: Pick<SchoolYear, "title" | "startDate" | "endDate">,
  terms: readonly TermShape[],
): { title: string; startDate: string; endDate: string; terms: TermShape[] } {
  const startDate = shiftYears(year.startDate, 1);
  const endDate = shiftYears(year.endDate, 1);
  const moved = year.title.replace(/\b(19|20)\d\d\b/g, (y) => String(Number(y) + 1));
  const title =
    moved !== year.title ? moved : `${startDate.slice(0, 4)}–${endDate.slice(0, 4)}`.replace(/^(\d{4})–\1$/, "$1");
  return {
    title,
    startDate,
    endDate,
    terms: terms.map((t) => ({ ...t, startDate: shiftYears(t.startDate, 1), endDate: shiftYears(t.endDate, 1) })),
  };
}

/** Whether two date ranges share a day. */
export function overlaps(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/** The first of `years` (other than `exceptId`) whose dates share a day with `candidate`, else null. */
export function overlappingYear<Y extends { id: number; startDate: string; endDate: string }>(
  candidate: { startDate: string; endDate: string },
  years: readonly Y[],
  exceptId: number | null = null,
): Y | null {
  return years.find((y) => y.id !== exceptId && overlaps(candidate, y)) ?? null;
}

/** Whether a term lies within its year's dates (a term outside them would belong to no year's screens). */
export function withinYear(
  term: { startDate: string; endDate: string },
  year: { startDate: string; endDate: string },
): boolean {
  return year.startDate <= term.startDate && term.endDate <= year.endDate;
}
