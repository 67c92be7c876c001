import { OIDC_SIGN_IN_MESSAGES } from "./oidc-messages";

// The spec's wording (§2, §8) that code still reads as English: the sign-in form's fallback
// reasons below and the roll call's generic failure. Every other message is a catalog descriptor
// (lib/i18n/message.ts, decision 029); the catalog's English (lib/i18n/messages/en.json) is the
// spec's wording too, and the single place the rest of it lives.
export const MSG = {
  invalidCode: "Invalid code",
  enterCode: "Please enter your access code",
  genericError: "Something went wrong. Please try again.",
} as const;

/**
 * What a sign-in posted without JavaScript came back with (?signin=…), as the form shows it: the
 * generic message for a reason we did not send (own keys only: `__proto__` is not a reason).
 */
export function signInFallbackMessage(reason: string | null): string | null {
  if (reason === null) return null;
  return Object.hasOwn(SIGN_IN_FALLBACK_MESSAGES, reason) ? SIGN_IN_FALLBACK_MESSAGES[reason]! : MSG.genericError;
}

/**
 * The same, as a key of the catalog's signIn.refusals (issue 31): the form shows it in the
 * reader's language. "error" for a reason we did not send.
 */
export function signInRefusalKey(reason: string | null): SignInRefusal | null {
  if (reason === null) return null;
  return Object.hasOwn(SIGN_IN_FALLBACK_MESSAGES, reason) ? (reason as SignInRefusal) : "error";
}

export type SignInRefusal = "invalid" | "empty" | "limited" | "error" | keyof typeof OIDC_SIGN_IN_MESSAGES;

const SIGN_IN_FALLBACK_MESSAGES: Record<string, string> = {
  invalid: MSG.invalidCode,
  empty: MSG.enterCode,
  limited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  error: MSG.genericError,
  ...OIDC_SIGN_IN_MESSAGES,
};
