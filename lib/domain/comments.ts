// Report-card comments (issue 19): a bank comment names the student as `{first name}`.
export const FIRST_NAME = "{first name}";

/** The first word of a student's name (the spec stores one full name). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** `{first name}` (any case) replaced by the student's first name. */
export function fillFirstName(text: string, fullName: string): string {
  return text.replace(/\{first name\}/gi, firstName(fullName)).trim();
}

/** A written comment back into a template: the student's first name, as a whole word, becomes `{first name}`. */
export function toTemplate(comment: string, fullName: string): string {
  const name = firstName(fullName);
  if (!name) return comment;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return comment.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), FIRST_NAME);
}
