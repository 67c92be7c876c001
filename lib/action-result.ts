// One result shape for every server action, read by forms through useActionState.
export type ActionResult<T = undefined> =
  | { ok: true; message?: string; data?: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[] | undefined> };

export const idle = { ok: true } as ActionResult;
