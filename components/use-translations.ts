import { useMemo } from "react";
import { useTranslations as useIntlTranslations } from "use-intl";
import { withFastValues } from "@/lib/i18n/fast-values";

/**
 * use-intl's useTranslations, with messages that take only simple arguments filled in without its
 * per-call formatting work (lib/i18n/fast-values.ts). Client components import this one (ESLint).
 */
export const useTranslations = ((namespace?: string) => {
  const t = useIntlTranslations(namespace as never);
  return useMemo(() => withFastValues(t as never), [t]);
}) as typeof useIntlTranslations;
