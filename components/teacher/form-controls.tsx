// The handful of shared form pieces, so every dashboard form looks and behaves the same.
import { useState } from "react";
import { useTranslations } from "@/components/use-translations";

export function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint && <p className="mt-1 text-xs text-ink-muted">{hint}</p>}
    </div>
  );
}

const inputClass = "w-full rounded-lg border border-line bg-surface px-3 py-2";

export function TextInput(props: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}

/** A textarea holds only what someone wrote: data-user-text (decision 029), as the pseudo-locale walk expects. */
export function TextArea(props: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea data-user-text {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}

export function Select(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}

export function PrimaryButton({
  type = "button",
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      {...props}
      className={`rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60 ${className}`}
    />
  );
}

export function SecondaryButton({
  type = "button",
  tone,
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { tone?: "danger" }) {
  const colour =
    tone === "danger"
      ? "text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
      : "hover:bg-surface-muted";
  return (
    <button
      type={type}
      {...props}
      className={`rounded-lg border border-line px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${colour} ${className}`}
    />
  );
}

/** The Cancel / submit row every dialog form ends with; the submit label changes while saving. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  /** Default: "Saving..." in the reader's language. */
  pendingLabel?: string;
}) {
  // `common`: every page has it, and the admin's forms use these too.
  const t = useTranslations("common");
  return (
    <div className="flex justify-end gap-2">
      <SecondaryButton onClick={onCancel}>{t("cancel")}</SecondaryButton>
      <PrimaryButton type="submit" disabled={pending}>
        {pending ? (pendingLabel ?? t("saving")) : label}
      </PrimaryButton>
    </div>
  );
}

/**
 * A form's text fields kept in one values object (a person's name, username, e-mail, phones...):
 * field(name, label) is the labelled input whose id is `${idPrefix}-${name}`, so each form's ids
 * stay its own.
 */
export function useTextFields<T extends Record<string, string>>(idPrefix: string, initial: T) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof T & string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} htmlFor={`${idPrefix}-${name}`}>
      <TextInput
        id={`${idPrefix}-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        {...props}
      />
    </Field>
  );
  return { values, setValues, field };
}
