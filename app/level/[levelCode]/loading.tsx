import { getT } from "@/lib/i18n/request-locale";

export default async function Loading() {
  const t = await getT("classPage");
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div role="status" className="flex items-center gap-3 text-ink-muted">
        <span
          aria-hidden
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        />
        {t("loading")}
      </div>
    </main>
  );
}
