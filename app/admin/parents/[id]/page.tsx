import type { Metadata } from "next";
import { PageMessages } from "@/components/page-messages";
import { getT } from "@/lib/i18n/request-locale";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { LinkedPeopleSection, PersonHeading } from "@/components/admin/linked-people";
import { AppShell } from "@/components/app-header";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { RefusalScreen } from "@/components/access-screens";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { adminPersonPageAccess } from "@/lib/auth/page-access";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("person.parentTitle") };
}

/** A parent's linked children (admins only). */
export default async function ParentChildrenPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const parent = await adminPersonPageAccess((await params).id, "parent");
  if ("refusal" in parent) return <RefusalScreen {...parent} />;
  const [children, t, tg] = await Promise.all([listChildrenOfParent(parent.id), getT("admin"), getT("adminGuardians")]);
  const relationship = (r: string) =>
    (["guardian", "mother", "father", "grandparent", "other"] as const).find((k) => k === r)
      ? tg(`relationships.${r as "guardian"}`)
      : r;
  return (
    <AppShell user={gate.admin}>
      <PageMessages namespaces={["adminGuardians"]}>
        <PersonHeading backTab="parents" name={parent.name}>
          <span data-user-text>@{parent.username}</span> ·{" "}
          {t.rich("person.phoneLine", { phone: () => <span data-user-text>{parent.phoneNumber ?? "—"}</span> })}
        </PersonHeading>
        <LinkedPeopleSection
          id="children-heading"
          heading={t("person.children")}
          empty={t("person.noChildren")}
          rowTestId="child-row"
          people={children.map((c) => ({
            linkId: c.linkId,
            href: `/admin/students/${c.studentId}`,
            name: c.name,
            detail: (
              <>
                {relationship(c.relationship)} · <span data-user-text>@{c.username}</span> ·{" "}
                {t(`person.source.${c.source}`)}
              </>
            ),
          }))}
          fixed={{ parentId: parent.id }}
        />
        <SignInLinksSection userId={parent.id} />
      </PageMessages>
    </AppShell>
  );
}
