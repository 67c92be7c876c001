"use client";

// Return (issue 44, decision 033): "Return" for one or a few students' drafts, or "Return all (N)"
// for every draft of an assignment posted on return. The grading queue, View Responses and the
// Assignments tab use it; the action checks everything (app/level/[levelCode]/update/return-actions.ts).
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { returnGrades } from "@/app/level/[levelCode]/update/return-actions";
import { useToast } from "@/components/toast";
import { useTranslations } from "@/components/use-translations";
import { SecondaryButton } from "./form-controls";

export function ReturnButton({
  levelCode,
  assignmentId,
  studentIds,
  count,
  studentName,
  onReturned,
  disabled = false,
}: {
  levelCode: string;
  assignmentId: number;
  /** The students whose drafts to return; left out: every draft of the assignment. */
  studentIds?: number[];
  /** How many drafts the button returns (shown on "Return all"). */
  count: number;
  /** Names the one student of a per-student button to screen readers. */
  studentName?: string;
  /** Called after a return succeeds (a modal updating what it shows). */
  onReturned?: () => void;
  /** Not now (the grading queue, while the grade on screen is not saved: the stored one would go). */
  disabled?: boolean;
}) {
  const t = useTranslations("returns");
  const toast = useToast();
  const router = useRouter();
  const [pending, start] = useTransition();
  if (count === 0) return null;
  const one = studentIds !== undefined;
  return (
    <SecondaryButton
      disabled={pending || disabled}
      aria-label={
        pending
          ? t("returning")
          : !one
            ? t("returnAllLabel", { count })
            : studentName
              ? t("returnOneLabel", { student: studentName })
              : undefined
      }
      onClick={() =>
        start(async () => {
          const res = await returnGrades({ levelCode, assignmentId, studentIds });
          toast(res.message ?? "", res.ok ? "success" : "error");
          if (res.ok) {
            onReturned?.();
            router.refresh();
          }
        })
      }
    >
      {pending ? t("returning") : one ? t("returnOne") : t("returnAll", { count })}
    </SecondaryButton>
  );
}
