import { afterEach, describe, expect, it } from "vitest";
import { computeTermGrade, DEFAULT_GRADE_SETTINGS, type GradeItem, type GradeSettings } from "@/lib/domain/term-grade";
import { explainTermGrade } from "@/lib/domain/term-grade-why";
import { resetEnvCache } from "@/lib/env";
import { whyFromEnglish, whyLineFromEnglish } from "@/lib/gradebook/why-conversion";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { whyInLanguage } from "@/lib/i18n/why";

// "Why this grade" (issues 31 and 40): the calculator makes each line as a descriptor, written in
// the reader's language where it is shown, with the reader's decimal mark and the teacher's names
// and titles as they are. Published cards stored English sentences until then: they are converted
// once with the patterns that used to translate them (lib/gradebook/why-conversion.ts), and must
// read the same afterwards, in English and in Spanish.

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

/** Grades that make the calculator write every kind of line, for families and for staff. */
function everyLine() {
  const settings: GradeSettings = {
    mode: "weighted",
    categories: [
      { id: 1, name: "Tests, quizzes", weight: 6000, dropLowest: 1 },
      { id: 2, name: "Homework", weight: 3000, dropLowest: 0 },
      { id: 3, name: "Projects", weight: 1000, dropLowest: 0 },
      { id: 4, name: "Extra", weight: 0, dropLowest: 0 },
    ],
    latePolicy: { perDayPercent: 10, floorPercent: 70 },
  };
  const items = [
    item(17.5, 20, { categoryId: 1, title: "Unit 1 (fractions)" }),
    item(12, 20, { categoryId: 1, title: "Unit 2" }),
    item(9, 10, { categoryId: 2, title: "Lab, part 1", late: true, daysLate: 1 }),
    item(8.25, 10, { categoryId: 2, title: "Poster", late: true, daysLate: 4 }),
    item(null, 10, { categoryId: 2, title: "Essay", missing: true }),
    item(null, 10, { categoryId: 2, title: "Worksheet", excused: true }),
    item(null, 10, { categoryId: 3, title: "Model" }),
    item(5, 5, { categoryId: 4, title: "Bonus" }),
    item(5, 5, { title: "Extra credit" }),
  ];
  const weighted = computeTermGrade(
    items,
    settings,
    { percent: 89.5, reason: "Make-up exam", shared: false, note: "Well done" },
    NOW,
  );
  const points = computeTermGrade([item(8.5, 10), item(null, 10)], DEFAULT_GRADE_SETTINGS, null, NOW);
  const empty = computeTermGrade([item(null, 10)], DEFAULT_GRADE_SETTINGS, null, NOW);
  return [weighted, points, empty].flatMap((g) => [explainTermGrade(g, "family"), explainTermGrade(g, "staff")]);
}

/** "%" kept with its number, as every line is shown. */
const nb = (text: string) => text.replaceAll(" %", "\u00a0%");

// What published cards stored before issue 40: the calculator's English, exactly as it wrote it,
// and what each line must read as after the conversion, in English and in Spanish.
const STORED: [english: string, spanish: string][] = [
  ["Total points: 8.5 of 10 = 85 %", "Puntos totales: 8,5 de 10 = 85 %"],
  ["No graded work yet", "Todavía no hay trabajos calificados"],
  ["Weighted categories: 87.35 %", "Categorías ponderadas: 87,35 %"],
  [
    "Tests, quizzes (weight 60 %): 17.5 of 20 = 87.5 % — counts 66.7 %",
    "Tests, quizzes (peso 60 %): 17,5 de 20 = 87,5 % — cuenta 66,7 %",
  ],
  ["Extra (weight 0 %): 5 of 5 = 100 %", "Extra (peso 0 %): 5 de 5 = 100 %"],
  [
    "Nothing graded yet in Projects, Art: left out, the other weights scaled up to 100 %",
    "Todavía no hay nada calificado en Projects, Art: no se cuenta, y los demás pesos se ajustan hasta sumar 100 %",
  ],
  [
    "Not in a weighted category, not counted: Extra credit",
    "No pertenece a una categoría ponderada, no se cuenta: Extra credit",
  ],
  ["Dropped (lowest): Unit 2, Unit 3", "Se descarta (la más baja): Unit 2, Unit 3"],
  ["Excused: Worksheet", "Exentas: Worksheet"],
  ["Missing, counted as 0: Essay", "Sin entregar, cuentan como 0: Essay"],
  [
    "Late penalty: Lab, part 1 (kept 90 %), Poster (kept 70 %)",
    "Penalización por entrega tardía: Lab, part 1 (conserva el 90 %), Poster (conserva el 70 %)",
  ],
  [
    "Overridden by the teacher: 90 % (computed 87 %) — Make-up exam",
    "Modificada por el maestro: 90 % (calculada: 87 %) — Make-up exam",
  ],
  ["Overridden by the teacher: 80 % (computed 70 %)", "Modificada por el maestro: 80 % (calculada: 70 %)"],
  ["Teacher's note: Well done", "Nota del maestro: Well done"],
  // Lines no pattern knows stay as written, in every language.
  ["Something an older version wrote", "Something an older version wrote"],
  ["Late penalty: see the teacher", "Late penalty: see the teacher"],
];

afterEach(() => {
  delete process.env.GRADE_DECIMALS;
  resetEnvCache();
});

describe("why this grade in the reader's language", () => {
  it("writes every line the calculator makes in Spanish, keeping names and titles", () => {
    const lines = everyLine().flat();
    const english = whyInLanguage(lines, "en");
    const spanish = whyInLanguage(lines, "es");
    // Each line changed: none left in English.
    english.forEach((line, i) => expect(spanish[i], line).not.toBe(line));
    expect(spanish).toContain("Se descarta (la más baja): Unit 2");
    expect(spanish).toContain("Sin entregar, cuentan como 0: Essay");
    expect(spanish).toContain("Exentas: Worksheet");
    expect(spanish).toContain(
      nb("Penalización por entrega tardía: Lab, part 1 (conserva el 90 %), Poster (conserva el 70 %)"),
    );
    expect(spanish).toContain("No pertenece a una categoría ponderada, no se cuenta: Extra credit");
    expect(spanish).toContain(nb("Puntos totales: 8,5 de 10 = 85 %"));
    expect(spanish).toContain(nb("Extra (peso 0 %): 5 de 5 = 100 %"));
    expect(spanish).toContain("Todavía no hay trabajos calificados");
    expect(spanish).toContain(nb("Modificada por el maestro: 90 % (calculada: 74 %) — Make-up exam"));
    expect(spanish).toContain(nb("Modificada por el maestro: 90 % (calculada: 74 %)"));
    expect(spanish).toContain("Nota del maestro: Well done");
    expect(spanish.some((l) => l.startsWith(nb("Tests, quizzes (peso 60 %): 17,5 de 20 = 87,5 % — cuenta ")))).toBe(
      true,
    );
  });

  it("keeps the family from reading a private override reason", () => {
    const [family, staff] = everyLine();
    expect(family!.at(-2)).toEqual(msg("why.overridden", { percent: 90, computed: 74 }));
    expect(staff!.at(-2)).toEqual(msg("why.overriddenReason", { percent: 90, computed: 74, reason: "Make-up exam" }));
  });

  it("writes the numbers with a point in every language when GRADE_DECIMALS=point", () => {
    process.env.GRADE_DECIMALS = "point";
    resetEnvCache();
    expect(whyInLanguage([msg("why.totalPoints", { earned: 8.5, possible: 10, percent: 85 })], "es")).toEqual([
      nb("Puntos totales: 8.5 de 10 = 85 %"),
    ]);
  });

  it("shows a stored line it cannot trust as it is, never a half-translated one", () => {
    expect(whyInLanguage(["An English line never converted", { key: "why.gone", values: {} }], "es")).toEqual([
      "An English line never converted",
      "why.gone",
    ]);
    expect(whyInLanguage([{ key: "why.excused", values: { titles: { nested: true } } }], "es")).toEqual([
      "why.excused",
    ]);
  });
});

describe("published cards' English lines, converted once", () => {
  it("read as they did in English and read in Spanish after the conversion", () => {
    const converted = whyFromEnglish({ family: STORED.map(([en]) => en), staff: [] });
    // Stored as plain JSON (jsonb) and read back.
    const stored = JSON.parse(JSON.stringify(converted.family)) as unknown[];
    expect(whyInLanguage(stored, "en")).toEqual(STORED.map(([en]) => nb(en)));
    expect(whyInLanguage(stored, "es")).toEqual(STORED.map(([, es]) => nb(es)));
  });

  it("become the very descriptors the calculator makes, so a republished card reads as unchanged", () => {
    for (const lines of everyLine()) {
      const english = lines.map((line) => render(line, "en"));
      const back = english.map(whyLineFromEnglish);
      // Same keys, same values, same order: the display hash of the same card is the same.
      expect(JSON.stringify(back)).toBe(JSON.stringify(lines));
    }
  });
});
