import { PARENT_PHONE_MIN_DIGITS } from "./constants";

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/** Spec §5 parent search: empty → 'Please enter a phone number'; < 7 digits → the short message. */
export function validateParentPhone(input: string): { ok: true; digits: string } | { ok: false; message: string } {
  if (input.trim() === "") return { ok: false, message: "Please enter a phone number" };
  const digits = phoneDigits(input);
  if (digits.length < PARENT_PHONE_MIN_DIGITS)
    return { ok: false, message: "Please enter a valid phone number (at least 7 digits)" };
  if (digits.length > 20) return { ok: false, message: "Please enter a valid phone number (at least 7 digits)" };
  return { ok: true, digits };
}
