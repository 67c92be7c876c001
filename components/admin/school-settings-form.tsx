"use client";

import { startTransition, useActionState, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveSchoolSettingsAction } from "@/app/admin/school-actions";
import { idle } from "@/lib/action-result";
import type { SchoolSettingsView } from "@/lib/district/school-settings";

const field = "mt-1 w-full max-w-md rounded-lg border border-line bg-surface px-3 py-2";
const ROLE_WORDS = ["students", "parents", "teachers", "admins"] as const;

/** /admin → School (issue 42): the school's own settings, each "install default" until set. */
export function SchoolSettingsForm({ view }: { view: SchoolSettingsView }) {
  const [state, action, pending] = useActionState(saveSchoolSettingsAction, idle);
  const t = useTranslations("schoolSettings");
  // Controlled: the radio enables the boxes, and a refused save keeps what was chosen.
  const [values, setValues] = useState({
    timeZone: view.own.timeZone,
    locale: view.own.locale,
    parentPortal: view.own.parentPortal,
    accountDomains: view.own.accountDomains,
  });
  const [codes, setCodes] = useState(view.own.codes);
  const [roles, setRoles] = useState<string[]>(view.own.codeRoles);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [name]: e.target.value });
  const rolesText = (words: string[]) =>
    words.length === 0 ? t("noneRoles") : words.map((w) => t(`roles.${w as "students"}`)).join(", ");
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-4"
      aria-labelledby="school-settings-heading"
      data-testid="school-settings"
    >
      <h2 id="school-settings-heading" className="font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("help")}</p>
      <form
        action={action}
        // React resets a form after its action, and a controlled select then shows its first option:
        // with scripts the form is sent from here, so what was chosen stays on screen (saved or not).
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          startTransition(() => action(data));
        }}
        className="mt-3 space-y-4"
      >
        <div>
          <label htmlFor="school-time-zone" className="block text-sm font-medium">
            {t("timeZone")}
          </label>
          <select
            id="school-time-zone"
            name="timeZone"
            value={values.timeZone}
            onChange={set("timeZone")}
            aria-describedby="school-time-zone-help"
            className={field}
          >
            <option value="">{t("installDefault", { value: view.install.timeZone })}</option>
            {view.timeZones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <p id="school-time-zone-help" className="mt-1 text-xs text-ink-muted">
            {t("timeZoneHelp")}
          </p>
        </div>
        <div>
          <label htmlFor="school-locale" className="block text-sm font-medium">
            {t("locale")}
          </label>
          <select
            id="school-locale"
            name="locale"
            value={values.locale}
            onChange={set("locale")}
            aria-describedby="school-locale-help"
            className={field}
          >
            <option value="">{t("installDefault", { value: t(`languages.${view.install.locale as "en"}`) })}</option>
            {view.locales.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l as "en"}`)}
              </option>
            ))}
          </select>
          <p id="school-locale-help" className="mt-1 text-xs text-ink-muted">
            {t("localeHelp")}
          </p>
        </div>
        <div>
          <label htmlFor="school-parent-portal" className="block text-sm font-medium">
            {t("parentPortal")}
          </label>
          <select
            id="school-parent-portal"
            name="parentPortal"
            value={values.parentPortal}
            onChange={set("parentPortal")}
            aria-describedby="school-parent-portal-help"
            className={field}
          >
            <option value="">
              {t("installDefault", { value: t(`portal.${view.install.parentPortal as "off"}`) })}
            </option>
            {(["verified", "open", "off"] as const).map((m) => (
              <option key={m} value={m}>
                {t(`portal.${m}`)}
              </option>
            ))}
          </select>
          <p id="school-parent-portal-help" className="mt-1 text-xs text-ink-muted">
            {t("parentPortalHelp")}
          </p>
        </div>
        <fieldset aria-describedby="school-codes-help">
          <legend className="text-sm font-medium">{t("codes")}</legend>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="codes"
              value="install"
              checked={codes === "install"}
              onChange={() => setCodes("install")}
              className="size-4"
            />
            {t("codesInstall", { value: rolesText(view.install.codeRoles) })}
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="codes"
              value="custom"
              checked={codes === "custom"}
              onChange={() => setCodes("custom")}
              className="size-4"
            />
            {t("codesCustom")}
          </label>
          {/* Never disabled: without scripts the boxes must still be sent with "Only for these roles". */}
          <fieldset className="ms-6 mt-1">
            <legend className="sr-only">{t("codesCustom")}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {ROLE_WORDS.map((w) => (
                <label key={w} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={`code.${w}`}
                    checked={roles.includes(w)}
                    onChange={(e) => {
                      setRoles(e.target.checked ? [...roles, w] : roles.filter((r) => r !== w));
                      setCodes("custom");
                    }}
                    className="size-4"
                  />
                  {t(`roles.${w}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <p id="school-codes-help" className="mt-1 text-xs text-ink-muted">
            {t("codesHelp")}
          </p>
        </fieldset>
        <div>
          <label htmlFor="school-domains" className="block text-sm font-medium">
            {t("domains")}
          </label>
          <input
            id="school-domains"
            name="accountDomains"
            value={values.accountDomains}
            onChange={set("accountDomains")}
            maxLength={2000}
            aria-describedby="school-domains-help"
            className={field}
            data-user-text
          />
          <p id="school-domains-help" className="mt-1 text-xs text-ink-muted">
            {t("domainsHelp")}
          </p>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t("save")}
        </button>
        <p role="status" aria-live="polite" className={`text-sm ${state.ok ? "" : "text-red-700"}`}>
          {state.message ?? ""}
        </p>
      </form>
    </section>
  );
}
