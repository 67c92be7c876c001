import type { Metadata } from "next";
import { ParentPortal } from "@/components/parent/parent-portal";
import { env } from "@/lib/env";
import { PORTAL_OFF_MESSAGE } from "@/lib/parent/portal";

export const metadata: Metadata = { title: "Parent portal" };
export const dynamic = "force-dynamic";

/** Parent portal (spec §2): no sign-in; every lookup goes through the rate-limited API. */
export default function ParentPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="print:hidden">
        <a href="/" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          Classroom Portal
        </a>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Parent portal</h1>
        <p className="mt-1 text-ink-muted">Find your child's report card with the parent phone number the school has on file.</p>
      </header>
      <div className="mt-6">{env().PARENT_PORTAL === "off" ? <p role="status" className="rounded-2xl border border-line bg-surface p-6">{PORTAL_OFF_MESSAGE}</p> : <ParentPortal />}</div>
    </main>
  );
}
