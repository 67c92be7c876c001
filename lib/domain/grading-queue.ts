// The grading queue's order (issue 44): the class in name order, and either every student or only
// those without a grade yet. "Ungraded first, then all": the queue opens on the ungraded while
// there are any, and going on from the last of them wraps to the first still ungraded; once none
// is left it walks everyone.

export type QueueFilter = "ungraded" | "all";

export interface QueueStudentState {
  id: number;
  graded: boolean;
}

/** The filter a queue opens with when the address names none. */
export function defaultFilter(students: readonly QueueStudentState[]): QueueFilter {
  return students.some((s) => !s.graded) ? "ungraded" : "all";
}

/** Who the queue shows when the address names no student (or one not in the class). */
export function firstShown(students: readonly QueueStudentState[], filter: QueueFilter): number | null {
  const pool = filter === "ungraded" ? students.filter((s) => !s.graded) : students;
  return (pool[0] ?? students[0])?.id ?? null;
}

export interface QueuePlace {
  /** 1-based place of the shown student in the whole class. */
  position: number;
  total: number;
  previous: number | null;
  next: number | null;
  /** Students still without a grade, the shown one included. */
  ungraded: number;
}

/**
 * The shown student's neighbours under a filter. In "all" the ends do not wrap (first and last
 * are places a teacher expects); in "ungraded" they do, so grading out of order still reaches
 * everyone left, and the shown student (who is being graded now) is never their own next.
 */
export function placeOf(students: readonly QueueStudentState[], shownId: number, filter: QueueFilter): QueuePlace {
  const index = students.findIndex((s) => s.id === shownId);
  const ungraded = students.filter((s) => !s.graded).length;
  const base = { position: index + 1, total: students.length, ungraded };
  if (index < 0) return { ...base, position: 0, previous: null, next: null };
  if (filter === "all")
    return {
      ...base,
      previous: students[index - 1]?.id ?? null,
      next: students[index + 1]?.id ?? null,
    };
  const n = students.length;
  const find = (step: 1 | -1): number | null => {
    for (let k = 1; k < n; k++) {
      const s = students[(index + step * k + n * k) % n]!;
      if (!s.graded) return s.id;
    }
    return null;
  };
  return { ...base, previous: find(-1), next: find(1) };
}
