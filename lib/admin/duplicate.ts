import "server-only";
import { uniqueViolation } from "@/lib/db/errors";

/** The admin forms' answer to a unique-constraint violation, by constraint; null for any other error. */
export function duplicateMessage(err: unknown): string | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return "That username is already taken.";
  if (dup.constraint.includes("users_code")) return "That access code is already in use.";
  if (dup.constraint.includes("levels_code")) return "A class with that code already exists.";
  return "That record already exists.";
}
