import "server-only";
import { uniqueViolation } from "@/lib/db/errors";
import { msg, type Message } from "@/lib/i18n/message";

/** The admin forms' answer to a unique-constraint violation, by constraint; null for any other error. */
export function duplicateMessage(err: unknown): Message | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return msg("admin.actions.usernameTaken");
  if (dup.constraint.includes("users_code")) return msg("admin.actions.codeInUse");
  if (dup.constraint.includes("levels_code")) return msg("admin.actions.classCodeTaken");
  return msg("admin.actions.recordExists");
}
