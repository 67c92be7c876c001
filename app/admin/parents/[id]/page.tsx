import type { Metadata } from "next";
import Link from "next/link";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { LinkGuardianForm, UnlinkButton } from "@/components/admin/guardian-forms";
import { AppShell } from "@/components/app-header";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { RefusalScreen } from "@/components/access-screens";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { adminPersonPageAccess } from "@/lib/auth/page-access";

export const metadata: Metadata = { title: "Parent's children" };

const SOURCE = { admin: "linked by an admin", phone: "linked by phone number" } as const;

/** A parent's linked children (admins only). */
export default async function ParentChildrenPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const parent = await adminPersonPageAccess((await params).id, "parent");
  if ("refusal" in parent) return <RefusalScreen {...parent} />;
  const children = await listChildrenOfParent(parent.id);
  return (
    <AppShell user={gate.admin}>
      <Link href="/admin?tab=parents" className="text-sm font-medium text-ink-muted hover:text-ink">
        ← Admin Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{parent.name}</h1>
      <p className="text-ink-muted">
        @{parent.username} · Phone: {parent.phoneNumber ?? "—"}
      </p>
      <section aria-labelledby="children-heading" className="mt-6 space-y-3">
        <h2 id="children-heading" className="text-lg font-semibold">
          Children
        </h2>
        {children.length === 0 ? (
          <p className="text-ink-muted">No student is linked to this parent.</p>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {children.map((c) => (
              <li key={c.linkId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="child-row">
                <div className="min-w-0 flex-1">
                  <Link href={`/admin/students/${c.studentId}`} className="font-medium hover:underline">
                    {c.name}
                  </Link>
                  <div className="text-sm text-ink-muted">
                    {c.relationship} · @{c.username} · {SOURCE[c.source]}
                  </div>
                </div>
                <UnlinkButton linkId={c.linkId} label={c.name} />
              </li>
            ))}
          </ul>
        )}
        <LinkGuardianForm fixed={{ parentId: parent.id }} />
      </section>
      <SignInLinksSection userId={parent.id} />
    </AppShell>
  );
}
