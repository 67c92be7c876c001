import type { Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";

/** "Why this grade" (descriptors since issue 40) as an English reader reads it, for tests that compare the words. */
export const whyEnglish = (lines: readonly Message[]): string[] => lines.map((line) => render(line, "en"));
