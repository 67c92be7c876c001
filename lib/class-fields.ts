// Field rules shared by the class dashboard's forms (announcements, assignments, attendance): one
// definition each, with the messages the forms show, as descriptors (decision 029, "Messages as
// data"): the action writes them in the reader's language.
import { z } from "zod";
import { CONTENT_MAX_LENGTH, MARKDOWN_MAX_DEPTH, TITLE_MAX_LENGTH } from "@/lib/domain/constants";
import { withinNestingLimit } from "@/lib/domain/markdown-depth";
import { zmsg } from "@/lib/i18n/message";

export const titleField = z
  .string()
  .trim()
  .min(1, zmsg("classPage.actions.titleRequired"))
  .max(TITLE_MAX_LENGTH, zmsg("classPage.actions.titleTooLong", { max: TITLE_MAX_LENGTH }));

// Each field's own sentences: the catalog words "Content" and "Description" differently in
// Spanish (gender), so each is a message of its own rather than a word put into one.
const MARKDOWN_MESSAGES = {
  Content: {
    required: zmsg("teacherActions.contentRequired"),
    tooLong: zmsg("teacherActions.contentTooLong", { max: CONTENT_MAX_LENGTH }),
    nested: zmsg("teacherActions.contentNested", { max: MARKDOWN_MAX_DEPTH }),
  },
  Description: {
    required: zmsg("teacherActions.descriptionRequired"),
    tooLong: zmsg("teacherActions.descriptionTooLong", { max: CONTENT_MAX_LENGTH }),
    nested: zmsg("teacherActions.descriptionNested", { max: MARKDOWN_MAX_DEPTH }),
  },
};

/** Markdown text (announcement content, assignment description), bounded in length and nesting. */
export const markdownField = (what: "Content" | "Description") =>
  z
    .string()
    .trim()
    .min(1, MARKDOWN_MESSAGES[what].required)
    .max(CONTENT_MAX_LENGTH, MARKDOWN_MESSAGES[what].tooLong)
    .refine(withinNestingLimit, MARKDOWN_MESSAGES[what].nested);

const validDate = zmsg("teacherActions.validDate");

/** A calendar day, YYYY-MM-DD, between 2000 and 2100 (attendance). */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, validDate)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2100-12-31";
  }, validDate);
