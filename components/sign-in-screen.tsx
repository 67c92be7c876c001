import { SignInForm } from "./sign-in-form";

/**
 * What every gated route renders without a live session (spec §2: a sign-in modal). It is the
 * only thing on the page, so nothing behind it needs hiding and focus has nowhere to escape to:
 * it is rendered on the server as a dialog-styled card rather than a client-side modal, visible
 * at first paint, typed into before any script has run, and working without JavaScript at all.
 */
export function SignInScreen() {
  return (
    <main className="min-h-screen">
      <h1 className="sr-only">Classroom Portal sign in</h1>
      <div aria-hidden className="fixed inset-0 bg-slate-900/60" />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-title"
        aria-describedby="sign-in-description"
        className="fixed left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-xl"
      >
        <h2 id="sign-in-title" className="text-xl font-semibold">
          Sign In
        </h2>
        <p id="sign-in-description" className="mt-1 text-sm text-ink-muted">
          Enter the access code your school gave you.
        </p>
        <SignInForm />
      </section>
    </main>
  );
}
