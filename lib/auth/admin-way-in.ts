import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { adminCouldSignIn } from "@/lib/domain/admin-way-in";
import type { OidcProvider } from "./oidc/config";

// The start-up check's question when SIGNIN_CODES keeps admins' codes off (issue 39): could any
// admin sign in? README's own example (SIGNIN_CODES=students,parents) once locked out a school
// whose admin had no school-account link, and nothing said so.

const CREATE_ADMIN = 'npm run create-admin -- --name "…" --username … --email <their school e-mail>';

/** The problem line, or null when at least one admin has a way in. `usable`: the providers that answered. */
export async function adminSignInProblem(usable: readonly OidcProvider[]): Promise<string | null> {
  const admins = await queryRows<{ email: string | null; same: number; sourced_id: string | null; links: string }>(sql`
    select u.email, u.sourced_id,
      (select count(*) from users o where lower(o.email) = lower(u.email))::int as same,
      coalesce((select string_agg(l.provider, ',') from oidc_links l where l.user_id = u.id), '') as links
    from users u where u.role = 'admin' and u.roster_deleted_at is null`);
  const found = admins.some((a) =>
    adminCouldSignIn(
      {
        email: a.email,
        usersWithEmail: Number(a.same),
        sourcedId: a.sourced_id,
        linkedProviders: a.links ? a.links.split(",") : [],
      },
      usable,
    ),
  );
  if (found) return null;
  const head = "SIGNIN_CODES: access codes are off for admins";
  if (usable.length === 0)
    return `${head}, and no school-account provider can be used (see above), so no admin could sign in`;
  if (admins.length === 0)
    return `${head}, and there is no admin yet: make the first one with \`${CREATE_ADMIN}\`, who then signs in with their school account`;
  const domains = [...new Set(usable.flatMap((p) => p.domains))].join(", ") || "none listed";
  return (
    `${head}, and no admin could sign in with a school account: none is linked to ` +
    `${usable.map((p) => p.name).join(" or ")}, and none has an e-mail address of their own in its domains ` +
    `(${domains})${usable.some((p) => p.rosterClaim) ? " or a roster id" : ""}. Make an admin with ` +
    `\`${CREATE_ADMIN}\`, or add admins to SIGNIN_CODES until an admin has linked their school account`
  );
}
