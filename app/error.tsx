"use client";

import { useTranslations } from "@/components/use-translations";

/**
 * A page that failed while rendering (decision 030: most often the database away for a moment
 * during a failover). The reader's language comes from the root layout, which does not need the
 * database to choose it; no detail of the error is shown, the server log has it.
 */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t("pageErrorTitle")}</h1>
      <p role="alert">{t("pageError")}</p>
      <button
        type="button"
        onClick={() => reset()}
        className="rounded-lg border border-line px-4 py-2 font-medium hover:bg-surface-muted"
      >
        {t("tryAgain")}
      </button>
    </main>
  );
}
