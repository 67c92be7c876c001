"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { liftSignInBlockAction, removeSignInLinkAction } from "@/app/admin/sign-in-link-actions";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorBanner } from "@/components/error-banner";
import { SecondaryButton } from "@/components/teacher/form-controls";
import { idle, type ActionResult } from "@/lib/action-result";

/** A button that asks first (Radix AlertDialog), then sends `form` to `action`; says why when refused. */
function ConfirmedAction({
  buttonText,
  srLabel,
  title,
  message,
  confirmLabel,
  form,
  action,
  onOpen,
  children,
}: {
  buttonText: string;
  srLabel: string;
  title: string;
  message: string;
  confirmLabel: string;
  form: () => FormData;
  action: (state: ActionResult, form: FormData) => Promise<ActionResult>;
  onOpen?: () => void;
  children?: React.ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="inline-flex flex-col items-end gap-1">
      <SecondaryButton
        tone="danger"
        disabled={pending}
        onClick={() => {
          setError(null);
          onOpen?.();
          setConfirming(true);
        }}
      >
        {buttonText}
        <span className="sr-only"> {srLabel}</span>
      </SecondaryButton>
      {error && <ErrorBanner message={error} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        onConfirm={() =>
          start(async () => {
            const res = await action(idle, form());
            if (!res.ok) setError(res.message);
          })
        }
      >
        {children}
      </ConfirmDialog>
    </div>
  );
}

/**
 * Removes one school-account link after asking, with the choice to block the account from linking
 * again (off until ticked: most removals are of a link the person will make again).
 */
export function RemoveSignInLinkButton({ linkId, label, name }: { linkId: number; label: string; name: string }) {
  const t = useTranslations("adminGuardians");
  const [block, setBlock] = useState(false);
  return (
    <ConfirmedAction
      buttonText={t("remove")}
      srLabel={label}
      title={t("schoolAccount.removeTitle")}
      message={t("schoolAccount.removeMessage", { name })}
      confirmLabel={t("schoolAccount.removeConfirm")}
      onOpen={() => setBlock(false)}
      form={() => {
        const form = new FormData();
        form.set("linkId", String(linkId));
        if (block) form.set("block", "on");
        return form;
      }}
      action={removeSignInLinkAction}
    >
      <label className="mt-4 flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={block}
          onChange={(e) => setBlock(e.target.checked)}
          className="mt-0.5 size-4 shrink-0"
        />
        <span>{t("schoolAccount.block")}</span>
      </label>
    </ConfirmedAction>
  );
}

/** Lifts a block on a school account, after asking. */
export function LiftSignInBlockButton({ blockId, label }: { blockId: number; label: string }) {
  const t = useTranslations("adminGuardians");
  return (
    <ConfirmedAction
      buttonText={t("schoolAccount.lift")}
      srLabel={label}
      title={t("schoolAccount.liftTitle")}
      message={t("schoolAccount.liftMessage")}
      confirmLabel={t("schoolAccount.lift")}
      form={() => {
        const form = new FormData();
        form.set("blockId", String(blockId));
        return form;
      }}
      action={liftSignInBlockAction}
    />
  );
}
