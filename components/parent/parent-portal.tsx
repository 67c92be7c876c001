"use client";

import { useTranslations } from "@/components/use-translations";
import { useRef, useState, useTransition } from "react";
import { ErrorBanner } from "@/components/error-banner";
import { phoneDigits, validateParentPhone } from "@/lib/domain/phone";
import type { ReportCardView } from "@/lib/domain/report-card";
import { ReportCard } from "./report-card";

/** Expected refusals (validation, no match, rate limit) come back as they are; failures are prefixed as the spec says. */
async function post<T>(
  url: string,
  body: unknown,
  failed: (message: string) => string,
): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (res.ok) return { ok: true, data: json as T };
  const message = json.error ?? `HTTP ${res.status}`;
  return { ok: false, message: res.status >= 500 ? failed(message) : message };
}

type LookupReply = { mode: "verified"; onFile: true } | { mode: "open"; students: { id: number; name: string }[] };

/**
 * The phone lookup. `open` (the spec's original): names, then a report card. `verified`: the
 * server says only whether the whole number is on file, and where the report card is instead.
 */
export function ParentPortal({ mode }: { mode: "verified" | "open" }) {
  const t = useTranslations("parent");
  const failed = (message: string) => t("failedToFetch", { message });
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [students, setStudents] = useState<{ id: number; name: string }[] | null>(null);
  const [onFile, setOnFile] = useState(false);
  const [card, setCard] = useState<ReportCardView | null>(null);
  const [lookedUp, setLookedUp] = useState("");
  const lookups = useRef(0);
  const [pending, start] = useTransition();
  const digits = phoneDigits(phone);

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    // A new lookup clears the last one's answer at once: it belonged to another number, and must not
    // stay on screen beside this one while the server answers (or when the form refuses this one).
    setStudents(null);
    setOnFile(false);
    setError(null);
    const check = validateParentPhone(phone);
    if (!check.ok) return setError(t(check.problem));
    const ticket = ++lookups.current;
    start(async () => {
      try {
        const res = await post<LookupReply>("/api/parent/lookup", { phone }, failed);
        if (ticket !== lookups.current) return; // a newer lookup has started: this answer is stale
        if (res.ok) {
          setStudents(res.data.mode === "open" ? res.data.students : null);
          setOnFile(res.data.mode === "verified");
          setLookedUp(phone);
        } else setError(res.message);
      } catch (err) {
        if (ticket === lookups.current) setError(failed((err as Error).message));
      }
    });
  };

  const open = (studentId: number) =>
    start(async () => {
      try {
        // The number that found these students, even if the field has changed since.
        const res = await post<ReportCardView>("/api/parent/report", { phone: lookedUp, studentId }, failed);
        if (res.ok) setCard(res.data);
        else setError(res.message);
      } catch (err) {
        setError(failed((err as Error).message));
      }
    });

  if (card) return <ReportCard card={card} onBack={() => setCard(null)} />;

  return (
    <div>
      <form onSubmit={search} className="rounded-2xl border border-line bg-surface p-5 shadow-sm" noValidate>
        {error && (
          <div className="mb-4">
            <ErrorBanner message={error} />
          </div>
        )}
        <label htmlFor="parent-phone" className="block text-sm font-medium">
          {t("phoneLabel")}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="parent-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-describedby="parent-phone-digits"
            className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-base"
          />
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {pending ? t("searching") : t("search")}
          </button>
        </div>
        <p id="parent-phone-digits" className="mt-2 text-sm text-ink-muted">
          {t("searchingWith")}{" "}
          <span className="font-mono" data-testid="search-digits">
            {digits || "—"}
          </span>
        </p>
      </form>
      {onFile && (
        <section
          role="status"
          aria-labelledby="number-on-file"
          className="mt-6 rounded-2xl border border-emerald-600 bg-surface p-5"
          data-testid="number-on-file"
        >
          <h2 id="number-on-file" className="text-lg font-semibold">
            {t("onFileTitle")}
          </h2>
          <p className="mt-2">{t("onFileText")}</p>
          <p className="mt-2 text-ink-muted">{t("noLetter")}</p>
        </section>
      )}
      {mode === "open" && students && (
        <section aria-labelledby="found-students" className="mt-6">
          <h2 id="found-students" className="text-lg font-semibold">
            {t("studentsFound")}
          </h2>
          <ul className="mt-3 space-y-2">
            {students.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => open(s.id)}
                  className="w-full rounded-xl border border-line bg-surface px-4 py-3 text-start font-medium hover:border-brand-600"
                >
                  {s.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
