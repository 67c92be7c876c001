import type { Metadata } from "next";
import Link from "next/link";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { AppShell } from "@/components/app-header";
import { idSchema } from "@/lib/actions";
import { getPersonAnyRole } from "@/lib/auth/oidc/people";

export const metadata: Metadata = { title: "School sign-in accounts" };

/** Every school-account link, or one user's (?user=<id>): admins only (issue 32). */
export default async function SignInLinksPage({
  searchParams,
}: {
  searchParams: Promise<{ user?: string | string[] }>;
}) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const raw = (await searchParams).user;
  const id = idSchema.safeParse(typeof raw === "string" ? raw : undefined);
  const person = id.success ? await getPersonAnyRole(id.data) : null;
  return (
    <AppShell user={gate.admin}>
      <Link href="/admin?tab=security" className="text-sm font-medium text-ink-muted hover:text-ink">
        ← Admin Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{person ? person.name : "School sign-in accounts"}</h1>
      {person && (
        <p className="text-ink-muted">
          @{person.username} · {person.role}
        </p>
      )}
      <SignInLinksSection userId={person?.id} />
    </AppShell>
  );
}
