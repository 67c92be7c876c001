"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "@/components/use-translations";
import { signInRefusalKey } from "@/lib/domain/messages";
import { ErrorBanner } from "./error-banner";

/**
 * "Sign in with <label>" (issue 32): plain links to /auth/oidc/<name>, so they work before any
 * script has loaded; the route handler redirects to the provider. When no code field follows,
 * this list shows why the last sign-in was refused (the code form shows it otherwise).
 */
export function SchoolSignInButtons({
  providers,
  showRefusal,
}: {
  providers: { name: string; label: string }[];
  showRefusal: boolean;
}) {
  const params = useSearchParams();
  const t = useTranslations("signIn");
  const key = showRefusal ? signInRefusalKey(params.get("signin")) : null;
  const refusal = key && t(`refusals.${key}`);
  return (
    <div className="mt-5 space-y-3">
      {refusal && <ErrorBanner message={refusal} />}
      <ul className="space-y-2" aria-label={t("schoolAccounts")}>
        {providers.map((p) => (
          <li key={p.name}>
            <a
              href={`/auth/oidc/${encodeURIComponent(p.name)}`}
              className="block w-full rounded-lg border border-line bg-surface px-4 py-2 text-center font-medium hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t("signInWith", { label: p.label })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
