"use client";

import { useActionState } from "react";
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
const RELATIONSHIP_LABELS = [
  ["guardian", "Guardian"],
  ["mother", "Mother"],
  ["father", "Father"],
  ["grandparent", "Grandparent"],
  ["other", "Other"],
] as const;

/** Link a guardian: `fixed` is the side this page is about; the other is typed as a username. */
export function LinkGuardianForm({ fixed }: { fixed: { studentId: number } | { parentId: number } }) {
  const [state, action, pending] = useActionState(linkGuardianAction, idle);
  const onStudent = "studentId" in fixed;
  const field = onStudent ? "parentUsername" : "studentUsername";
  return (
    <form action={action} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <ActionOutcome state={state} />
      <input
        type="hidden"
        name={onStudent ? "studentId" : "parentId"}
        value={onStudent ? fixed.studentId : fixed.parentId}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label={onStudent ? "Parent's username" : "Student's username"} htmlFor={`link-${field}`}>
          <TextInput id={`link-${field}`} name={field} required autoComplete="off" />
        </Field>
        <Field label="Relationship" htmlFor="link-relationship">
          <Select id="link-relationship" name="relationship" defaultValue="guardian">
            {RELATIONSHIP_LABELS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? "Linking..." : onStudent ? "Link guardian" : "Link child"}
        </PrimaryButton>
      </div>
    </form>
  );
}

export function UnlinkButton({ linkId, label }: { linkId: number; label: string }) {
  const [state, action, pending] = useActionState(unlinkGuardianAction, idle);
  return (
    <form action={action} className="inline-flex flex-col items-end gap-1">
      <input type="hidden" name="linkId" value={linkId} />
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        Remove<span className="sr-only"> {label}</span>
      </SecondaryButton>
      {!state.ok && <ErrorBanner message={state.message} />}
    </form>
  );
}

export function RevokeLinkButton({ linkId }: { linkId: number }) {
  const [state, action, pending] = useActionState(revokeReportLinkAction, idle);
  return (
    <form action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        Withdraw<span className="sr-only"> link {linkId}</span>
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
  return (
    <form action={action} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      {!state.ok && <ErrorBanner message={state.message} />}
      {url && (
        <div
          role="status"
          className="rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800 dark:text-brand-50"
        >
          New report-card link — shown once here; give it to the guardian now:
          <span className="mt-1 block break-all font-mono" data-testid="new-report-link">
            {url}
          </span>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label="Guardian" htmlFor="issue-guardian">
          <Select id="issue-guardian" name="guardianLinkId">
            {guardians.map((g) => (
              <option key={g.linkId} value={g.linkId}>
                {g.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Expires (optional)" htmlFor="issue-expires" hint="Default: 180 days from today">
          <TextInput id="issue-expires" name="expires" type="date" />
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? "Issuing..." : "Issue link"}
        </PrimaryButton>
      </div>
    </form>
  );
}
