"use client";

import { Dialog } from "radix-ui";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ErrorBanner } from "./error-banner";

/** The sign-in gate (spec §2): a modal that cannot be dismissed without signing in. */
export function SignInDialog() {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      try {
        const res = await fetch("/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
        const body = (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string };
        if (res.ok && body.ok) {
          setError(null);
          router.refresh();
        } else setError(body.message ?? "Something went wrong. Please try again.");
      } catch {
        setError("Something went wrong. Please try again.");
      }
    });
  };

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
          <Dialog.Description className="mt-1 text-sm text-ink-muted">Enter the access code your school gave you.</Dialog.Description>
          <form onSubmit={submit} className="mt-5 space-y-4">
            {error && <ErrorBanner message={error} />}
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
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base"
              />
            </div>
            <button type="submit" disabled={pending} className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
              {pending ? "Signing In..." : "Sign In"}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
