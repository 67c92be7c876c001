// Field rules shared by the class dashboard's forms (announcements, assignments, grades): one
// definition each, with the messages the forms show.
import { z } from "zod";
import { CONTENT_MAX_LENGTH, TITLE_MAX_LENGTH } from "@/lib/domain/constants";
import { tooDeeplyNestedMessage, withinNestingLimit } from "@/lib/domain/markdown-depth";

export const titleField = z
  .string()
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);

/** Markdown text (announcement content, assignment description), bounded in length and nesting. */
export const markdownField = (what: "Content" | "Description") =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(CONTENT_MAX_LENGTH, `${what} must be at most ${CONTENT_MAX_LENGTH} characters`)
    .refine(withinNestingLimit, tooDeeplyNestedMessage(what));

/** A calendar day, YYYY-MM-DD, between 2000 and 2100 (attendance). */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a valid date")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2100-12-31";
  }, "Choose a valid date");
