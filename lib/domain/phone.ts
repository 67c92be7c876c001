import { PARENT_PHONE_MIN_DIGITS } from "./constants";

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/** Spec §5 wording; screens show them in the reader's language (catalog "parent": enterPhone, phoneInvalid). */
export const PHONE_MESSAGES = {
  enterPhone: "Please enter a phone number",
  phoneInvalid: "Please enter a valid phone number (at least 7 digits)",
} as const;
export type PhoneProblem = keyof typeof PHONE_MESSAGES;

/** Spec §5 parent search: empty → 'Please enter a phone number'; < 7 digits → the short message. */
export function validateParentPhone(
  input: string,
): { ok: true; digits: string } | { ok: false; problem: PhoneProblem; message: string } {
  const fail = (problem: PhoneProblem) => ({ ok: false as const, problem, message: PHONE_MESSAGES[problem] });
  if (input.trim() === "") return fail("enterPhone");
  const digits = phoneDigits(input);
  if (digits.length < PARENT_PHONE_MIN_DIGITS || digits.length > 20) return fail("phoneInvalid");
  return { ok: true, digits };
}
