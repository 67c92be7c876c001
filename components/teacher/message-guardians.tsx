"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  previewGuardianMessage,
  sendGuardianMessage,
  type MessagePreviewView,
} from "@/app/level/[levelCode]/update/message-actions";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import { Field, PrimaryButton, SecondaryButton, TextArea, TextInput } from "./form-controls";

const MAX = 1000;

type Target = { kind: "not_submitted"; assignmentId: number; title: string } | { kind: "below"; term?: string };

/**
 * "Message guardians" (issue 20): from an assignment, the guardians of students who have not
 * handed it in; from the Summary, of students under a percent. Preview first (who and how many,
 * each student ticked: untick those who should not get it), then send.
 */
export function MessageGuardians({ levelCode, target }: { levelCode: string; target: Target }) {
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState("70");
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<MessagePreviewView | null>(null);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("teacherGuardians");
  const common = useTranslations("common");
  const wire =
    target.kind === "not_submitted"
      ? { kind: target.kind, assignmentId: target.assignmentId }
      : { kind: target.kind, percent, term: target.term };
  const title = target.kind === "not_submitted" ? t("titleNotSubmitted", { title: target.title }) : t("titleBelow");

  const reset = () => {
    setPreview(null);
    setUnticked(new Set());
    setError(null);
  };
  const ticked = preview ? preview.picked.filter((s) => !unticked.has(s.id)) : [];
  const toggle = (id: number) =>
    setUnticked((u) => {
      const next = new Set(u);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <SecondaryButton onClick={() => setOpen(true)}>
        {target.kind === "not_submitted" ? t("button") : t("buttonBelow")}
      </SecondaryButton>
      <Modal open={open} onOpenChange={(o) => (setOpen(o), o || reset())} title={title} description={t("description")}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            start(async () => {
              if (!preview) {
                const res = await previewGuardianMessage({ levelCode, target: wire });
                if (res.ok && res.data) {
                  setPreview(res.data);
                  setError(null);
                } else setError(res.message ?? t("previewFailed"));
                return;
              }
              const res = await sendGuardianMessage({
                levelCode,
                target: wire,
                text,
                studentIds: ticked.map((s) => s.id),
              });
              if (res.ok) {
                toast(res.message ?? t("sent"), "success");
                setOpen(false);
                setText("");
                reset();
              } else setError(res.message ?? t("sendFailed"));
            });
          }}
        >
          {target.kind === "below" && (
            <Field label={t("percent")} htmlFor="message-percent">
              <TextInput
                id="message-percent"
                type="number"
                min={1}
                max={100}
                step={1}
                required
                value={percent}
                onChange={(e) => (setPercent(e.target.value), reset())}
                className="w-24"
              />
            </Field>
          )}
          <Field label={t("message")} htmlFor="message-text" hint={t("characters", { count: text.length, max: MAX })}>
            <TextArea
              id="message-text"
              required
              maxLength={MAX}
              rows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          {preview && (
            <div
              role="status"
              className="rounded-lg border border-line bg-surface-muted p-3 text-sm"
              data-testid="message-preview"
            >
              <p className="font-medium">
                {t("summary", {
                  guardians: preview.guardians,
                  students: preview.students,
                  describe: preview.describe,
                })}
              </p>
              {preview.picked.length > 0 && (
                <fieldset className="mt-2">
                  <legend className="text-ink-muted">{t("untick")}</legend>
                  <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
                    {preview.picked.map((s) => (
                      <li key={s.id}>
                        <label className="flex items-center gap-2">
                          <input type="checkbox" checked={!unticked.has(s.id)} onChange={() => toggle(s.id)} />
                          <span data-user-text>{s.name}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              )}
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <SecondaryButton onClick={() => setOpen(false)}>{common("cancel")}</SecondaryButton>
            <PrimaryButton
              type="submit"
              disabled={pending || (preview !== null && (preview.guardians === 0 || ticked.length === 0))}
            >
              {!preview
                ? t("preview")
                : unticked.size === 0
                  ? t("sendAll", { guardians: preview.guardians })
                  : t("sendTicked", { students: ticked.length })}
            </PrimaryButton>
          </div>
        </form>
      </Modal>
    </>
  );
}
