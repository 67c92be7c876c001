import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/notifications/unsubscribe-form";
import { inspectUnsubscribe } from "@/lib/notify/unsubscribe";
import { LocaleSwitcher } from "@/components/locale-switcher";
import { getT } from "@/lib/i18n/request-locale";
import { describeScopeForReader } from "../describe";
import Link from "next/link";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("unsubscribe"))("title"), referrer: "no-referrer" };
}

/** The page an e-mail's "Unsubscribe" link opens (issue 20): no sign-in, one button, nothing changes on opening. */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 100);
  const link = inspectUnsubscribe(token);
  const t = await getT("unsubscribe");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <LocaleSwitcher className="mb-4 justify-end" />
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {link ? (
        <>
          <p className="mt-3">{t("question", { what: await describeScopeForReader(link.scope) })}</p>
          <div className="mt-6">
            <UnsubscribeForm token={token} label={t("button")} />
          </div>
        </>
      ) : (
        <p className="mt-3" role="alert">
          {t("invalid")}
        </p>
      )}
      <p className="mt-8 text-sm">
        <Link href="/" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
          {t("goToPortal")}
        </Link>
      </p>
    </main>
  );
}
