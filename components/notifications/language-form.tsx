"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveMyLocaleAction } from "@/app/locale/actions";
import { idle } from "@/lib/action-result";
import { SaveWithStatus } from "./save-with-status";
import { LOCALES, LOCALE_NAMES } from "@/lib/i18n/locales";

/**
 * One's own language (issue 31), kept on the account: the portal and the school's e-mails to this
 * person follow it. A guardian's is their own, whatever their child's is. Each language's name is
 * written in itself (lang on the option), so anyone can find theirs.
 */
export function LanguageForm({ current }: { current: string }) {
  const t = useTranslations("settings");
  const [state, action, pending] = useActionState(saveMyLocaleAction, idle);
  return (
    <form action={action} className="max-w-xl space-y-2" aria-labelledby="language-title">
      <h2 id="language-title" className="text-lg font-semibold">
        {t("languageTitle")}
      </h2>
      <p className="text-sm text-ink-muted" id="language-help">
        {t("languageHelp")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="language" className="sr-only">
          {t("languageTitle")}
        </label>
        <select
          id="language"
          name="locale"
          defaultValue={current}
          aria-describedby="language-help"
          className="rounded-md border border-line bg-surface px-2 py-1.5"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
        <SaveWithStatus label={t("saveLanguage")} pending={pending} state={state} />
      </div>
    </form>
  );
}
