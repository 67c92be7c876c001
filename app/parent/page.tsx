import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ParentPortal } from "@/components/parent/parent-portal";
import { SignInForm } from "@/components/sign-in-form";
import { getSessionUser } from "@/lib/auth/session";
import { portalMode } from "@/lib/parent/portal";
import { getT } from "@/lib/i18n/request-locale";
import { LocaleSwitcher } from "@/components/locale-switcher";
import Link from "next/link";
import { PageMessages } from "@/components/page-messages";
import { currentSchoolName } from "@/lib/school-name";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("parent"))("title") };
}
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
  const t = await getT("parent");
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="print:hidden">
        <LocaleSwitcher className="float-end" />
        <Link href="/" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          {await currentSchoolName()}
        </Link>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-ink-muted">{mode === "open" ? t("introOpen") : t("introVerified")}</p>
      </header>
      <div className="mt-6 space-y-6">
        {mode === "off" ? (
          <p role="status" className="rounded-2xl border border-line bg-surface p-6">
            {t("portalOff")}
          </p>
        ) : (
          <PageMessages namespaces={["parent", "reportCard"]}>
            <ParentPortal mode={mode} />
          </PageMessages>
        )}
        {mode !== "open" && (
          <section
            aria-labelledby="letter-sign-in"
            className="rounded-2xl border border-line bg-surface p-5 shadow-sm print:hidden"
          >
            <h2 id="letter-sign-in" className="text-lg font-semibold">
              {t("letterTitle")}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{t("letterText")}</p>
            <SignInForm focusCode={false} />
          </section>
        )}
      </div>
    </main>
  );
}
