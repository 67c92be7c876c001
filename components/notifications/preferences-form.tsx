"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { savePreferencesAction } from "@/app/notifications/actions";
import { idle } from "@/lib/action-result";
import { SaveWithStatus } from "./save-with-status";
import {
  DEFAULT_DELIVERY,
  DELIVERIES,
  NOTIFY_EVENTS,
  type NotifyEvent,
  type Preference,
} from "@/lib/domain/notify-events";

/** Per event: how to hear about it (native selects: labelled, keyboard and phone friendly), and the grade threshold. */
export function PreferencesForm({ prefs }: { prefs: Record<NotifyEvent, Preference> }) {
  const t = useTranslations("settings");
  const [state, action, pending] = useActionState(savePreferencesAction, idle);
  return (
    <form action={action} className="max-w-xl space-y-4">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-ink-muted max-sm:hidden">
            <th className="py-2 text-start font-medium">{t("event")}</th>
            <th className="py-2 text-start font-medium">{t("how")}</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFY_EVENTS.map((e) => (
            // On a phone each event's choice goes under its name, full width: side by side, the
            // choice was cut to a few letters in longer languages.
            <tr key={e} className="border-t border-line max-sm:block max-sm:py-1">
              <td className="py-2 pe-3 max-sm:block max-sm:pb-1">
                <label htmlFor={`pref-${e}`}>{t(`events.${e}`)}</label>
                <span className="block text-xs text-ink-muted">
                  {t("default", { delivery: t(`deliveries.${DEFAULT_DELIVERY[e]}`).toLowerCase() })}
                </span>
              </td>
              <td className="py-2 max-sm:block max-sm:pt-0">
                <select
                  id={`pref-${e}`}
                  name={e}
                  defaultValue={prefs[e].delivery}
                  className="w-full rounded-md border border-line bg-surface px-2 py-1.5"
                >
                  {DELIVERIES.map((d) => (
                    <option key={d} value={d}>
                      {t(`deliveries.${d}`)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <label htmlFor="pref-threshold" className="block text-sm font-medium">
          {t("threshold")}
        </label>
        <input
          id="pref-threshold"
          name="threshold"
          type="number"
          min={1}
          max={100}
          step={1}
          required
          defaultValue={prefs.grade.threshold}
          className="mt-1 w-24 rounded-md border border-line bg-surface px-2 py-1.5"
        />
      </div>
      <div className="flex items-center gap-3">
        <SaveWithStatus label={t("save")} pending={pending} state={state} />
      </div>
    </form>
  );
}
