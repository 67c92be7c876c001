// The wrappers for server actions on one's own account, and anonymous token-keyed ones (issue 34);
// lib/actions.ts holds the class and admin ones and what they all share.
import "server-only";
import { z } from "zod";
import type { ActionResult, Answer } from "@/lib/action-result";
import { headers } from "next/headers";
import { requireUser } from "@/lib/auth/guards";
import type { AnyLocale } from "@/lib/i18n/locales";
import { msg, type Message } from "@/lib/i18n/message";
import { clientAddress, clientKey, hitRateLimit } from "@/lib/rate-limit";
import { formObject, guarded, invalid, type LooseInput } from "@/lib/actions";

/* ---------- one's own account, and anonymous token-keyed actions (issue 34) ---------- */

type SignedInUser = Awaited<ReturnType<typeof requireUser>>;

export interface UserActionOptions<T, I = unknown> {
  /**
   * A further refusal on who the caller is (a role with nothing to choose), answered like the
   * session's before the parse; null lets the call through.
   */
  refuse?: (user: SignedInUser) => Promise<Message | null>;
  /** The answer to input that fails validation (default: the schema's own messages, invalid()). */
  invalid?: (error: z.ZodError) => Promise<Answer<T>>;
  /** Pages to render again after a success. */
  revalidate?: () => void;
  /** The language a success is answered in, when the action has just chosen it (saving one's language). */
  answerIn?: (input: I) => AnyLocale;
}

/**
 * The one shape of an action on the caller's own account (notifications, language, calendar
 * feed): anyone signed in (requireUser, "Please sign in to continue." otherwise) → validate →
 * run as that user → revalidate. The body acts on the user's own rows only, and answers with
 * descriptors (Answer), written in the reader's language by guarded().
 */
export function userAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, user: SignedInUser) => Promise<Answer<T>>,
  options: UserActionOptions<T, z.output<S>> = {},
): (input: LooseInput<z.input<S>>) => Promise<ActionResult<T>> {
  return (raw) => {
    let answerIn: AnyLocale | undefined;
    return guarded(
      async () => {
        const user = await requireUser();
        const refusal = await options.refuse?.(user);
        if (refusal) return { ok: false, message: refusal };
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return options.invalid ? options.invalid(parsed.error) : invalid(parsed.error);
        const result = await body(parsed.data, user);
        if (result.ok) {
          options.revalidate?.();
          answerIn = options.answerIn?.(parsed.data);
        }
        return result;
      },
      undefined,
      () => answerIn,
    );
  };
}

/** userAction for a form read with useActionState: (previous state, FormData). */
export function userFormAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>, user: SignedInUser) => Promise<Answer<T>>,
  options: UserActionOptions<T, z.output<S>> = {},
): (previous: ActionResult<T>, formData: FormData) => Promise<ActionResult<T>> {
  const action = userAction(schema, body, options);
  return (_previous, formData) => action(formObject(formData) as LooseInput<z.input<S>>);
}

/** For an action that takes nothing but the session (a button): no argument, or undefined. */
export const noInput = z.void();

export interface PublicActionOptions<T> {
  /** The guard of an anonymous action: at most `max` calls per client address in `windowMs`. */
  limit: { bucket: string; max: number; windowMs: number };
  /** The answer to input that fails validation (default: the schema's own messages, invalid()). */
  invalid?: (error: z.ZodError) => Promise<Answer<T>>;
}

/**
 * The one shape of an action without sign-in, where what it is given (an unsubscribe token) is the
 * credential: rate-limit per client address (the common "too many requests" answer, in the reader's
 * language) → validate → run. The body must check the token and may do only what the token allows.
 */
export function publicAction<S extends z.ZodType, T = undefined>(
  schema: S,
  body: (input: z.output<S>) => Promise<Answer<T>>,
  options: PublicActionOptions<T>,
): (input: LooseInput<z.input<S>>) => Promise<ActionResult<T>> {
  const { bucket, max, windowMs } = options.limit;
  return (raw) =>
    guarded(async () => {
      const limit = await hitRateLimit(clientKey(bucket, clientAddress(await headers())), max, windowMs);
      if (!limit.allowed)
        return { ok: false, message: msg("common.tooManyRequests", { seconds: limit.retryAfterSeconds }) };
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return options.invalid ? options.invalid(parsed.error) : invalid(parsed.error);
      return body(parsed.data);
    });
}
