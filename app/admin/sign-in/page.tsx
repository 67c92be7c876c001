import type { Metadata } from "next";
import { PageMessages } from "@/components/page-messages";
import type { Role } from "@/lib/domain/constants";
import { getT } from "@/lib/i18n/request-locale";
import Link from "next/link";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { AppShell } from "@/components/app-header";
import { idSchema } from "@/lib/actions";
import { getPersonAnyRole } from "@/lib/auth/oidc/people";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("signInLinks.title") };
}

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
  const [t, roles] = await Promise.all([getT("admin"), getT("adminUser")]);
  return (
    <AppShell user={gate.admin}>
      <PageMessages namespaces={["adminGuardians"]}>
        <Link href="/admin?tab=security" className="text-sm font-medium text-ink-muted hover:text-ink">
          {t("person.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">
          {person ? <span data-user-text>{person.name}</span> : t("signInLinks.title")}
        </h1>
        {person && (
          <p className="text-ink-muted">
            <span data-user-text>@{person.username}</span> · {roles(`roles.${person.role as Role}`)}
          </p>
        )}
        <SignInLinksSection userId={person?.id} />
      </PageMessages>
    </AppShell>
  );
}
