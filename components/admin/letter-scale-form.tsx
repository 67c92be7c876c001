"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveLetterScaleAction } from "@/app/admin/term-actions";
import { ActionOutcome } from "@/components/error-banner";
import { PrimaryButton } from "@/components/teacher/form-controls";
import { idle } from "@/lib/action-result";
import {
  LETTER_SCALE_PRESETS,
  MAX_LABEL,
  MAX_STEPS,
  presetOf,
  type LetterScale,
  type LetterScalePreset,
} from "@/lib/domain/letter-scale";

// /admin → Terms → Letter scale (issue 42): the school's cut-offs and labels, started from a preset
// or written row by row. The server reads the rows in any order and says what is wrong with them
// (lib/domain/letter-scale scaleFromRows); nothing here decides what a valid scale is.

const cell = "rounded-lg border border-line bg-surface px-2 py-1.5 text-sm w-full";
const PRESETS = Object.keys(LETTER_SCALE_PRESETS) as LetterScalePreset[];

interface Row {
  key: number;
  min: string;
  label: string;
}

const rowsOf = (scale: LetterScale, from = 0): Row[] =>
  scale.steps.map((s, i) => ({ key: from + i, min: String(s.min), label: s.label }));

export function LetterScaleForm({ scale }: { scale: LetterScale }) {
  const t = useTranslations("letterScale");
  const [state, action, pending] = useActionState(saveLetterScaleAction, idle);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(scale));
  const [below, setBelow] = useState(scale.below);
  const [nextKey, setNextKey] = useState(scale.steps.length);
  const presetId = useId();
  const formId = useId();
  const [preset, setPreset] = useState<string>(() => presetOf(scale) ?? "");
  // After Add the new row's first box takes the focus, after Remove the Add button (by id).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  // Once saved, the rows read as the server keeps them: highest cut-off first.
  const [sortedFor, setSortedFor] = useState(state);
  if (state !== sortedFor) {
    setSortedFor(state);
    if (state.ok && state.message) setRows([...rows].sort((a, b) => Number(b.min) - Number(a.min)));
  }
  const applyPreset = (name: string) => {
    const preset = LETTER_SCALE_PRESETS[name as LetterScalePreset];
    if (!preset) return;
    setRows(rowsOf(preset, nextKey));
    setNextKey(nextKey + preset.steps.length);
    setBelow(preset.below);
  };
  const change = (key: number, field: "min" | "label", value: string) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  return (
    <section
      aria-labelledby="letter-scale-heading"
      className="mt-8 space-y-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="letter-scale"
    >
      <h2 id="letter-scale-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="max-w-prose text-sm text-muted">{t("help")}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={presetId} className="font-medium">
          {t("startFrom")}
        </label>
        <select
          id={presetId}
          className="rounded-lg border border-line bg-surface px-2 py-1.5"
          value={preset}
          onChange={(e) => setPreset(e.target.value)}
        >
          <option value="" disabled>
            —
          </option>
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`presets.${p}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted disabled:opacity-50"
          disabled={preset === ""}
          onClick={() => applyPreset(preset)}
        >
          {t("apply")}
        </button>
      </div>
      <form action={action} className="space-y-3">
        <ActionOutcome state={state} />
        <div className="relative max-w-md overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr className="[&_th]:text-start">
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {t("row")}
                </th>
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {t("from")}
                </th>
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {t("label")}
                </th>
                <th scope="col" className="pb-1">
                  <span className="sr-only">{t("remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <th scope="row" className="py-1 pe-2 font-normal tabular-nums text-muted">
                    {i + 1}
                  </th>
                  <td className="py-1 pe-2">
                    <input
                      id={`${formId}-min-${r.key}`}
                      className={`${cell} max-w-24`}
                      name={`min.${i}`}
                      value={r.min}
                      onChange={(e) => change(r.key, "min", e.target.value)}
                      inputMode="numeric"
                      maxLength={3}
                      aria-label={t("fromOf", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1 pe-2">
                    <input
                      className={`${cell} max-w-32`}
                      name={`label.${i}`}
                      value={r.label}
                      onChange={(e) => change(r.key, "label", e.target.value)}
                      maxLength={MAX_LABEL}
                      aria-label={t("labelOf", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1">
                    <button
                      type="button"
                      className="rounded-lg border border-line px-3 py-1.5 hover:bg-surface-muted"
                      onClick={() => {
                        setRows(rows.filter((x) => x.key !== r.key));
                        focusNext.current = `${formId}-add`;
                      }}
                      aria-label={t("removeOf", { n: i + 1 })}
                    >
                      {t("remove")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length < MAX_STEPS && (
          <button
            id={`${formId}-add`}
            type="button"
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
            onClick={() => {
              setRows([...rows, { key: nextKey, min: "", label: "" }]);
              setNextKey(nextKey + 1);
              focusNext.current = `${formId}-min-${nextKey}`;
            }}
          >
            {t("addRow")}
          </button>
        )}
        <label className="block max-w-md text-sm">
          <span className="font-medium">{t("below")}</span>
          <input
            className={`${cell} mt-1 block max-w-32`}
            name="below"
            value={below}
            onChange={(e) => setBelow(e.target.value)}
            maxLength={MAX_LABEL}
          />
        </label>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </PrimaryButton>
      </form>
    </section>
  );
}
