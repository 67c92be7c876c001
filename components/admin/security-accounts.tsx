"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { settlePendingLinkAction } from "@/app/admin/guardian-actions";
import { ErrorBanner } from "@/components/error-banner";
import { PrimaryButton, SecondaryButton } from "@/components/teacher/form-controls";
import type { ActionResult } from "@/lib/action-result";

// Issue 28 on the admin's Security tab: parent links waiting for an admin (a teacher typed the
// parent number), and students teachers added from another teacher's class.

export interface PendingLinkView {
  id: number;
  at: string;
  parentId: number;
  parentName: string;
  parentPhone: string | null;
  studentId: number;
  studentName: string;
}

export interface CrossClassView {
  key: string;
  at: string;
  actorName: string | null;
  levelCode: string | null;
  studentId: number;
  studentName: string | null;
  classes: string;
}

const idle: ActionResult = { ok: true };

function SettleButtons({ id, label }: { id: number; label: string }) {
  const [state, action, pending] = useActionState(settlePendingLinkAction, idle);
  const t = useTranslations("adminSecurity");
  return (
    <form action={action} className="flex flex-col items-end gap-1">
      <input type="hidden" name="pendingId" value={id} />
      <div className="flex gap-2">
        <PrimaryButton type="submit" name="decision" value="confirm" disabled={pending}>
          {t("confirm")}
          <span className="sr-only"> {label}</span>
        </PrimaryButton>
        <SecondaryButton type="submit" name="decision" value="dismiss" tone="danger" disabled={pending}>
          {t("dismiss")}
          <span className="sr-only"> {label}</span>
        </SecondaryButton>
      </div>
      {!state.ok && <ErrorBanner message={state.message} />}
    </form>
  );
}

export function PendingParentLinks({ rows }: { rows: PendingLinkView[] }) {
  const t = useTranslations("adminSecurity");
  return (
    <section aria-labelledby="pending-links-heading">
      <h2 id="pending-links-heading" className="text-lg font-semibold">
        {t("pending", { count: rows.length })}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("pendingHelp")}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t("nothing")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm" data-testid="pending-link">
              <div className="min-w-0 flex-1">
                <a href={`/admin/parents/${r.parentId}`} className="font-medium hover:underline" data-user-text>
                  {r.parentName}
                </a>
                {r.parentPhone ? <span data-user-text>{` (${r.parentPhone})`}</span> : ""} →{" "}
                <a href={`/admin/students/${r.studentId}`} className="font-medium hover:underline" data-user-text>
                  {r.studentName}
                </a>
                <div className="text-ink-muted">{r.at}</div>
              </div>
              <SettleButtons id={r.id} label={t("asParent", { parent: r.parentName, student: r.studentName })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CrossClassEnrollments({ rows }: { rows: CrossClassView[] }) {
  const t = useTranslations("adminSecurity");
  return (
    <section aria-labelledby="cross-class-heading">
      <h2 id="cross-class-heading" className="text-lg font-semibold">
        {t("cross")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("crossHelp")}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t("none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
          {rows.map((r) => (
            <li key={r.key} className="px-4 py-3 text-sm" data-testid="cross-class-enrollment">
              <a href={`/admin/students/${r.studentId}`} className="font-medium hover:underline">
                {r.studentName ? <span data-user-text>{r.studentName}</span> : t("studentNo", { id: r.studentId })}
              </a>{" "}
              {t("addedTo", {
                class: r.levelCode ?? t("aClass"),
                who: r.actorName ?? t("someone"),
                at: r.at,
              })}
              <div className="text-ink-muted">
                {t.rich("alsoIn", { classes: () => <span data-user-text>{r.classes}</span> })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
