"use client";

import { useTranslations } from "@/components/use-translations";

/** The pager's words in the reader's language; a client leaf so server pages and client lists share it. */
export function PagerView(props: {
  page: number;
  pages: number;
  total: number;
  previous: string | null;
  next: string | null;
}) {
  const t = useTranslations("header");
  return (
    <nav aria-label={t("pages")} className="mt-4 flex items-center justify-between text-sm">
      <span className="text-ink-muted">
        {t("pageOf", { page: props.page, pages: props.pages, total: props.total })}
      </span>
      <span className="flex gap-2">
        {props.previous && (
          <a href={props.previous} className="rounded-lg border border-line px-3 py-1.5 hover:bg-surface-muted">
            {t("previous")}
          </a>
        )}
        {props.next && (
          <a href={props.next} className="rounded-lg border border-line px-3 py-1.5 hover:bg-surface-muted">
            {t("next")}
          </a>
        )}
      </span>
    </nav>
  );
}
