// The shapes of a rubric (issue 44), shared by the schema, the calculator and the screens.
// Points are integer hundredths (2.5 points = 250), as every score in the portal is exact to 0.01.

/** One level of a criterion, e.g. "Good", 3 points (300). */
export interface RubricLevel {
  /** Stable within its rubric: a scored grade names the level it chose by this id. */
  id: string;
  label: string;
  /** Hundredths of a point, 0 or more. */
  points: number;
}

/** One criterion, e.g. "Thesis", with its levels from best to worst. */
export interface RubricCriterion {
  id: string;
  title: string;
  /** What the criterion looks at, shown to students with the assignment (may be empty). */
  description: string;
  levels: RubricLevel[];
}

/** A rubric as a bank keeps it and as an assignment carries its own copy. */
export interface RubricBody {
  title: string;
  criteria: RubricCriterion[];
}

/** A grade's rubric scoring: per criterion id, the level chosen and an optional comment. */
export type RubricSelections = Record<string, { level: string; comment?: string }>;

/** When an assignment's grades reach families (issue 44): at once, or when the teacher returns them. */
export type PostPolicy = "immediate" | "on_return";
