import "server-only";
import { z } from "zod";
import type { ActionResult, Answer } from "@/lib/action-result";
import { revalidatePath } from "next/cache";
import { AccessDenied, requireAdmin, requireClassAccess, requireDistrictAdmin, requireUser } from "@/lib/auth/guards";
import { canActAsStudent } from "@/lib/auth/policy";
import { schoolLocale } from "@/lib/env";
import type { AnyLocale } from "@/lib/i18n/locales";
import { messageOfIssue, msg, zmsg, type Message } from "@/lib/i18n/message";
import { holdsMessages, renderAnswer } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { requireWritable } from "@/lib/years/conclusion";

/**
 * Runs an action body: refusals (AccessDenied) become { ok: false, message }; anything
 * unexpected is logged and answered with a generic message, so no SQL text or stack trace
 * reaches the browser. The answer's descriptors are written in the reader's language here, once,
 * as it leaves the server; `answerIn` names another language when the action has just changed the
 * reader's (the request's was read before it).
 */
export async function guarded<T>(
  fn: () => Promise<Answer<T>>,
  failureMessage: Message = msg("common.genericError"),
  answerIn?: () => AnyLocale | undefined,
): Promise<ActionResult<T>> {
  let answer: Answer<T>;
  try {
    answer = await fn();
  } catch (err) {
    if (err instanceof AccessDenied) answer = { ok: false, message: err.refusal };
    else {
      console.error("server action failed:", err);
      answer = { ok: false, message: failureMessage };
    }
  }
  return inReaderLanguage(answer, answerIn?.());
}

/** An answer with its descriptors written in the language of this request's reader (or `chosen`). */
async function inReaderLanguage<T>(answer: Answer<T>, chosen?: AnyLocale): Promise<ActionResult<T>> {
  if (!holdsMessages(answer)) return answer as ActionResult<T>;
  if (chosen) return renderAnswer(answer, chosen);
  let locale;
  try {
    locale = await requestLocale();
  } catch (err) {
    console.error("server action: the reader's language could not be read:", err);
    locale = schoolLocale();
  }
  return renderAnswer(answer, locale);
}

/** The first validation message, and all of them per field for forms that show them inline. */
export function invalid(error: z.ZodError): {
  ok: false;
  message: Message;
  fieldErrors: Record<string, Message[] | undefined>;
} {
  const fieldErrors: Record<string, Message[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (fieldErrors[key] ??= []).push(messageOfIssue(issue.message));
  }
  const first = error.issues[0];
  return { ok: false, message: first ? messageOfIssue(first.message) : msg("common.genericError"), fieldErrors };
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

const invalidId = zmsg("classPage.actions.invalidId");
/** Positive integer id from a form or argument; anything else fails validation. */
export const idSchema = z.coerce
  .number({ message: invalidId })
  .int(invalidId)
  .positive(invalidId)
  .max(2_147_483_647, invalidId);

type ClassContext = Awaited<ReturnType<typeof requireClassAccess>>;

/** What a caller may pass: choices widened to strings (a browser can send anything; zod decides). */
type Widen<T> = T extends string ? string : T;
export type LooseInput<T> = T extends object ? { [K in keyof T]: Widen<T[K]> } : T;

export interface ClassActionOptions {
  /**
   * "teach" (default): the class's own instructor or an admin; "view": the class page's readers;
   * "student": an enrolled student acting as themselves (classGuard, at the end of this file).
   */
  access?: "teach" | "view" | "student";
  /** Pages to render again after a success (none: the screen already shows the change). */
  revalidate?: (levelCode: string) => void;
  /** What an unexpected failure tells the browser (guarded's generic message if unset). */
  failureMessage?: Message;
  /**
   * The action only reads (a total, a list of files): it answers for a concluded class too. Every
   * other class action writes, and a concluded class refuses it (issue 41, lib/years/conclusion).
   */
  reads?: true;
}

const levelCodeOf = (raw: unknown): string => {
  const code = raw && typeof raw === "object" && "levelCode" in raw ? raw.levelCode : "";
  return typeof code === "string" || typeof code === "number" ? String(code) : "";
};

/**
 * The one shape of a class action (issue 34): authorise for the level named in the input
 * (requireClassAccess) → validate with zod → run → revalidate. Refusals and failures become the
 * action result (guarded); the body writes in its own transaction with its audit entry
 * (lib/gradebook and friends), so an action file is its schemas and one call each.
 */
export function classAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, ctx: ClassContext) => Promise<Answer<T>>,
  options: ClassActionOptions = {},
): (input: LooseInput<z.input<S>>) => Promise<ActionResult<T>> {
  return (raw) =>
    guarded(async () => {
      const ctx = await classGuard(levelCodeOf(raw), options.access ?? "teach");
      if (!options.reads) requireWritable(ctx.level);
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return invalid(parsed.error);
      if (options.access === "student") requireSelf(ctx.user, parsed.data);
      const result = await body(parsed.data, ctx);
      if (result.ok) options.revalidate?.(ctx.level.code);
      return result;
    }, options.failureMessage);
}

/** classAction for a form read with useActionState: (previous state, FormData). */
export function classFormAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, ctx: ClassContext) => Promise<Answer<T>>,
  options: ClassActionOptions = {},
): (previous: ActionResult<T>, formData: FormData) => Promise<ActionResult<T>> {
  const action = classAction(schema, body, options);
  return (_previous, formData) => action(formObject(formData) as LooseInput<z.input<S>>);
}

type AdminUser = Awaited<ReturnType<typeof requireAdmin>>;

export interface AdminActionOptions {
  /** Pages to render again after a success (none: the screen already shows the change). */
  revalidate?: () => void;
}

/**
 * The one shape of an admin action (issue 34), classAction's twin: refuse anyone but an admin
 * (requireAdmin, spec §6 wording) → validate with zod → run → revalidate. The guard comes before
 * the parse, as in classAction, so a refused caller learns nothing about what the form accepts.
 * The body writes in its own transaction with its audit entry (lib/terms, lib/parent, …).
 */
export function adminAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, admin: AdminUser) => Promise<Answer<T>>,
  options: AdminActionOptions = {},
): (input: LooseInput<z.input<S>>) => Promise<ActionResult<T>> {
  return (raw) =>
    guarded(async () => {
      const admin = await requireAdmin();
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return invalid(parsed.error);
      const result = await body(parsed.data, admin);
      if (result.ok) options.revalidate?.();
      return result;
    });
}

/** adminAction for a form read with useActionState: (previous state, FormData). */
export function adminFormAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, admin: AdminUser) => Promise<Answer<T>>,
  options: AdminActionOptions = {},
): (previous: ActionResult<T>, formData: FormData) => Promise<ActionResult<T>> {
  const action = adminAction(schema, body, options);
  return (_previous, formData) => action(formObject(formData) as LooseInput<z.input<S>>);
}

/** adminFormAction's twin for the district's own actions (/district): district admins only. */
export function districtFormAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, admin: AdminUser) => Promise<Answer<T>>,
): (previous: ActionResult<T>, formData: FormData) => Promise<ActionResult<T>> {
  return (_previous, formData) =>
    guarded(async () => {
      const admin = await requireDistrictAdmin();
      const parsed = schema.safeParse(formObject(formData));
      if (!parsed.success) return invalid(parsed.error);
      return body(parsed.data, admin);
    });
}

/** The class dashboard and the class page after a change every tab may show. */
export function refreshClass(levelCode: string): void {
  const base = `/level/${encodeURIComponent(levelCode)}`;
  revalidatePath(`${base}/update`);
  revalidatePath(base);
  revalidatePath("/teacher");
}

/** The levelCode every class action names. */
export const levelCodeField = z.string().trim().min(1).max(100);

/**
 * requireClassAccess, plus "student" for a student's own writes and reads (spec §5: responses,
 * submissions): staff who open a student's form are told the student id is missing, then the
 * class page's rule (enrolled) applies.
 */
async function classGuard(levelCode: string, access: "teach" | "view" | "student"): Promise<ClassContext> {
  if (access !== "student") return requireClassAccess(levelCode, access);
  const user = await requireUser();
  if (user.role !== "student") throw new AccessDenied("forbidden", msg("classPage.actions.studentIdRequired"));
  return requireClassAccess(levelCode, "view");
}

/** A "student" action's input may name a student (studentId): it must be the caller. */
function requireSelf(user: ClassContext["user"], input: unknown): void {
  const claimed = input && typeof input === "object" && "studentId" in input ? input.studentId : undefined;
  if (typeof claimed === "number" && !canActAsStudent(user, claimed))
    throw new AccessDenied("forbidden", msg("classPage.actions.onlyYourself"));
}

/** The admin dashboard, after a change one of its lists shows. */
export function refreshAdmin(): void {
  revalidatePath("/admin");
}

/** A student's and a parent's admin pages, which both list guardian and report-card links. */
export function refreshPeoplePages(): void {
  revalidatePath("/admin/students/[id]", "page");
  revalidatePath("/admin/parents/[id]", "page");
}
