import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/app-header";
import { ArrowText } from "@/components/arrow-text";
import { Pager } from "@/components/pager";
import { PastClassList } from "@/components/records/past-classes";
import { SignInScreen } from "@/components/sign-in-screen";
import { EmptyState } from "@/components/states";
import { classCardHref } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { pageParam } from "@/lib/domain/url";
import { getT } from "@/lib/i18n/request-locale";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { listPastClasses, pastScopeOf, PAST_PAGE_SIZE } from "@/lib/queries/records";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("years"))("history.title") };
}

const pastHref = (page: number) => (page === 1 ? "/past" : `/past?page=${page}`);

/**
 * "Past years" (issue 41): the concluded classes of closed school years, by year. Students their
 * own classes, instructors theirs, admins all (a page at a time), parents each linked child's,
 * with the record of every year for a student and a parent's children.
 */
export default async function PastYearsPage({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  const user = await getSessionUser();
  if (!user) return <SignInScreen />;
  const scope = pastScopeOf(user);
  const [t, common] = await Promise.all([getT("years"), getT("common")]);
  const page = pageParam((await searchParams).page);
  const recordLink = (id: number, text: string) => (
    <Link
      href={`/records/${id}`}
      className="inline-block rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
    >
      {text}
    </Link>
  );

  let body: React.ReactNode;
  if (scope === "children") {
    const children = await listChildrenOfParent(user.id);
    const lists = await Promise.all(children.map((c) => listPastClasses({ student: c.studentId })));
    body =
      children.length === 0 ? (
        <EmptyState title={t("history.none")} />
      ) : (
        children.map((c, i) => (
          <section key={c.studentId} aria-labelledby={`child-${c.studentId}`} className="mt-6">
            <h2 id={`child-${c.studentId}`} className="text-xl font-semibold">
              {t("history.yearsOf", { name: c.name })}
            </h2>
            <div className="mt-2">{recordLink(c.studentId, t("history.childRecord", { name: c.name }))}</div>
            {lists[i]!.rows.length === 0 ? (
              <p className="mt-3 text-ink-muted">{t("history.noneChild", { name: c.name })}</p>
            ) : (
              <PastClassList rows={lists[i]!.rows} headingLevel={3} href={null} />
            )}
          </section>
        ))
      );
  } else if (scope === null) {
    body = <EmptyState title={t("history.none")} />;
  } else {
    const { rows, total } = await listPastClasses(scope, page);
    body = (
      <>
        {user.role === "student" && <div className="mt-4">{recordLink(user.id, t("history.myRecord"))}</div>}
        {rows.length === 0 ? (
          <EmptyState title={t("history.none")} />
        ) : (
          <PastClassList rows={rows} headingLevel={2} href={(code) => classCardHref(user, code)} />
        )}
        <Pager page={page} total={total} pageSize={PAST_PAGE_SIZE} href={pastHref} />
      </>
    );
  }

  return (
    <AppShell user={user}>
      <Link href="/" className="text-sm font-medium text-ink-muted hover:text-ink">
        <ArrowText text={common("back")} />
      </Link>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">{t("history.title")}</h1>
      <p className="mt-1 text-ink-muted">{t("history.intro")}</p>
      {body}
    </AppShell>
  );
}
