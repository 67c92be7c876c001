import { formatDateTime } from "@/lib/domain/format";
import type { ParentNumberChangeRow, WeakCodeRow } from "@/lib/queries/admin";
import { RegenerateCodeButton } from "./regenerate-code-button";
import {
  CrossClassEnrollments,
  PendingParentLinks,
  type CrossClassView,
  type PendingLinkView,
} from "./security-accounts";

// The admin's Security tab (issue 17): weak access codes to regenerate, and parent-number changes
// made by teachers, which decide who a student's guardians are (decision 004).

function change(detail: Record<string, unknown>, key: string): string | null {
  const c = detail[key] as { from?: string | null; to?: string | null } | undefined;
  return c ? `${key === "parent1Number" ? "Parent 1" : "Parent 2"}: ${c.from ?? "—"} → ${c.to ?? "—"}` : null;
}

export function SecurityTab({
  weak,
  changes,
  timeZone,
  pending,
  crossClass,
  trustedProxies,
}: {
  weak: { rows: WeakCodeRow[]; total: number };
  changes: ParentNumberChangeRow[];
  timeZone: string;
  pending: PendingLinkView[];
  crossClass: CrossClassView[];
  /** TRUSTED_PROXIES as parsed (decision 009): whose X-Forwarded-For is believed. */
  trustedProxies: string[];
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="trusted-proxies-heading">
        <h2 id="trusted-proxies-heading" className="text-lg font-semibold">
          Trusted proxies
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Rate limits key on the client&apos;s address. Only these reverse proxies (TRUSTED_PROXIES) may tell the portal
          who the client is; every other sender is taken at its own address.
        </p>
        {trustedProxies.length === 0 ? (
          <p className="mt-3" data-testid="trusted-proxies">
            None: each request&apos;s own network address is the client&apos;s.
          </p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="trusted-proxies">
            {trustedProxies.map((r) => (
              <li key={r} className="rounded-lg border border-line bg-surface px-2 py-1 font-mono text-sm">
                {r}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PendingParentLinks rows={pending} />
      <p>
        <a href="/admin/sign-in" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
          School sign-in accounts →
        </a>{" "}
        <span className="text-sm text-ink-muted">each school account linked to a portal user, and removing a link</span>
      </p>
      <section aria-labelledby="weak-codes-heading">
        <h2 id="weak-codes-heading" className="text-lg font-semibold">
          Weak access codes ({weak.total})
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Codes with fewer than 10 letters or digits can be guessed. Give these people a new, generated code.
        </p>
        {weak.rows.length === 0 ? (
          <p className="mt-3 text-ink-muted">Every access code is strong.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
            {weak.rows.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="weak-code-row">
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{u.name}</div>
                  <div className="text-sm text-ink-muted">
                    {u.role} · @{u.username}
                  </div>
                </div>
                <RegenerateCodeButton userId={u.id} name={u.name} />
              </li>
            ))}
          </ul>
        )}
        {weak.total > weak.rows.length && (
          <p className="mt-2 text-sm text-ink-muted">Showing the first {weak.rows.length}.</p>
        )}
      </section>
      <section aria-labelledby="parent-changes-heading">
        <h2 id="parent-changes-heading" className="text-lg font-semibold">
          Parent numbers changed by teachers (last 30 days)
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          A parent number decides which parent accounts are linked to the student. Check that each change is genuine.
        </p>
        {changes.length === 0 ? (
          <p className="mt-3 text-ink-muted">No changes.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
            {changes.map((c) => (
              <li key={c.id} className="px-4 py-3 text-sm" data-testid="parent-number-change">
                <div>
                  <a href={`/admin/students/${c.studentId}`} className="font-medium hover:underline">
                    {c.studentName ?? `Student #${c.studentId}`}
                  </a>{" "}
                  — {c.actorName ?? "someone"}, {formatDateTime(c.at, timeZone)}
                  {c.levelCode ? ` (${c.levelCode})` : ""}
                </div>
                <div className="text-ink-muted">
                  {[change(c.detail, "parent1Number"), change(c.detail, "parent2Number")].filter(Boolean).join(" · ")}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CrossClassEnrollments rows={crossClass} />
    </div>
  );
}
