"use client";

import { createContext, useContext } from "react";
import { useTranslations } from "@/components/use-translations";
import { localizeDecimal } from "@/lib/domain/format";

// The language grades are written in (GRADE_DECIMALS, issue 31): the reader's, or "en" when the
// school keeps the decimal point. Set once by the layout; read by every screen that shows a grade.
const GradeNumberLocale = createContext("en");

export function GradeNumberProvider({ locale, children }: { locale: string; children: React.ReactNode }) {
  return <GradeNumberLocale.Provider value={locale}>{children}</GradeNumberLocale.Provider>;
}

/** `number(89.5)` → "89,5"; `percent(89.5)` → "89,5 %" (the catalog decides the sign's spacing). */
export function useGradeNumbers() {
  const locale = useContext(GradeNumberLocale);
  const t = useTranslations("common");
  const number = (value: number | string) => localizeDecimal(value, locale);
  return { number, percent: (value: number | string) => t("percent", { value: number(value) }) };
}
