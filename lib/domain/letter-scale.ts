// A school's letter scale (issue 42): which letter a percent earns. Each school sets its own (A–F
// with or without +/−, 1–5, pass/fail, or its own cut-offs and labels); the one calculator applies it
// to the percent rounded first, on every screen, card, export and e-mail. A published card keeps
// the letters it was published with (stored with it), whatever the scale becomes.
import { roundPercent } from "./percent";

export interface LetterStep {
  /** The lowest whole percent that earns the label. */
  min: number;
  label: string;
}

export interface LetterScale {
  /** Highest cut-off first. */
  steps: LetterStep[];
  /** The label under the last cut-off. */
  below: string;
}

export const MAX_STEPS = 20;
export const MAX_LABEL = 12;

/** Spec §9's 12-step scale: every school's until it chooses another (decision 017). */
export const DEFAULT_LETTER_SCALE: LetterScale = {
  steps: [
    { min: 93, label: "A" },
    { min: 90, label: "A-" },
    { min: 87, label: "B+" },
    { min: 83, label: "B" },
    { min: 80, label: "B-" },
    { min: 77, label: "C+" },
    { min: 73, label: "C" },
    { min: 70, label: "C-" },
    { min: 67, label: "D+" },
    { min: 63, label: "D" },
    { min: 60, label: "D-" },
  ],
  below: "F",
};

/** Scales a school picks from before it writes its own. */
export const LETTER_SCALE_PRESETS = {
  plusMinus: DEFAULT_LETTER_SCALE,
  letters: {
    steps: [
      { min: 90, label: "A" },
      { min: 80, label: "B" },
      { min: 70, label: "C" },
      { min: 60, label: "D" },
    ],
    below: "F",
  },
  fivePoint: {
    steps: [
      { min: 90, label: "5" },
      { min: 80, label: "4" },
      { min: 70, label: "3" },
      { min: 60, label: "2" },
    ],
    below: "1",
  },
  passFail: { steps: [{ min: 60, label: "P" }], below: "F" },
} as const satisfies Record<string, LetterScale>;

export type LetterScalePreset = keyof typeof LETTER_SCALE_PRESETS;

/** The label a percent earns on `scale` (the percent rounded half up first, as it is shown). */
export function letterOn(scale: LetterScale, percent: number): string {
  const p = roundPercent(percent);
  for (const step of scale.steps) if (p >= step.min) return step.label;
  return scale.below;
}

export type ScaleProblem =
  | { problem: "noSteps" }
  | { problem: "tooManySteps"; max: number }
  | { problem: "label"; row: number; max: number }
  | { problem: "below"; max: number }
  | { problem: "cutoff"; row: number }
  | { problem: "duplicate"; min: number };

/**
 * What is wrong with a scale, or null: 1 to MAX_STEPS cut-offs, each a whole percent from 1 to 100
 * strictly below the one before it, every label (and the one below) 1 to MAX_LABEL characters after
 * trimming. Rows count from 1.
 */
export function scaleProblem(scale: LetterScale): ScaleProblem | null {
  if (scale.steps.length === 0) return { problem: "noSteps" };
  if (scale.steps.length > MAX_STEPS) return { problem: "tooManySteps", max: MAX_STEPS };
  for (const [i, step] of scale.steps.entries()) {
    const label = step.label.trim();
    if (label.length === 0 || label.length > MAX_LABEL) return { problem: "label", row: i + 1, max: MAX_LABEL };
    if (!Number.isInteger(step.min) || step.min < 1 || step.min > 100) return { problem: "cutoff", row: i + 1 };
    if (i > 0 && step.min >= scale.steps[i - 1]!.min) return { problem: "duplicate", min: step.min };
  }
  const below = scale.below.trim();
  if (below.length === 0 || below.length > MAX_LABEL) return { problem: "below", max: MAX_LABEL };
  return null;
}

/** One row of the admin's form as posted: a cut-off and its label. */
export interface ScaleRow {
  min: string;
  label: string;
}

/**
 * The scale an admin's form describes: rows left blank are skipped, the rest taken in any order
 * (highest cut-off first once read), labels trimmed. Rows are numbered as the form showed them.
 */
export function scaleFromRows(rows: readonly ScaleRow[], below: string): { scale: LetterScale } | ScaleProblem {
  const steps: LetterStep[] = [];
  for (const [i, row] of rows.entries()) {
    const min = row.min.trim();
    const label = row.label.trim();
    if (min === "" && label === "") continue;
    if (!/^\d{1,3}$/.test(min) || Number(min) < 1 || Number(min) > 100) return { problem: "cutoff", row: i + 1 };
    if (label.length === 0 || label.length > MAX_LABEL) return { problem: "label", row: i + 1, max: MAX_LABEL };
    steps.push({ min: Number(min), label });
  }
  steps.sort((a, b) => b.min - a.min);
  const scale = { steps, below: below.trim() };
  return scaleProblem(scale) ?? { scale };
}

/** A stored value read back: the scale when it is one, else the default (never a half-valid scale). */
export function storedScale(value: unknown): LetterScale {
  if (!value || typeof value !== "object") return DEFAULT_LETTER_SCALE;
  const v = value as { steps?: unknown; below?: unknown };
  if (!Array.isArray(v.steps) || typeof v.below !== "string") return DEFAULT_LETTER_SCALE;
  const steps = v.steps.map((s: unknown) => {
    const step = (s ?? {}) as { min?: unknown; label?: unknown };
    return { min: Number(step.min), label: typeof step.label === "string" ? step.label : "" };
  });
  const scale = { steps, below: v.below };
  return scaleProblem(scale) ? DEFAULT_LETTER_SCALE : scale;
}

/** Which preset a scale is, if any (the form shows it chosen). */
export function presetOf(scale: LetterScale): LetterScalePreset | null {
  for (const [name, preset] of Object.entries(LETTER_SCALE_PRESETS) as [LetterScalePreset, LetterScale][]) {
    if (
      preset.below === scale.below &&
      preset.steps.length === scale.steps.length &&
      preset.steps.every((s, i) => s.min === scale.steps[i]!.min && s.label === scale.steps[i]!.label)
    )
      return name;
  }
  return null;
}
