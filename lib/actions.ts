import "server-only";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { AccessDenied } from "@/lib/auth/guards";
import { MSG } from "@/lib/domain/messages";

/**
 * Runs an action body: refusals (AccessDenied) become { ok: false, message }; anything
 * unexpected is logged and answered with a generic message, so no SQL text or stack trace
 * reaches the browser.
 */
export async function guarded<T>(
  fn: () => Promise<ActionResult<T>>,
  failureMessage: string = MSG.genericError,
): Promise<ActionResult<T>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AccessDenied) return { ok: false, message: err.message };
    console.error("server action failed:", err);
    return { ok: false, message: failureMessage };
  }
}

/** The first validation message, and all of them per field for forms that show them inline. */
export function invalid(error: z.ZodError): {
  ok: false;
  message: string;
  fieldErrors: Record<string, string[] | undefined>;
} {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false, message: error.issues[0]?.message ?? MSG.genericError, fieldErrors };
}

export function formObject(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  // A hand-made request can send any value where the form's data belongs: it is then an empty form
  // (which fails validation with the form's own message), not a TypeError.
  if (!(formData instanceof FormData)) return out;
  // PostgreSQL text cannot hold NUL; drop it here rather than fail deep in the driver.
  for (const [k, v] of formData.entries()) if (typeof v === "string") out[k] = v.replace(/\u0000/g, "");
  return out;
}

/** Positive integer id from a form or argument; anything else fails validation. */
export const idSchema = z.coerce
  .number({ message: "Invalid id" })
  .int("Invalid id")
  .positive("Invalid id")
  .max(2_147_483_647, "Invalid id");
