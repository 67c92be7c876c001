import { Suspense } from "react";
import { codeRoles, someCodesSignIn } from "@/lib/auth/oidc/code-policy";
import { signInButtons } from "@/lib/auth/oidc/config";
import { codeRoleWords, codeRolesPhrase, signInDialog } from "@/lib/domain/sign-in-codes";
import { formatterFor } from "@/lib/i18n/translator";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { LocaleSwitcher } from "./locale-switcher";
import { SchoolSignInButtons } from "./school-sign-in";
import { SignInForm } from "./sign-in-form";

/**
 * What every gated route renders without a live session (spec §2: a sign-in modal). It is the
 * only thing on the page, so nothing behind it needs hiding and focus has nowhere to escape to:
 * it is rendered on the server as a dialog-styled card rather than a client-side modal, visible
 * at first paint, typed into before any script has run, and working without JavaScript at all.
 * With school accounts configured (issue 32) their buttons come first, and the code field shows
 * only when some role still signs in with a code (SIGNIN_CODES).
 */
export async function SignInScreen() {
  const providers = signInButtons();
  // The words are the school's the browser is in; the code field shows while any school's people
  // may still use codes (a visitor's school is not known before they sign in).
  const roles = codeRoles();
  const codes = signInDialog(providers.length, roles).codes || someCodesSignIn();
  const t = await getT("signIn");
  const locale = await requestLocale();
  // The same four cases as signInDialog, in the reader's language (issue 31).
  const who = codeRolesPhrase(roles)
    ? formatterFor(locale).list(codeRoleWords(roles).map((w) => t(`roles.${w as "students"}`)))
    : null;
  const description =
    providers.length === 0
      ? t("codesOnly")
      : !codes
        ? t("accountsOnly")
        : who
          ? t("staffAccounts", { who: who.charAt(0).toUpperCase() + who.slice(1) })
          : t("accountsOrCodes");
  return (
    <main className="min-h-screen">
      <h1 className="sr-only">{t("pageTitle")}</h1>
      <div aria-hidden className="fixed inset-0 bg-slate-900/60" />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-title"
        aria-describedby="sign-in-description"
        className="fixed left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-xl"
      >
        <h2 id="sign-in-title" className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p id="sign-in-description" className="mt-1 text-sm text-ink-muted">
          {description}
        </p>
        {providers.length > 0 && (
          <Suspense>
            <SchoolSignInButtons providers={providers} showRefusal={!codes} />
          </Suspense>
        )}
        {providers.length > 0 && codes && (
          <p className="mt-5 flex items-center gap-3 text-sm text-ink-muted" aria-hidden>
            <span className="h-px flex-1 bg-line" /> {t("or")} <span className="h-px flex-1 bg-line" />
          </p>
        )}
        {/* The code field keeps the focus: most people signing in are students with codes; staff tab back. */}
        {codes && <SignInForm />}
        <LocaleSwitcher className="mt-5" />
      </section>
    </main>
  );
}
