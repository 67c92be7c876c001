import type { Metadata } from "next";
import { switchSchool } from "@/app/auth/actions";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { AddSchoolForm } from "@/components/district/add-school-form";
import { MemberForm } from "@/components/district/member-form";
import { PageMessages } from "@/components/page-messages";
import { BlockedScreen } from "@/components/states";
import { districtPageAccess } from "@/lib/auth/page-access";
import { districtOverview } from "@/lib/district/overview";
import { getT } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("district"))("title") };
}

/**
 * The district's page (issue 42): every school with what a district compares them by, a way into
 * each, and a form to add one. District admins only.
 */
export default async function DistrictPage() {
  const access = await districtPageAccess();
  const [t, states, admin] = await Promise.all([getT("district"), getT("states"), getT("admin")]);
  if (!access)
    return (
      <main className="px-4 py-10">
        <BlockedScreen title={admin("signInRequired")} message={states("signInRequired")} />
      </main>
    );
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const user = access;
  const schools = await districtOverview();
  const choices = schools.map((s) => ({ id: s.id, name: s.name }));
  const cell = "px-3 py-2 text-start align-top";
  return (
    <AppShell user={user}>
      <PageMessages namespaces={["district"]}>
        <h1 className="text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
        <div className="mt-6 overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("schools")}</caption>
            <thead className="border-b border-line bg-surface-muted">
              <tr>
                <th scope="col" className={cell}>
                  {t("school")}
                </th>
                <th scope="col" className={cell}>
                  {t("students")}
                </th>
                <th scope="col" className={cell}>
                  {t("teachers")}
                </th>
                <th scope="col" className={cell}>
                  {t("classes")}
                </th>
                <th scope="col" className={cell}>
                  {t("attendanceThisWeek")}
                </th>
                <th scope="col" className={cell}>
                  {t("signedInThisWeek")}
                </th>
                <th scope="col" className={cell}>
                  {t("lastTerm")}
                </th>
                <th scope="col" className={cell}>
                  {t("exportColumn")}
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">{t("enterColumn")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {schools.map((s) => (
                <tr key={s.id} className="border-b border-line last:border-0" data-testid="district-school">
                  <th scope="row" className={`${cell} font-medium`} data-user-text>
                    {s.name}
                  </th>
                  <td className={cell}>{s.students}</td>
                  <td className={cell}>{s.teachers}</td>
                  <td className={cell}>{s.classes}</td>
                  <td className={cell}>
                    {s.attendanceThisWeek === null ? t("noAttendance") : t("rate", { rate: s.attendanceThisWeek })}
                  </td>
                  <td className={cell}>{t("signedIn", { people: s.signedInThisWeek, members: s.members })}</td>
                  <td className={cell}>
                    {s.lastTerm === null ? (
                      t("noTerm")
                    ) : (
                      <>
                        <span data-user-text>{s.lastTerm.title}</span>
                        <span className="block text-ink-muted">
                          {s.lastTerm.letters
                            .map((l) => t("letterCount", { letter: l.letter, count: l.count }))
                            .join(" · ")}
                        </span>
                      </>
                    )}
                  </td>
                  <td className={cell}>
                    <a
                      href={`/district/export/${s.id}`}
                      className="font-medium underline hover:no-underline"
                      aria-label={t("exportSchool", { name: s.name })}
                    >
                      {t("export")}
                    </a>
                  </td>
                  <td className={cell}>
                    {s.id === user.schoolId ? (
                      <span className="text-ink-muted">{t("current")}</span>
                    ) : (
                      <form action={switchSchool}>
                        <input type="hidden" name="school" value={s.id} />
                        <button
                          type="submit"
                          className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
                        >
                          {t("enter", { name: s.name })}
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AddSchoolForm />
        <MemberForm mode="add" schools={choices} />
        <MemberForm mode="remove" schools={choices} />
      </PageMessages>
    </AppShell>
  );
}
