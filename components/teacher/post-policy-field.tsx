"use client";

// "When do students see grades?" (issue 44, decision 033): at once (each grade as it is saved) or
// when the teacher returns them (drafts until then). A Radix radio group, posted as postPolicy.
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { useTranslations } from "@/components/use-translations";
import type { PostPolicy } from "@/lib/domain/rubric-types";

const CHOICES = [
  { value: "immediate", label: "policyImmediate", hint: "policyImmediateHint" },
  { value: "on_return", label: "policyOnReturn", hint: "policyOnReturnHint" },
] as const;

export function PostPolicyField({ value, onChange }: { value: PostPolicy; onChange: (v: PostPolicy) => void }) {
  const t = useTranslations("returns");
  const id = useId();
  return (
    <fieldset>
      <legend id={`${id}-legend`} className="text-sm font-medium">
        {t("policyLegend")}
      </legend>
      <RadioGroup.Root
        name="postPolicy"
        value={value}
        onValueChange={(v) => onChange(v as PostPolicy)}
        aria-labelledby={`${id}-legend`}
        className="mt-2 grid gap-2 sm:grid-cols-2"
      >
        {CHOICES.map((c) => (
          <label
            key={c.value}
            htmlFor={`${id}-${c.value}`}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-2.5 has-[[data-state=checked]]:border-brand-600"
          >
            <RadioGroup.Item
              id={`${id}-${c.value}`}
              value={c.value}
              aria-describedby={`${id}-${c.value}-hint`}
              className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-ink-muted focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-brand-600" />
            </RadioGroup.Item>
            <span className="text-sm">
              <span className="block font-medium">{t(c.label)}</span>
              <span id={`${id}-${c.value}-hint`} className="block text-ink-muted">
                {t(c.hint)}
              </span>
            </span>
          </label>
        ))}
      </RadioGroup.Root>
    </fieldset>
  );
}
