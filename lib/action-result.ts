import type { Message } from "@/lib/i18n/message";

/**
 * The one result shape of every server action. An action's body answers with message descriptors
 * (`Answer`, lib/i18n/message.ts); its wrapper (lib/actions.ts) writes them in the reader's language
 * as the answer leaves the server, so the browser receives text (`ActionResult`), read by forms
 * through useActionState. `M` is what the texts are.
 */
export type Answer<T = undefined, M = Message> =
  { ok: true; message?: M; data?: T } | { ok: false; message: M; fieldErrors?: Record<string, M[] | undefined> };

/** An answer as the browser receives it: every text written in the reader's language. */
export type ActionResult<T = undefined> = Answer<T, string>;

export const idle = { ok: true } as ActionResult;
