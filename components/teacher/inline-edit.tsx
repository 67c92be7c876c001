"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";

/**
 * Click (or Enter on focus) to edit in place. Enter or blur saves the trimmed text, Escape
 * cancels; empty or whitespace-only text is ignored (spec §5). Multiline: Ctrl/⌘+Enter saves.
 */
export function InlineEdit({
  value,
  label,
  multiline = false,
  onSave,
  className = "",
  children,
}: {
  value: string;
  label: string;
  multiline?: boolean;
  onSave: (next: string) => Promise<boolean>;
  className?: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations("teacherShared");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const done = useRef(false);

  // A new value from the server replaces what is shown (adjusted while rendering, not in an effect).
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setShown(value);
  }
  useEffect(() => {
    if (editing) ref.current?.focus();
  }, [editing]);

  const start = () => {
    done.current = false;
    setDraft(shown);
    setEditing(true);
  };
  const finish = async (save: boolean) => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    const next = draft.trim();
    if (!save || next === "" || next === shown) return;
    const previous = shown;
    setShown(next);
    if (!(await onSave(next))) setShown(previous);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      void finish(false);
    } else if (e.key === "Enter" && (!multiline || e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void finish(true);
    }
  };

  if (editing) {
    const common = {
      ref,
      value: draft,
      "aria-label": label,
      onChange: (e: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => setDraft(e.target.value),
      onBlur: () => void finish(true),
      onKeyDown,
      className: `w-full rounded-lg border border-brand-600 bg-surface px-2 py-1 ${className}`,
    };
    return multiline ? <textarea rows={4} {...common} /> : <input {...common} />;
  }
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={t("clickToEdit", { label, value: shown })}
      onClick={start}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          start();
        }
      }}
      className={`cursor-text rounded-lg px-1 -mx-1 hover:bg-surface-muted ${className}`}
      // What is edited in place is the teacher's own title or text.
      data-user-text
    >
      {children ?? shown}
    </div>
  );
}
