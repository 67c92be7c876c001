"use client";

import { useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { ErrorBanner } from "@/components/error-banner";
import { PrimaryButton, SecondaryButton } from "@/components/teacher/form-controls";
import { ApplyControls, RunReport } from "./roster-report";
import { ratioPercent } from "@/lib/domain/percent";
import type { RosterRunView } from "@/lib/roster-web/request";

// Roster import on /admin → Import & export: choose files, check them (dry run), then apply the
// same plan with a progress bar. The chosen files stay in the browser and are sent again to apply,
// with the preview's fingerprint: a portal that changed in between refuses instead of surprising.

type Progress = { phase: string; done: number; total: number; step: number };
const PHASES = [
  "reading",
  "checking",
  "removing",
  "users",
  "classes",
  "enrollments",
  "guardians",
  "terms",
  "categories",
  "assignments",
  "grades",
  "recording",
];
/** Each phase's words in the catalog (adminRoster): its own, or the report's name of what it writes. */
const PHASE_KEY = {
  reading: "phases.reading",
  checking: "phases.checking",
  removing: "phases.removing",
  users: "entities.users",
  classes: "entities.classes",
  enrollments: "entities.enrollments",
  guardians: "guardiansPhase",
  terms: "entities.terms",
  categories: "entities.categories",
  assignments: "entities.assignments",
  grades: "entities.grades",
  recording: "phases.recording",
} as const;
const isPhase = (p: string): p is keyof typeof PHASE_KEY => Object.hasOwn(PHASE_KEY, p);

interface SendOptions {
  fingerprint?: string;
  skipInvalid?: boolean;
  allowNewAdmins: boolean;
  allowDeletions?: number;
}

async function send(url: string, files: File[], format: string, opts: SendOptions): Promise<Response> {
  const body = new FormData();
  for (const f of files) body.append("files", f);
  body.set("format", format);
  if (opts.fingerprint) body.set("fingerprint", opts.fingerprint);
  body.set("skipInvalid", opts.skipInvalid ? "1" : "0");
  body.set("allowNewAdmins", opts.allowNewAdmins ? "1" : "0");
  if (opts.allowDeletions) body.set("allowDeletions", String(opts.allowDeletions));
  return fetch(url, { method: "POST", body });
}

export function RosterImport() {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [format, setFormat] = useState("auto");
  const [busy, setBusy] = useState<"checking" | "applying" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<RosterRunView | null>(null);
  const [result, setResult] = useState<RosterRunView | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [allowNewAdmins, setAllowNewAdmins] = useState(false);
  const [typed, setTyped] = useState("");
  const t = useTranslations("adminRoster");

  const check = async () => {
    if (files.length === 0) return setError(t("chooseFiles"));
    setBusy("checking");
    setError(null);
    setPreview(null);
    setResult(null);
    setTyped("");
    try {
      const res = await send("/admin/roster/preview", files, format, { allowNewAdmins });
      const body = (await res.json()) as RosterRunView & { message?: string };
      if (!res.ok) setError(body.message ?? t("notChecked", { status: res.status }));
      else setPreview(body);
    } catch {
      setError(t("notSent"));
    } finally {
      setBusy(null);
    }
  };

  const apply = async (skipInvalid: boolean) => {
    if (!preview) return;
    setBusy("applying");
    setError(null);
    setProgress({ phase: "reading", done: 0, total: 1, step: 0 });
    try {
      const res = await send("/admin/roster/apply", files, format, {
        fingerprint: preview.fingerprint,
        skipInvalid,
        allowNewAdmins,
        allowDeletions: preview.deletionGuard ? Number(typed) : undefined,
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        setError(body.message ?? t("notApplied", { status: res.status }));
        return;
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (!line.trim()) continue;
          const msg = JSON.parse(line) as {
            type: string;
            message?: string;
            phase?: string;
            done?: number;
            total?: number;
          } & RosterRunView;
          if (msg.type === "progress")
            setProgress({
              phase: msg.phase!,
              done: msg.done!,
              total: msg.total!,
              step: Math.max(0, PHASES.indexOf(msg.phase!)),
            });
          else if (msg.type === "error") setError(msg.message ?? t("notCompleted"));
          else if (msg.type === "result") {
            if (msg.applied) {
              setResult(msg);
              setPreview(null);
            } else {
              setPreview(msg);
              setError(t("foundProblems"));
            }
          }
        }
      }
    } catch {
      setError(t("connectionLost"));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  // Each phase is an equal share of the bar; within one, its own done/total (whole numbers, exact).
  const total = progress ? Math.max(Math.floor(progress.total), 1) : 1;
  const percent = progress
    ? ratioPercent(progress.step * total + Math.min(Math.floor(progress.done), total), PHASES.length * total)
    : 0;
  const shown = result ?? preview;

  return (
    <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="import-heading">
      <h2 id="import-heading" className="font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("help")}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="roster-files" className="block text-sm font-medium">
            {t("files")}
          </label>
          <input
            ref={input}
            id="roster-files"
            type="file"
            multiple
            accept=".zip,.csv,text/csv,application/zip"
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []));
              setPreview(null);
              setResult(null);
              setError(null);
            }}
            className="mt-1 block w-full text-sm"
          />
        </div>
        <div>
          <label htmlFor="roster-format" className="block text-sm font-medium">
            {t("format")}
          </label>
          <select
            id="roster-format"
            value={format}
            onChange={(e) => setFormat(e.target.value)}
            className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
          >
            <option value="auto">{t("recognise")}</option>
            <option value="oneroster" data-user-text>
              OneRoster
            </option>
            <option value="spreadsheet">{t("spreadsheet")}</option>
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allowNewAdmins}
            onChange={(e) => {
              setAllowNewAdmins(e.target.checked);
              setPreview(null);
            }}
          />
          {t("allowAdmins")}
        </label>
        <PrimaryButton onClick={() => void check()} disabled={busy !== null}>
          {busy === "checking" ? t("checking") : t("check")}
        </PrimaryButton>
      </div>
      {error && (
        <div className="mt-3">
          <ErrorBanner message={error} />
        </div>
      )}
      {progress && (
        <div className="mt-4" data-testid="import-progress">
          <div className="text-sm">{isPhase(progress.phase) ? t(PHASE_KEY[progress.phase]) : progress.phase}…</div>
          <div
            role="progressbar"
            aria-label={t("progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {shown && <RunReport run={shown} />}
      {preview && (preview.ok || preview.skippable) && (
        <ApplyControls
          preview={preview}
          busy={busy}
          typed={typed}
          setTyped={setTyped}
          apply={(skipInvalid) => void apply(skipInvalid)}
          cancel={() => setPreview(null)}
        />
      )}
      {result && (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="status" data-testid="import-applied">
          <p className="text-sm font-medium">
            {t("appliedLine", {
              changes: t("changes", { count: result.changes }),
              newPeople: result.newUsers ? t("newPeopleTail", { count: result.newUsers }) : "",
              skipped: result.skipped ? t("skippedTail", { count: result.skipped }) : "",
            })}
          </p>
          {result.newUsers > 0 && (
            <form method="post" action="/admin/cards" target="_blank">
              <input type="hidden" name="scope" value="last-import" />
              <SecondaryButton type="submit">{t("printCards")}</SecondaryButton>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
