import type { Metadata } from "next";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { IssueLinkForm, RevokeLinkButton } from "@/components/admin/guardian-forms";
import { LINK_SOURCE, LinkedPeopleSection, PersonHeading } from "@/components/admin/linked-people";
import { AppShell } from "@/components/app-header";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { RefusalScreen } from "@/components/access-screens";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { listGuardiansOfStudent } from "@/lib/parent/guardians";
import { listReportLinks } from "@/lib/parent/report-links";
import { adminPersonPageAccess } from "@/lib/auth/page-access";

export const metadata: Metadata = { title: "Student guardians" };

/** A student's guardians and report-card links (admins only). */
export default async function StudentGuardiansPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const student = await adminPersonPageAccess((await params).id, "student");
  if ("refusal" in student) return <RefusalScreen {...student} />;
  const [guardians, links] = await Promise.all([listGuardiansOfStudent(student.id), listReportLinks(student.id)]);
  const names = new Map(guardians.map((g) => [g.linkId, g.name]));
  const tz = schoolTimeZone();
  /* eslint-disable-next-line react-hooks/purity -- a Server Component renders once per request: "now" is the
     request's time, which the expired/active state of each link is measured against. */
  const now = Date.now();
  return (
    <AppShell user={gate.admin}>
      <PersonHeading backTab="students" name={student.name}>
        @{student.username} · Parent 1: {student.parent1Number ?? "—"} · Parent 2: {student.parent2Number ?? "—"}
      </PersonHeading>
      <LinkedPeopleSection
        id="guardians-heading"
        heading="Guardians"
        empty="No guardian is linked to this student."
        rowTestId="guardian-row"
        people={guardians.map((g) => ({
          linkId: g.linkId,
          href: `/admin/parents/${g.parentId}`,
          name: g.name,
          detail: (
            <>
              {g.relationship} · @{g.username} · {g.phoneNumber ?? "no phone"} · {LINK_SOURCE[g.source]}
            </>
          ),
        }))}
        fixed={{ studentId: student.id }}
      />

      <section aria-labelledby="links-heading" className="mt-8 space-y-3">
        <h2 id="links-heading" className="text-lg font-semibold">
          Report-card links
        </h2>
        <p className="text-sm text-ink-muted">
          A link opens this student&apos;s report card without signing in. Only its fingerprint is stored, so an address
          is shown once, when it is issued.
        </p>
        {guardians.length > 0 && (
          <IssueLinkForm guardians={guardians.map((g) => ({ linkId: g.linkId, name: g.name }))} />
        )}
        {links.length === 0 ? (
          <p className="text-ink-muted">No link has been issued.</p>
        ) : (
          <div
            className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
            tabIndex={0}
            role="region"
            aria-label="Report-card links table"
          >
            <table className="w-full text-sm">
              <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
                <tr>
                  {["Link", "Guardian", "Created", "Expires", "Last used", "Status", ""].map((h, i) => (
                    <th key={i} scope="col" className="px-3 py-2 font-medium">
                      {h || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {links.map((l) => {
                  const status = l.revokedAt
                    ? "Withdrawn"
                    : !names.has(l.guardianLinkId)
                      ? "Guardian removed"
                      : l.expiresAt.getTime() <= now
                        ? "Expired"
                        : "Active";
                  return (
                    <tr key={l.id} className="border-t border-line" data-testid="report-link-row">
                      <td className="px-3 py-2 font-mono">#{l.id}</td>
                      <td className="px-3 py-2">{names.get(l.guardianLinkId) ?? "—"}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(l.createdAt, tz)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDate(l.expiresAt, tz)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {l.lastUsedAt ? formatDateTime(l.lastUsedAt, tz) : "never"}
                      </td>
                      <td className="px-3 py-2">{status}</td>
                      <td className="px-3 py-2 text-end">
                        {status === "Active" && <RevokeLinkButton linkId={l.id} />}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <SignInLinksSection userId={student.id} />
    </AppShell>
  );
}
