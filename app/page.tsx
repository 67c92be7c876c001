import Link from "next/link";
import { AppShell } from "@/components/app-header";
import { ClassCardList } from "@/components/class-card";
import { Greeting } from "@/components/greeting";
import { SignInScreen } from "@/components/sign-in-screen";
import { Pager } from "@/components/pager";
import { EmptyState } from "@/components/states";
import { TryAgainButton } from "@/components/try-again-button";
import { canSeeAdminButton, classCardHref, isStaff } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { firstName, greeting } from "@/lib/domain/greeting";
import { getT } from "@/lib/i18n/request-locale";
import { pageParam } from "@/lib/domain/url";
import { schoolTimeZone } from "@/lib/env";
import { HOME_PAGE_SIZE, listHomeClasses, type LevelRow } from "@/lib/queries/levels";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { hasPastYears } from "@/lib/queries/records";

const homePageHref = (page: number) => (page === 1 ? "/" : `/?page=${page}`);

export default async function HomePage({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  const user = await getSessionUser();
  if (!user) return <SignInScreen />;
  const page = pageParam((await searchParams).page);
  const [t, years] = await Promise.all([getT("home"), getT("years")]);

  let classes: LevelRow[];
  let total = 0;
  let children: { id: number; name: string }[] = [];
  let past = false;
  try {
    [{ rows: classes, total }, past] = await Promise.all([listHomeClasses(user, page), hasPastYears(user)]);
    if (user.role === "parent")
      children = (await listChildrenOfParent(user.id)).map((c) => ({ id: c.studentId, name: c.name }));
  } catch (err) {
    console.error("home: loading classes failed:", err);
    return (
      <AppShell user={user}>
        <div role="alert" className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-surface p-8 text-center">
          <h1 className="text-2xl font-semibold">{t("dashboardErrorTitle")}</h1>
          <p className="mt-3 text-ink-muted">{t("dashboardError")}</p>
          <div className="mt-6">
            <TryAgainButton label={(await getT("common"))("tryAgain")} />
          </div>
        </div>
      </AppShell>
    );
  }

  const tz = schoolTimeZone();
  const linkable = isStaff(user.role) || user.role === "student";
  return (
    <AppShell user={user}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <Greeting firstName={firstName(user.name)} timeZone={tz} initial={greeting(new Date(), tz)} />
          <p className="mt-1 text-ink-muted">
            {user.role === "student" ? t("yourClasses") : user.role === "parent" ? t("reportCards") : t("classes")}
          </p>
        </div>
        {past && (
          // Concluded classes of closed years (issue 41) are not in the list below: they are here.
          <Link href="/past" className="rounded-lg border border-line px-4 py-2 font-medium hover:bg-surface-muted">
            {years("history.homeLink")}
          </Link>
        )}
        {canSeeAdminButton(user) && (
          <Link href="/admin" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t("adminDashboard")}
          </Link>
        )}
      </div>
      {user.role === "parent" ? (
        <section aria-labelledby="children-heading" className="mt-6">
          <h2 id="children-heading" className="text-lg font-semibold">
            {t("yourChildren")}
          </h2>
          {children.length === 0 ? (
            <EmptyState title={t("noStudentsTitle")} message={t("noStudents")} />
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {children.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`/children/${c.id}`}
                    className="block rounded-2xl border border-line bg-surface p-5 font-medium shadow-sm hover:border-brand-600"
                    data-testid="child-card"
                  >
                    {c.name}
                    <span className="block text-sm font-normal text-ink-muted">{t("reportCard")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <section aria-label={t("classes")} className="mt-6">
          {classes.length === 0 && total > 0 ? (
            <>
              <p className="text-ink-muted">{t("pastTheEnd")}</p>
              <Pager page={page} total={total} pageSize={HOME_PAGE_SIZE} href={homePageHref} />
            </>
          ) : classes.length === 0 ? (
            user.role === "student" ? (
              <EmptyState title={t("noClassesStudentTitle")} message={t("noClassesStudent")} />
            ) : (
              <EmptyState title={t("noClassesOtherTitle")} message={t("noClassesOther")} />
            )
          ) : (
            <>
              <ClassCardList
                cards={classes.map((c) => ({
                  code: c.code,
                  name: c.name,
                  level: c.level,
                  period: c.period,
                  href: linkable ? classCardHref(user, c.code) : null,
                }))}
              />
              <Pager page={page} total={total} pageSize={HOME_PAGE_SIZE} href={homePageHref} />
            </>
          )}
        </section>
      )}
    </AppShell>
  );
}
