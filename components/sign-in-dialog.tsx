"use client";

import { Dialog } from "radix-ui";
import { useActionState } from "react";
import { signIn } from "@/app/auth/actions";
import type { ActionResult } from "@/lib/action-result";
import { ErrorBanner } from "./error-banner";

const initial: ActionResult = { ok: true };

/** The sign-in gate (spec §2): a modal that cannot be dismissed without signing in. */
export function SignInDialog() {
  const [state, action, pending] = useActionState(signIn, initial);
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-slate-900/60" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-semibold">Sign In</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            Enter the access code your school gave you.
          </Dialog.Description>
          <form action={action} className="mt-5 space-y-4">
            {!state.ok && <ErrorBanner message={state.message} />}
            <div>
              <label htmlFor="access-code" className="block text-sm font-medium">
                Access Code
              </label>
              <input
                id="access-code"
                name="code"
                type="password"
                autoComplete="current-password"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
                className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base"
              />
            </div>
            <button
              type="submit"
              disabled={pending}
              className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {pending ? "Signing In..." : "Sign In"}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
