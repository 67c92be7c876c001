import { SignInDialog } from "./lazy-sign-in";

/** What every gated route renders without a live session. */
export function SignInScreen() {
  return (
    <main className="min-h-screen">
      <h1 className="sr-only">Classroom Portal sign in</h1>
      <SignInDialog />
    </main>
  );
}
