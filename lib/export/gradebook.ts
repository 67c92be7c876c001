import "server-only";
import { dateInTimeZone } from "@/lib/domain/dates";
import { storedTermGrade } from "@/lib/domain/stored-grade";
import { readClassTermInputs, studentWork } from "@/lib/gradebook/class-term-grades";
import { readStoredCards } from "@/lib/gradebook/stored-cards";
import { chosenTerm, termGradeOf, toWork, type TermChoice } from "@/lib/gradebook/term-grades";
import type { Locale } from "@/lib/i18n/locales";
import { toCsv, SPREADSHEET } from "./csv";
import { gradebookRows, type GradebookAssignment, type GradebookStudent } from "./gradebook-layout";

const NO_ATTENDANCE = { present: 0, absent: 0, late: 0, excused: 0 };

/**
 * One class's gradebook for a term (default: today's) or the whole year: the term's assignments,
 * each student's scores and marks, and the calculator's figures — the stored card's for a
 * published term. Two statements (the grading inputs every term screen reads), three when the
 * term is published.
 */
export async function loadGradebook(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<{ term: string | null; assignments: GradebookAssignment[]; students: GradebookStudent[] }> {
  const inputs = await readClassTermInputs(levelCode, timeZone);
  const today = dateInTimeZone(now, timeZone);
  const { terms, published } = inputs.context;
  const term = chosenTerm(terms, choice, today);
  const stored = term && published.has(term.id) ? await readStoredCards(term.id, levelCode) : null;
  const settings = inputs.context.settings.get(levelCode)!;
  const blank = inputs.assignments.map((a) => toWork(a, BLANK));
  const shown: GradebookAssignment[] = termGradeOf(
    terms,
    settings,
    blank,
    new Map(),
    choice,
    today,
    now.getTime(),
  ).items.map((i) => ({ id: i.id, title: i.title, maxScore: i.maxScore }));
  const students = inputs.students.map((st): GradebookStudent => {
    const work = studentWork(inputs, st.id);
    const { items, grade } = termGradeOf(
      terms,
      settings,
      work,
      inputs.overrides.get(st.id) ?? new Map(),
      choice,
      today,
      now.getTime(),
    );
    return {
      name: st.name,
      username: st.username,
      sisId: st.sisId,
      cells: items.map((i) => ({
        score: i.score,
        mark: i.excused ? "excused" : i.missing ? "missing" : i.late ? "late" : null,
      })),
      grade:
        stored === null
          ? storedTermGrade(grade, NO_ATTENDANCE, null)
          : (stored.get(st.id) ?? storedTermGrade(grade, NO_ATTENDANCE, null)),
    };
  });
  return { term: term?.title ?? null, assignments: shown, students };
}

const BLANK = { score_h: null, excused: false, missing: false, late: false, submitted_ms: null };

export async function gradebookCsv(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  locale: Locale = "en",
): Promise<{ csv: string; term: string | null }> {
  const { term, assignments, students } = await loadGradebook(levelCode, choice, timeZone);
  return { csv: toCsv(gradebookRows(assignments, students, locale), SPREADSHEET), term };
}
