import { PARENT_PHONE_MIN_DIGITS } from "./constants";

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/**
 * What is wrong with a number, named as the catalog's `parent` messages that say it in the spec's
 * words (§5: "Please enter a phone number", "Please enter a valid phone number (at least 7 digits)"),
 * written in the reader's language by the form and by the portal's API.
 */
export type PhoneProblem = "enterPhone" | "phoneInvalid";

/** Spec §5 parent search: empty → enterPhone; fewer than 7 digits → phoneInvalid. */
export function validateParentPhone(
  input: string,
): { ok: true; digits: string } | { ok: false; problem: PhoneProblem } {
  const fail = (problem: PhoneProblem) => ({ ok: false as const, problem });
  if (input.trim() === "") return fail("enterPhone");
  const digits = phoneDigits(input);
  if (digits.length < PARENT_PHONE_MIN_DIGITS || digits.length > 20) return fail("phoneInvalid");
  return { ok: true, digits };
}
