import type { Metadata } from "next";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { LINK_SOURCE, LinkedPeopleSection, PersonHeading } from "@/components/admin/linked-people";
import { AppShell } from "@/components/app-header";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { RefusalScreen } from "@/components/access-screens";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { adminPersonPageAccess } from "@/lib/auth/page-access";

export const metadata: Metadata = { title: "Parent's children" };

/** A parent's linked children (admins only). */
export default async function ParentChildrenPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const parent = await adminPersonPageAccess((await params).id, "parent");
  if ("refusal" in parent) return <RefusalScreen {...parent} />;
  const children = await listChildrenOfParent(parent.id);
  return (
    <AppShell user={gate.admin}>
      <PersonHeading backTab="parents" name={parent.name}>
        @{parent.username} · Phone: {parent.phoneNumber ?? "—"}
      </PersonHeading>
      <LinkedPeopleSection
        id="children-heading"
        heading="Children"
        empty="No student is linked to this parent."
        rowTestId="child-row"
        people={children.map((c) => ({
          linkId: c.linkId,
          href: `/admin/students/${c.studentId}`,
          name: c.name,
          detail: (
            <>
              {c.relationship} · @{c.username} · {LINK_SOURCE[c.source]}
            </>
          ),
        }))}
        fixed={{ parentId: parent.id }}
      />
      <SignInLinksSection userId={parent.id} />
    </AppShell>
  );
}
