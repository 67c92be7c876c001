import { OIDC_SIGN_IN_MESSAGES } from "./oidc-messages";

// User-facing wording from the spec (§2, §5, §8), verbatim, in one place.
export const MSG = {
  invalidCode: "Invalid code",
  onlyTeachers: "Only teachers and admins can access this page",
  notAuthorizedLevel: "You are not authorized to access this level",
  adminNoSession: "Please log in to access this page",
  adminOtherRole: "Access Denied. Only administrators can access this page.",
  notEnrolled: "You are not enrolled in this class. Please contact your teacher to get access.",
  classNotFoundTitle: "Class Not Found",
  classNotFound: "The requested class could not be found.",
  accessDenied: "Access Denied",
  returnHome: "Return to Home",
  studentIdRequired: "Student ID is required",
  responseTooShort: "Response must be at least 10 characters.",
  submissionsLoadFailed: "Failed to load submissions.",
  submitFailed: "Failed to submit. Please try again.",
  submissionSent: "Submission sent successfully!",
  noClassesStudentTitle: "No classes enrolled",
  noClassesStudent: "You are not enrolled in any classes yet. Contact your teacher for access.",
  noClassesOtherTitle: "No classes available",
  noClassesOther: "No classroom levels have been created yet.",
  dashboardErrorTitle: "Oops! Something went wrong",
  dashboardErrorPrefix: "Error loading dashboard: ",
  tryAgain: "Try Again",
  // Ours, for a session that is missing or over (the spec shows the sign-in modal).
  signInRequired: "Please sign in to continue.",
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
