"use client";

import { startTransition, useActionState, useState } from "react";
import { useFormatter } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { saveSchoolSettingsAction } from "@/app/admin/school-actions";
import { idle } from "@/lib/action-result";
import type { SchoolSettingsView } from "@/lib/district/school-settings";
import { CODE_ROLE_WORDS } from "@/lib/domain/sign-in-codes";

const field = "mt-1 w-full max-w-md rounded-lg border border-line bg-surface px-3 py-2";

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
  // "Students, parents and admins" / "estudiantes, familias y administradores": the language's own list.
  const format = useFormatter();
  const rolesText = (words: string[]) =>
    words.length === 0
      ? t("noneRoles")
      : format.list(
          words.map((w) => t(`roles.${w as "students"}`)),
          { type: "conjunction" },
        );
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
        <SettingSelect
          id="school-time-zone"
          name="timeZone"
          label={t("timeZone")}
          help={t("timeZoneHelp")}
          value={values.timeZone}
          onChange={set("timeZone")}
          installDefault={t("installDefault", { value: view.install.timeZone })}
          options={view.timeZones.map((z) => [z, z])}
        />
        <SettingSelect
          id="school-locale"
          name="locale"
          label={t("locale")}
          help={t("localeHelp")}
          value={values.locale}
          onChange={set("locale")}
          installDefault={t("installDefault", { value: t(`languages.${view.install.locale as "en"}`) })}
          options={view.locales.map((l) => [l, t(`languages.${l as "en"}`)])}
        />
        <SettingSelect
          id="school-parent-portal"
          name="parentPortal"
          label={t("parentPortal")}
          help={t("parentPortalHelp")}
          value={values.parentPortal}
          onChange={set("parentPortal")}
          installDefault={t("installDefault", { value: t(`portal.${view.install.parentPortal as "off"}`) })}
          options={(["verified", "open", "off"] as const).map((m) => [m, t(`portal.${m}`)])}
        />
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
              {CODE_ROLE_WORDS.map((w) => (
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

/** One of the form's choices: "Install default (…)" first, then the school's own options. */
function SettingSelect(props: {
  id: string;
  name: string;
  label: string;
  help: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  installDefault: string;
  options: (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={props.onChange}
        aria-describedby={`${props.id}-help`}
        className={field}
      >
        <option value="">{props.installDefault}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <p id={`${props.id}-help`} className="mt-1 text-xs text-ink-muted">
        {props.help}
      </p>
    </div>
  );
}
