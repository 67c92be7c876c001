import type { Role } from "@/lib/domain/constants";
import Link from "next/link";
import { listSignInBlocks } from "@/lib/auth/oidc/blocks";
import { listSignInLinks } from "@/lib/auth/oidc/links";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { LiftSignInBlockButton, RemoveSignInLinkButton } from "./sign-in-link-button";

const MATCHED = ["email", "roster"] as const;
const isMatched = (m: string): m is (typeof MATCHED)[number] => (MATCHED as readonly string[]).includes(m);

/**
 * School-account links (issue 32): one user's on their admin page, or everyone's on
 * /admin/sign-in. Each says what it was made from and when it was last used, and can be removed
 * (and its account blocked). The blocked accounts follow, each with its way to lift the block.
 */
export async function SignInLinksSection({ userId }: { userId?: number }) {
  const [links, blocks] = await Promise.all([listSignInLinks(userId), listSignInBlocks(userId)]);
  const tz = schoolTimeZone();
  const [t, roles, locale] = await Promise.all([getT("admin"), getT("adminUser"), requestLocale()]);
  return (
    <section aria-labelledby="sign-in-links-heading" className="mt-8 space-y-3">
      <h2 id="sign-in-links-heading" className="text-lg font-semibold">
        {t("signInLinks.heading")}
      </h2>
      <p className="text-sm text-ink-muted">{t("signInLinks.help")}</p>
      {links.length === 0 ? (
        <p className="text-ink-muted">{userId === undefined ? t("signInLinks.none") : t("signInLinks.noneUser")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="sign-in-link-row">
              <div className="min-w-0 flex-1">
                <div className="font-medium">
                  <span data-user-text>{l.providerLabel}</span>
                  {userId === undefined && (
                    <>
                      {" · "}
                      <Link href={`/admin/sign-in?user=${l.userId}`} className="hover:underline" data-user-text>
                        {l.userName}
                      </Link>{" "}
                      <span className="text-ink-muted">({roles(`roles.${l.role as Role}`)})</span>
                    </>
                  )}
                </div>
                <div className="text-sm text-ink-muted">
                  <span data-user-text>{l.email ?? t("signInLinks.account", { subject: l.subject.slice(0, 40) })}</span>
                  {" · "}
                  {t("signInLinks.linked", {
                    how: isMatched(l.matchedBy) ? t(`signInLinks.matched.${l.matchedBy}`) : "",
                    created: formatDateTime(l.createdAt, tz, locale),
                    used: l.lastUsedAt ? formatDateTime(l.lastUsedAt, tz, locale) : t("signInLinks.never"),
                  })}
                </div>
              </div>
              <RemoveSignInLinkButton
                linkId={l.id}
                name={l.userName}
                label={t("signInLinks.linkOf", { provider: l.providerLabel, name: l.userName })}
              />
            </li>
          ))}
        </ul>
      )}
      {blocks.length > 0 && (
        <>
          <h3 className="pt-3 font-semibold">{t("signInLinks.blockedHeading")}</h3>
          <p className="text-sm text-ink-muted">{t("signInLinks.blockedHelp")}</p>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {blocks.map((b) => {
              const account = b.email ?? t("signInLinks.account", { subject: b.subject.slice(0, 40) });
              return (
                <li key={b.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="sign-in-block-row">
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">
                      <span data-user-text>{b.providerLabel}</span>
                      {userId === undefined && (
                        <>
                          {" · "}
                          {b.userId !== null && b.userName !== null ? (
                            <>
                              <Link href={`/admin/sign-in?user=${b.userId}`} className="hover:underline" data-user-text>
                                {b.userName}
                              </Link>{" "}
                              <span className="text-ink-muted">({roles(`roles.${b.role as Role}`)})</span>
                            </>
                          ) : (
                            <span className="text-ink-muted">{t("signInLinks.userGone")}</span>
                          )}
                        </>
                      )}
                    </div>
                    <div className="text-sm text-ink-muted">
                      <span data-user-text>{account}</span>
                      {" · "}
                      {t("signInLinks.blockedOn", { created: formatDateTime(b.createdAt, tz, locale) })}
                    </div>
                  </div>
                  <LiftSignInBlockButton
                    blockId={b.id}
                    label={t("signInLinks.blockOf", { provider: b.providerLabel, account })}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
