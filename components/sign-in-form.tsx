"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { signInRefusalKey } from "@/lib/domain/messages";
import { ErrorBanner } from "./error-banner";

/**
 * The access-code form. With JavaScript it posts JSON to /api/session and refreshes the page in
 * place. Before the script has loaded (or without it) the browser posts the form itself, in the
 * request body, never in the URL; the server then redirects back here, with ?signin=… naming the
 * failure. The field is uncontrolled so nothing typed before hydration is lost.
 */
export function SignInForm({ focusCode = true }: { focusCode?: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const t = useTranslations("signIn");
  const refusal = signInRefusalKey(params.get("signin"));
  const [error, setError] = useState<string | null>(refusal && t(`refusals.${refusal}`));
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const field = new FormData(e.currentTarget).get("code");
    const code = typeof field === "string" ? field : "";
    start(async () => {
      try {
        const res = await fetch("/api/session", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code }),
        });
        const body = (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string };
        if (res.ok && body.ok) {
          setError(null);
          if (params.has("signin")) {
            const rest = new URLSearchParams(params);
            rest.delete("signin");
            router.replace(rest.size ? `${pathname}?${rest}` : pathname);
          }
          router.refresh();
        } else setError(body.message ?? t("refusals.error"));
      } catch {
        setError(t("refusals.error"));
      }
    });
  };

  return (
    <form method="post" action="/api/session" onSubmit={submit} className="mt-5 space-y-4">
      {error && <ErrorBanner message={error} />}
      <div>
        <label htmlFor="access-code" className="block text-sm font-medium">
          {t("accessCode")}
        </label>
        <input
          id="access-code"
          name="code"
          type="password"
          autoComplete="current-password"
          autoCapitalize="none"
          spellCheck={false}
          required
          /* eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page exists to type this one code; focus
             lands on it as the page opens (the parent page, which explains first, passes focusCode={false}). */
          autoFocus={focusCode}
          className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
