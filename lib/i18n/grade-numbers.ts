import "server-only";
import { localizeDecimal } from "@/lib/domain/format";
import { env } from "@/lib/env";
import { intlLocaleOf } from "./locales";
import { getT, requestLocale } from "./request-locale";

/**
 * useGradeNumbers (components/grade-numbers.tsx) for server components: a grade's digits exactly
 * as the calculator gave them, with the reader's decimal mark unless GRADE_DECIMALS=point, and the
 * catalog's percent sign ("89,5 %").
 */
export async function gradeNumbers() {
  const locale = env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(await requestLocale());
  const t = await getT("common");
  const number = (value: number | string) => localizeDecimal(value, locale);
  return { number, percent: (value: number | string) => t("percent", { value: number(value) }) };
}
