"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { regenerateCode } from "@/app/admin/actions";
import { ErrorBanner } from "@/components/error-banner";
import { SecondaryButton } from "@/components/teacher/form-controls";
import { NewCodeNotice } from "./people";

/** New code for one person (admin), shown once beside the button. */
export function RegenerateCodeButton({ userId, name }: { userId: number; name: string }) {
  const [result, setResult] = useState<{ code?: { name: string; code: string }; error?: string } | null>(null);
  const [pending, start] = useTransition();
  const t = useTranslations("adminUser");
  if (result?.code) return <NewCodeNotice value={result.code} onDismiss={() => setResult(null)} />;
  return (
    <div className="flex flex-col items-end gap-1">
      <SecondaryButton
        disabled={pending}
        onClick={() =>
          start(async () => {
            const res = await regenerateCode(userId);
            setResult(res.ok && res.data ? { code: res.data } : { error: res.ok ? t("noCodeBack") : res.message });
          })
        }
      >
        {t("newCode")}
        <span className="sr-only">{t("forName", { name })}</span>
      </SecondaryButton>
      {result?.error && <ErrorBanner message={result.error} />}
    </div>
  );
}
