import { getT } from "@/lib/i18n/request-locale";

/**
 * The one notice a concluded class's pages show (issue 41): its year is closed and its records are
 * kept. The pages then offer no write control, since the server refuses every write.
 */
export async function ConcludedBanner({ year }: { year: string }) {
  const t = await getT("years");
  return (
    <p
      role="note"
      data-testid="concluded-banner"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      {t("history.readOnly", { year })}
    </p>
  );
}
