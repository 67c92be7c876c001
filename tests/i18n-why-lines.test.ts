import { describe, expect, it } from "vitest";
import {
  computeTermGrade,
  DEFAULT_GRADE_SETTINGS,
  explainTermGrade,
  type GradeItem,
  type GradeSettings,
} from "@/lib/domain/term-grade";
import { whyInLanguage } from "@/lib/i18n/why-lines";

// Issue 31: "Why this grade" reaches a family in their language. The lines are the calculator's
// English (and stored so in published terms); every sentence it can write is recognised and written
// again from the catalog, with the teacher's names and titles kept as they are.

const NOW = Date.UTC(2026, 10, 24);
const DAY = 86_400_000;
let nextId = 1;
const item = (score: number | null, maxScore: number, extra: Partial<GradeItem> = {}): GradeItem => ({
  id: nextId++,
  title: `Item ${nextId}`,
  categoryId: null,
  maxScore,
  dueAt: NOW - DAY,
  score,
  excused: false,
  missing: false,
  late: false,
  daysLate: 0,
  ...extra,
});

/** A grade that makes the calculator write every kind of sentence. */
function everySentence(): string[] {
  const settings: GradeSettings = {
    mode: "weighted",
    categories: [
      { id: 1, name: "Tests, quizzes", weight: 6000, dropLowest: 1 },
      { id: 2, name: "Homework", weight: 3000, dropLowest: 0 },
      { id: 3, name: "Projects", weight: 1000, dropLowest: 0 },
    ],
    latePolicy: { perDayPercent: 10, floorPercent: 70 },
  };
  const items = [
    item(17.5, 20, { categoryId: 1, title: "Unit 1 (fractions)" }),
    item(12, 20, { categoryId: 1, title: "Unit 2" }),
    item(9, 10, { categoryId: 2, title: "Lab, part 1", late: true, daysLate: 1 }),
    item(null, 10, { categoryId: 2, title: "Essay", missing: true }),
    item(null, 10, { categoryId: 2, title: "Worksheet", excused: true }),
    item(5, 5, { title: "Extra credit" }),
  ];
  const weighted = computeTermGrade(
    items,
    settings,
    { percent: 89.5, reason: "Make-up exam", shared: true, note: "Well done" },
    NOW,
  );
  const points = computeTermGrade([item(8.5, 10), item(null, 10)], DEFAULT_GRADE_SETTINGS, null, NOW);
  const empty = computeTermGrade([item(null, 10)], DEFAULT_GRADE_SETTINGS, null, NOW);
  const overridden = computeTermGrade(
    [item(7, 10)],
    DEFAULT_GRADE_SETTINGS,
    { percent: 80, reason: "x", shared: false },
    NOW,
  );
  return [
    ...explainTermGrade(weighted, "family"),
    ...explainTermGrade(points, "family"),
    ...explainTermGrade(empty, "family"),
    ...explainTermGrade(overridden, "family"),
    "Not on this term's published report card",
  ];
}

describe("why this grade in the reader's language", () => {
  it("writes every sentence the calculator makes in Spanish, keeping names and titles", () => {
    const english = everySentence();
    const spanish = whyInLanguage(english, "es");
    // Each sentence changed: none left in English.
    english.forEach((line, i) => expect(spanish[i], line).not.toBe(line));
    expect(spanish).toContain("Se descarta (la más baja): Unit 2");
    expect(spanish).toContain("Sin entregar, cuentan como 0: Essay");
    expect(spanish).toContain("Exentas: Worksheet");
    expect(spanish).toContain("Penalización por entrega tardía: Lab, part 1 (conserva el 90 %)");
    expect(spanish).toContain("No pertenece a una categoría ponderada, no se cuenta: Extra credit");
    expect(spanish).toContain("Puntos totales: 8,5 de 10 = 85 %");
    expect(spanish).toContain("Todavía no hay trabajos calificados");
    expect(spanish).toContain("Modificada por el maestro: 80 % (calculada: 70 %)");
    expect(spanish).toContain("Nota del maestro: Well done");
    expect(spanish.some((l) => l.startsWith("Tests, quizzes (peso 60 %): "))).toBe(true);
  });

  it("leaves English, and any sentence it does not know, as written, each % kept with its number", () => {
    const english = everySentence();
    // Issue 39 item 16: a no-break space before "%", so a narrow screen never starts a line with it.
    expect(whyInLanguage(english, "en")).toEqual(english.map((l) => l.replaceAll(/(\d) %/g, "$1\u00a0%")));
    expect(whyInLanguage(["Total points: 8.5 of 10 = 85 %"], "en")).toEqual(["Total points: 8.5 of 10 = 85\u00a0%"]);
    expect(whyInLanguage(["Something new the calculator says"], "es")).toEqual(["Something new the calculator says"]);
  });
});
