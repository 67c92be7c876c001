import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ParentPortal } from "@/components/parent/parent-portal";
import { SignInForm } from "@/components/sign-in-form";
import { getSessionUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { PORTAL_OFF_MESSAGE, portalMode } from "@/lib/parent/portal";
import Link from "next/link";

export const metadata: Metadata = { title: "Parent portal" };
export const dynamic = "force-dynamic";

/**
 * Parent portal (spec §2), in the school's PARENT_PORTAL mode (decision 004). In `verified` mode a
 * phone number only says whether it is on file; the letter's access code, entered here, signs the
 * parent in and home lists their children.
 */
export default async function ParentPage() {
  const user = await getSessionUser();
  if (user?.role === "parent") redirect("/");
  const mode = portalMode();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="print:hidden">
        <Link href="/" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          {env().SCHOOL_NAME}
        </Link>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Parent portal</h1>
        <p className="mt-1 text-ink-muted">
          {mode === "open"
            ? "Find your child's report card with the parent phone number the school has on file."
            : "Check that the school has your phone number, and sign in with the access code from your letter."}
        </p>
      </header>
      <div className="mt-6 space-y-6">
        {mode === "off" ? (
          <p role="status" className="rounded-2xl border border-line bg-surface p-6">
            {PORTAL_OFF_MESSAGE}
          </p>
        ) : (
          <ParentPortal mode={mode} />
        )}
        {mode !== "open" && (
          <section
            aria-labelledby="letter-sign-in"
            className="rounded-2xl border border-line bg-surface p-5 shadow-sm print:hidden"
          >
            <h2 id="letter-sign-in" className="text-lg font-semibold">
              Have a letter from the school?
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              Open its report-card link or scan its square code with your phone, or sign in here with the access code
              printed on it to see all your children.
            </p>
            <SignInForm focusCode={false} />
          </section>
        )}
      </div>
    </main>
  );
}
