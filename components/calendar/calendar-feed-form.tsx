"use client";

import { useActionState } from "react";
import { newCalendarFeedAction, turnOffCalendarFeedAction } from "@/app/calendar/actions";
import { useTranslations } from "@/components/use-translations";
import { idle, type ActionResult } from "@/lib/action-result";

/** Make a new feed address (shown once, here) or turn the feed off. The actions answer in the reader's language. */
export function CalendarFeedForm({ live }: { live: boolean }) {
  const t = useTranslations("calendarFeed");
  const [made, make, making] = useActionState(
    async () => newCalendarFeedAction(),
    idle as ActionResult<{ url: string }>,
  );
  const [off, turnOff, turning] = useActionState(async () => turnOffCalendarFeedAction(), idle);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <form action={make}>
          <button
            type="submit"
            disabled={making}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {live ? t("makeNew") : t("make")}
          </button>
        </form>
        {live && (
          <form action={turnOff}>
            <button
              type="submit"
              disabled={turning}
              className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
            >
              {t("turnOff")}
            </button>
          </form>
        )}
      </div>
      {made.ok && made.data && (
        <div role="status" className="rounded-xl border border-brand-600 bg-surface p-4 text-sm">
          <p>{made.message}</p>
          <p className="mt-2 font-medium">{t("addThis")}</p>
          <input
            readOnly
            value={made.data.url}
            aria-label={t("address")}
            className="mt-2 w-full rounded-md border border-line bg-surface-muted px-2 py-1.5 font-mono text-xs"
            data-testid="calendar-feed-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {!made.ok && (
        <p role="alert" className="text-sm text-red-700">
          {made.message}
        </p>
      )}
      {off.message && (
        <p role={off.ok ? "status" : "alert"} className="text-sm">
          {off.message}
        </p>
      )}
    </div>
  );
}
