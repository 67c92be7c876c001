import { LOCALES, LOCALE_NAMES } from "@/lib/i18n/locales";

/**
 * The language a printing is made in (issue 31): empty = each reader's own language, else every
 * page in the one the admin picks. The route validates the value again (zod).
 */
export function PrintLanguageSelect({ id, eachOwn, className }: { id: string; eachOwn: string; className: string }) {
  return (
    <select id={id} name="language" defaultValue="" className={className}>
      <option value="">{eachOwn}</option>
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
