import type { Role } from "@/lib/domain/constants";
import { formatDateTime } from "@/lib/domain/format";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
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

function change(detail: Record<string, unknown>, key: string, parent: string): string | null {
  const c = detail[key] as { from?: string | null; to?: string | null } | undefined;
  return c ? `${parent}: ${c.from ?? "—"} → ${c.to ?? "—"}` : null;
}

export async function SecurityTab({
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
  const [t, roles, locale] = await Promise.all([getT("admin"), getT("adminUser"), requestLocale()]);
  return (
    <div className="space-y-8">
      <section aria-labelledby="trusted-proxies-heading">
        <h2 id="trusted-proxies-heading" className="text-lg font-semibold">
          {t("security.proxies")}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("security.proxiesHelp")}</p>
        {trustedProxies.length === 0 ? (
          <p className="mt-3" data-testid="trusted-proxies">
            {t("security.proxiesNone")}
          </p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="trusted-proxies">
            {trustedProxies.map((r) => (
              <li
                key={r}
                className="rounded-lg border border-line bg-surface px-2 py-1 font-mono text-sm"
                data-user-text
              >
                {r}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PendingParentLinks rows={pending} />
      <p>
        <a href="/admin/sign-in" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
          {t("security.signInAccounts")}
        </a>{" "}
        <span className="text-sm text-ink-muted">{t("security.signInHelp")}</span>
      </p>
      <section aria-labelledby="weak-codes-heading">
        <h2 id="weak-codes-heading" className="text-lg font-semibold">
          {t("security.weak", { count: weak.total })}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("security.weakHelp")}</p>
        {weak.rows.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t("security.weakNone")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
            {weak.rows.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="weak-code-row">
                <div className="min-w-0 flex-1">
                  <div className="font-medium" data-user-text>
                    {u.name}
                  </div>
                  <div className="text-sm text-ink-muted">
                    {roles(`roles.${u.role as Role}`)} · <span data-user-text>@{u.username}</span>
                  </div>
                </div>
                <RegenerateCodeButton userId={u.id} name={u.name} />
              </li>
            ))}
          </ul>
        )}
        {weak.total > weak.rows.length && (
          <p className="mt-2 text-sm text-ink-muted">{t("security.showingFirst", { count: weak.rows.length })}</p>
        )}
      </section>
      <section aria-labelledby="parent-changes-heading">
        <h2 id="parent-changes-heading" className="text-lg font-semibold">
          {t("security.changes")}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t("security.changesHelp")}</p>
        {changes.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t("security.noChanges")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
            {changes.map((c) => (
              <li key={c.id} className="px-4 py-3 text-sm" data-testid="parent-number-change">
                <div>
                  <a href={`/admin/students/${c.studentId}`} className="font-medium hover:underline">
                    {c.studentName ? (
                      <span data-user-text>{c.studentName}</span>
                    ) : (
                      t("security.studentNo", { id: c.studentId })
                    )}
                  </a>{" "}
                  — {c.actorName ? <span data-user-text>{c.actorName}</span> : t("security.someone")},{" "}
                  {formatDateTime(c.at, timeZone, locale)}
                  {c.levelCode ? <span data-user-text>{` (${c.levelCode})`}</span> : ""}
                </div>
                <div className="text-ink-muted" data-user-text>
                  {[
                    change(c.detail, "parent1Number", t("security.parentN", { n: 1 })),
                    change(c.detail, "parent2Number", t("security.parentN", { n: 2 })),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
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
