import type { Metadata } from "next";
import Link from "next/link";
import { PageMessages } from "@/components/page-messages";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { adminOrScreen } from "@/components/admin/admin-gate";
import { IssueLinkForm, RevokeLinkButton } from "@/components/admin/guardian-forms";
import { LinkedPeopleSection, PersonHeading } from "@/components/admin/linked-people";
import { AppShell } from "@/components/app-header";
import { SignInLinksSection } from "@/components/admin/sign-in-links";
import { RefusalScreen } from "@/components/access-screens";
import { formatDate, formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { listGuardiansOfStudent } from "@/lib/parent/guardians";
import { listReportLinks } from "@/lib/parent/report-links";
import { adminPersonPageAccess } from "@/lib/auth/page-access";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("person.studentTitle") };
}

/** A student's guardians, report-card links, sign-in links and complete record (admins only). */
export default async function StudentGuardiansPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await adminOrScreen();
  if (!gate.admin) return gate.screen;
  const student = await adminPersonPageAccess((await params).id, "student");
  if ("refusal" in student) return <RefusalScreen {...student} />;
  const [guardians, links] = await Promise.all([listGuardiansOfStudent(student.id), listReportLinks(student.id)]);
  const names = new Map(guardians.map((g) => [g.linkId, g.name]));
  const tz = schoolTimeZone();
  const [t, tg, ty, locale] = await Promise.all([
    getT("admin"),
    getT("adminGuardians"),
    getT("years"),
    requestLocale(),
  ]);
  const relationship = (r: string) =>
    (["guardian", "mother", "father", "grandparent", "other"] as const).find((k) => k === r)
      ? tg(`relationships.${r as "guardian"}`)
      : r;
  /* eslint-disable-next-line react-hooks/purity -- a Server Component renders once per request: "now" is the
     request's time, which the expired/active state of each link is measured against. */
  const now = Date.now();
  return (
    <AppShell user={gate.admin}>
      <PageMessages namespaces={["adminGuardians"]}>
        <PersonHeading backTab="students" name={student.name}>
          <span data-user-text>@{student.username}</span> ·{" "}
          {t("person.studentLine", { parent1: student.parent1Number ?? "—", parent2: student.parent2Number ?? "—" })}
        </PersonHeading>
        <LinkedPeopleSection
          id="guardians-heading"
          heading={t("person.guardians")}
          empty={t("person.noGuardians")}
          rowTestId="guardian-row"
          people={guardians.map((g) => ({
            linkId: g.linkId,
            href: `/admin/parents/${g.parentId}`,
            name: g.name,
            detail: (
              <>
                {relationship(g.relationship)} · <span data-user-text>@{g.username}</span> ·{" "}
                {g.phoneNumber ? <span data-user-text>{g.phoneNumber}</span> : t("person.noPhone")} ·{" "}
                {t(`person.source.${g.source}`)}
              </>
            ),
          }))}
          fixed={{ studentId: student.id }}
        />

        <section aria-labelledby="links-heading" className="mt-8 space-y-3">
          <h2 id="links-heading" className="text-lg font-semibold">
            {t("person.links")}
          </h2>
          <p className="text-sm text-ink-muted">{t("person.linksHelp")}</p>
          {guardians.length > 0 && (
            <IssueLinkForm guardians={guardians.map((g) => ({ linkId: g.linkId, name: g.name }))} />
          )}
          {links.length === 0 ? (
            <p className="text-ink-muted">{t("person.noLinks")}</p>
          ) : (
            <div
              className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
              tabIndex={0}
              role="region"
              aria-label={t("person.linksRegion")}
            >
              <table className="w-full text-sm">
                <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
                  <tr>
                    {[
                      t("person.cols.link"),
                      t("person.cols.guardian"),
                      t("person.cols.created"),
                      t("person.cols.expires"),
                      t("person.cols.lastUsed"),
                      t("person.cols.status"),
                      "",
                    ].map((h, i) => (
                      <th key={i} scope="col" className="px-3 py-2 font-medium">
                        {h || <span className="sr-only">{t("person.actions")}</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {links.map((l) => {
                    const status = l.revokedAt
                      ? "withdrawn"
                      : !names.has(l.guardianLinkId)
                        ? "guardianRemoved"
                        : l.expiresAt.getTime() <= now
                          ? "expired"
                          : "active";
                    return (
                      <tr key={l.id} className="border-t border-line" data-testid="report-link-row">
                        <td className="px-3 py-2 font-mono">#{l.id}</td>
                        <td className="px-3 py-2" data-user-text>
                          {names.get(l.guardianLinkId) ?? "—"}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(l.createdAt, tz, locale)}</td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatDate(l.expiresAt, tz, locale)}</td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {l.lastUsedAt ? formatDateTime(l.lastUsedAt, tz, locale) : t("person.never")}
                        </td>
                        <td className="px-3 py-2">{t(`person.status.${status}`)}</td>
                        <td className="px-3 py-2 text-end">
                          {status === "active" && <RevokeLinkButton linkId={l.id} />}
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
        <section aria-labelledby="records-heading" className="mt-8 space-y-3">
          <h2 id="records-heading" className="text-lg font-semibold">
            {ty("records.export.heading")}
          </h2>
          <p className="max-w-prose text-sm text-ink-muted">{ty("records.export.help")}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            {/* A plain link: the browser's own download, same-origin by navigation (the route checks). */}
            <a
              href={`/admin/students/${student.id}/records`}
              download
              className="inline-block rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
            >
              {ty("records.export.download")}
            </a>
            <Link href={`/records/${student.id}`} className="self-center text-sm underline">
              {ty("history.recordTitle")}
            </Link>
            <Link href="/admin/records" className="self-center text-sm underline">
              {ty("records.page.studentLink")}
            </Link>
          </p>
        </section>
      </PageMessages>
    </AppShell>
  );
}
