"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  issueReportLinkAction,
  linkGuardianAction,
  revokeReportLinkAction,
  unlinkGuardianAction,
} from "@/app/admin/guardian-actions";
import { ActionOutcome, ErrorBanner } from "@/components/error-banner";
import { Field, PrimaryButton, SecondaryButton, Select, TextInput } from "@/components/teacher/form-controls";
import type { ActionResult } from "@/lib/action-result";

// The admin's guardian and report-card link forms. Each posts to a server action that checks the
// admin itself; the page re-renders with the change (revalidatePath), a refusal shows here.

const idle: ActionResult = { ok: true };
const RELATIONSHIPS = ["guardian", "mother", "father", "grandparent", "other"] as const;

/** Link a guardian: `fixed` is the side this page is about; the other is typed as a username. */
export function LinkGuardianForm({ fixed }: { fixed: { studentId: number } | { parentId: number } }) {
  const [state, action, pending] = useActionState(linkGuardianAction, idle);
  const onStudent = "studentId" in fixed;
  const field = onStudent ? "parentUsername" : "studentUsername";
  const t = useTranslations("adminGuardians");
  return (
    <form action={action} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <ActionOutcome state={state} />
      <input
        type="hidden"
        name={onStudent ? "studentId" : "parentId"}
        value={onStudent ? fixed.studentId : fixed.parentId}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label={t(field)} htmlFor={`link-${field}`}>
          <TextInput id={`link-${field}`} name={field} required autoComplete="off" />
        </Field>
        <Field label={t("relationship")} htmlFor="link-relationship">
          <Select id="link-relationship" name="relationship" defaultValue="guardian">
            {RELATIONSHIPS.map((v) => (
              <option key={v} value={v}>
                {t(`relationships.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("linking") : onStudent ? t("linkGuardian") : t("linkChild")}
        </PrimaryButton>
      </div>
    </form>
  );
}

export function UnlinkButton({ linkId, label }: { linkId: number; label: string }) {
  const [state, action, pending] = useActionState(unlinkGuardianAction, idle);
  const t = useTranslations("adminGuardians");
  return (
    <form action={action} className="inline-flex flex-col items-end gap-1">
      <input type="hidden" name="linkId" value={linkId} />
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        {t("remove")}
        <span className="sr-only" data-user-text>
          {" "}
          {label}
        </span>
      </SecondaryButton>
      {!state.ok && <ErrorBanner message={state.message} />}
    </form>
  );
}

export function RevokeLinkButton({ linkId }: { linkId: number }) {
  const [state, action, pending] = useActionState(revokeReportLinkAction, idle);
  const t = useTranslations("adminGuardians");
  return (
    <form action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        {t("withdraw")}
        <span className="sr-only">{t("linkNo", { id: linkId })}</span>
      </SecondaryButton>
      {!state.ok && <ErrorBanner message={state.message} />}
    </form>
  );
}

const idleIssue: ActionResult<{ path: string; url: string }> = { ok: true };

/** Issue a report-card link; the address is shown once, here, and never again. */
export function IssueLinkForm({ guardians }: { guardians: { linkId: number; name: string }[] }) {
  const [state, action, pending] = useActionState(issueReportLinkAction, idleIssue);
  // The full address comes from the server: the form may post before this script has loaded.
  const url = state.ok && state.data ? state.data.url : null;
  const t = useTranslations("adminGuardians");
  return (
    <form action={action} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      {!state.ok && <ErrorBanner message={state.message} />}
      {url && (
        <div
          role="status"
          className="rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800 dark:text-brand-50"
        >
          {t("newLink")}
          <span className="mt-1 block break-all font-mono" data-testid="new-report-link" data-user-text>
            {url}
          </span>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label={t("guardian")} htmlFor="issue-guardian">
          <Select id="issue-guardian" name="guardianLinkId">
            {guardians.map((g) => (
              <option key={g.linkId} value={g.linkId} data-user-text>
                {g.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("expires")} htmlFor="issue-expires" hint={t("expiresHint")}>
          <TextInput id="issue-expires" name="expires" type="date" />
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("issuing") : t("issue")}
        </PrimaryButton>
      </div>
    </form>
  );
}
