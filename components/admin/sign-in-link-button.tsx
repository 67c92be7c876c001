"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { removeSignInLinkAction } from "@/app/admin/sign-in-link-actions";
import { ErrorBanner } from "@/components/error-banner";
import { SecondaryButton } from "@/components/teacher/form-controls";
import { idle } from "@/lib/action-result";

/** Remove one school-account link; a form, so it works before the script has loaded. */
export function RemoveSignInLinkButton({ linkId, label }: { linkId: number; label: string }) {
  const [state, action, pending] = useActionState(removeSignInLinkAction, idle);
  const t = useTranslations("adminGuardians");
  return (
    <form action={action} className="inline-flex flex-col items-end gap-1">
      <input type="hidden" name="linkId" value={linkId} />
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        {t("remove")}
        <span className="sr-only"> {label}</span>
      </SecondaryButton>
      {!state.ok && <ErrorBanner message={state.message} />}
    </form>
  );
}
