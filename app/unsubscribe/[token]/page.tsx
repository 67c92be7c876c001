import type { Metadata } from "next";
import { UnsubscribeForm } from "@/components/notifications/unsubscribe-form";
import { inspectUnsubscribe } from "@/lib/notify/unsubscribe";
import Link from "next/link";

export const metadata: Metadata = { title: "Unsubscribe", referrer: "no-referrer" };

/** The page an e-mail's "Unsubscribe" link opens (issue 20): no sign-in, one button, nothing changes on opening. */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 100);
  const link = inspectUnsubscribe(token);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold">Unsubscribe</h1>
      {link ? (
        <>
          <p className="mt-3">
            Stop receiving {link.what}? You can turn it back on at any time under Notifications → Notification settings.
          </p>
          <div className="mt-6">
            <UnsubscribeForm token={token} />
          </div>
        </>
      ) : (
        <p className="mt-3" role="alert">
          This unsubscribe link is not valid. Sign in to the portal and choose what you receive under Notifications.
        </p>
      )}
      <p className="mt-8 text-sm">
        <Link href="/" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Go to the portal
        </Link>
      </p>
    </main>
  );
}
