import Link from "next/link";
import { listSignInLinks } from "@/lib/auth/oidc/links";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { RemoveSignInLinkButton } from "./sign-in-link-button";

const MATCHED = { email: "by verified e-mail", roster: "by roster id" } as Record<string, string>;

/**
 * School-account links (issue 32): one user's on their admin page, or everyone's on
 * /admin/sign-in. Each says what it was made from and when it was last used, and can be removed.
 */
export async function SignInLinksSection({ userId }: { userId?: number }) {
  const links = await listSignInLinks(userId);
  const tz = schoolTimeZone();
  return (
    <section aria-labelledby="sign-in-links-heading" className="mt-8 space-y-3">
      <h2 id="sign-in-links-heading" className="text-lg font-semibold">
        Linked school accounts
      </h2>
      <p className="text-sm text-ink-muted">
        A school account signs in as this portal user once linked. Links are made on the first sign-in from a verified
        school e-mail that matches exactly one user. Removing a link signs the user out everywhere; the account must
        match again to sign in.
      </p>
      {links.length === 0 ? (
        <p className="text-ink-muted">No school account is linked{userId === undefined ? "" : " to this user"}.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="sign-in-link-row">
              <div className="min-w-0 flex-1">
                <div className="font-medium">
                  {l.providerLabel}
                  {userId === undefined && (
                    <>
                      {" · "}
                      <Link href={`/admin/sign-in?user=${l.userId}`} className="hover:underline">
                        {l.userName}
                      </Link>{" "}
                      <span className="text-ink-muted">({l.role})</span>
                    </>
                  )}
                </div>
                <div className="text-sm text-ink-muted">
                  {l.email ?? `account ${l.subject.slice(0, 40)}`} · linked {MATCHED[l.matchedBy] ?? ""} on{" "}
                  {formatDateTime(l.createdAt, tz)} · last used{" "}
                  {l.lastUsedAt ? formatDateTime(l.lastUsedAt, tz) : "never"}
                </div>
              </div>
              <RemoveSignInLinkButton linkId={l.id} label={`${l.providerLabel} link of ${l.userName}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
