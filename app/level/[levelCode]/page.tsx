import { Suspense } from "react";
import { AppShell } from "@/components/app-header";
import { AssignmentList } from "@/components/class-page/assignment-list";
import { AttendanceList, GradeList, SummaryTiles } from "@/components/class-page/student-records";
import { StudentsPanel, StudentsPanelSkeleton } from "@/components/class-page/students-panel";
import { TermGradePanel } from "@/components/class-page/term-grade-panel";
import { RubricView } from "@/components/rubric/rubric-view";
import { listClassRubrics } from "@/lib/queries/class-rubrics";
import { UpdateList } from "@/components/class-page/update-list";
import { filesOfUpdates } from "@/lib/files/records";
import { cachedMarkdown } from "@/components/markdown-cache";
import { SignInScreen } from "@/components/sign-in-screen";
import { RefusalScreen } from "@/components/access-screens";
import { ToastProvider } from "@/components/toast";
import { ConcludedBanner } from "@/components/concluded-banner";
import { SectionNav, type Section } from "@/components/section-nav";
import { classPageAccess } from "@/lib/auth/page-access";
import { canSeeAccessCodes } from "@/lib/auth/policy";
import { pageParam, safeDecode, tabParam } from "@/lib/domain/url";
import { env, schoolTimeZone } from "@/lib/env";
import { intlLocaleOf } from "@/lib/i18n/locales";
import type { AnyLocale } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { loadStudentTermGrade, parseTermChoice, type TermGradeView } from "@/lib/gradebook/term-grades";
import {
  loadAssignmentsView,
  loadAttendanceView,
  loadGradesView,
  loadStudentTiles,
  loadUpdatesView,
} from "@/lib/queries/class-page-view";
import { listStudentThreads } from "@/lib/queries/comments";
import Link from "next/link";

export async function generateMetadata() {
  return { title: (await getT("classPage"))("title") };
}

const TABS = ["updates", "assignments", "grades", "attendance", "students"] as const;

type Query = {
  tab?: string | string[];
  responses?: string | string[];
  page?: string | string[];
  term?: string | string[];
};

export default async function ClassPage({
  params,
  searchParams,
}: {
  params: Promise<{ levelCode: string }>;
  searchParams: Promise<Query>;
}) {
  // Refused visitors get 403 or 404 from the layout, before the loading screen streams (decision 027).
  const access = await classPageAccess(safeDecode((await params).levelCode), "view");
  if (!access) return <SignInScreen />;
  if ("refusal" in access) return <RefusalScreen {...access} />;

  const { level, user } = access;
  const studentId = access.view === "student" ? user.id : null;
  // A concluded class (issue 41) opens as before, read-only: no control the server would refuse.
  const readOnly = level.concludedYear !== null;
  const staffTabs = canSeeAccessCodes(user, level);
  const query = await searchParams;
  const requested = tabParam(query.tab);
  const active =
    (TABS as readonly string[]).includes(requested ?? "") && (requested !== "students" || staffTabs)
      ? requested!
      : "updates";
  const tz = schoolTimeZone();
  const locale = await requestLocale();
  const t = await getT("classPage");

  // Only the active tab is queried and rendered; switching tabs asks the server for the next one.
  const term = parseTermChoice(tabParam(query.term));
  // The Grades tab shows the term grade the tiles' Average comes from: read once for both.
  const termGrade =
    studentId !== null && active === "grades" ? loadStudentTermGrade(level.code, studentId, term, tz) : undefined;
  const [tiles, panel] = await Promise.all([
    studentId === null ? null : loadStudentTiles(level.code, studentId, term, tz, new Date(), termGrade),
    activePanel(
      active,
      level.code,
      studentId,
      { tz, locale },
      { moderate: staffTabs && !readOnly, responses: responsesParam(query) },
      termGrade,
      readOnly,
    ),
  ]);
  const sections: Section[] = [
    { value: "updates", label: t("tabs.updates") },
    { value: "assignments", label: t("tabs.assignments") },
    { value: "grades", label: t("tabs.grades") },
    { value: "attendance", label: t("tabs.attendance") },
  ];
  if (staffTabs) sections.push({ value: "students", label: t("tabs.students") });

  return (
    <AppShell user={user}>
      <ToastProvider>
        <Link href="/" className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink">
          <span aria-hidden>←</span> {t("back")}
        </Link>
        <div className="mt-2">
          <h1 className="text-2xl font-semibold sm:text-3xl" data-user-text>
            {level.name}
          </h1>
          <p className="text-ink-muted">
            {level.period ? t("period", { period: level.period }) : null}
            {level.level ? (
              <>
                {" · "}
                <span data-user-text>{level.level}</span>
              </>
            ) : null}
          </p>
        </div>
        {level.concludedYear !== null && <ConcludedBanner year={level.concludedYear} />}
        {tiles && <SummaryTiles {...tiles} />}
        <SectionNav sections={sections} active={active} label={t("sections")} href={(tab) => `?tab=${tab}`}>
          {panel}
        </SectionNav>
      </ToastProvider>
    </AppShell>
  );
}

/** ?responses=<announcement id>&page=<n>: that announcement's responses a page at a time. */
function responsesParam(query: Query): { updateId: number; page: number } | null {
  const updateId = Number(tabParam(query.responses));
  return Number.isSafeInteger(updateId) && updateId > 0 && updateId <= 2_147_483_647
    ? { updateId, page: pageParam(query.page) }
    : null;
}

async function activePanel(
  tab: string,
  levelCode: string,
  studentId: number | null,
  { tz, locale }: { tz: string; locale: AnyLocale },
  updatesTab: { moderate: boolean; responses: { updateId: number; page: number } | null },
  termGrade: Promise<TermGradeView> | undefined,
  readOnly: boolean,
): Promise<React.ReactNode> {
  switch (tab) {
    case "assignments": {
      // The student's own private comments on each assignment (issue 44): only their own threads.
      const [view, threads, classRubrics, rubricWords] = await Promise.all([
        loadAssignmentsView(levelCode, studentId, tz, new Date(), locale),
        studentId === null ? null : listStudentThreads({ studentId, levelCode }),
        listClassRubrics(levelCode, studentId),
        getT("rubrics"),
      ]);
      const descriptions = Object.fromEntries(view.descriptions.map((d) => [d.id, cachedMarkdown(d.source)]));
      // Issue 44: the rubric with the assignment; a student's levels once their grade is returned.
      const numbers = env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(locale);
      const rubrics = Object.fromEntries(
        [...classRubrics].map(([id, r]) => [
          id,
          {
            label: rubricWords("view.show"),
            view: (
              <RubricView
                rubric={r.rubric}
                selections={r.selections}
                stale={r.stale}
                score={
                  r.scoreHundredths !== null && r.rubricHundredths !== null
                    ? { scoreHundredths: r.scoreHundredths, rubricHundredths: r.rubricHundredths }
                    : null
                }
                locale={locale}
                numberLocale={numbers}
              />
            ),
          },
        ]),
      );
      return (
        <AssignmentList
          assignments={view.assignments}
          descriptions={descriptions}
          levelCode={levelCode}
          studentId={studentId}
          readOnly={readOnly}
          threads={threads ? Object.fromEntries(threads) : undefined}
          rubrics={rubrics}
        />
      );
    }
    case "grades": {
      if (studentId === null || !termGrade) return <DashboardLink levelCode={levelCode} />;
      const [term, grades] = await Promise.all([termGrade, loadGradesView(levelCode, studentId, tz, locale)]);
      return (
        <>
          <TermGradePanel view={term} href={(t) => `?tab=grades&term=${t}`} />
          <GradeList grades={term.term ? grades.filter((g) => term.assignmentIds.includes(g.assignmentId)) : grades} />
        </>
      );
    }
    case "attendance":
      return studentId === null ? (
        <DashboardLink levelCode={levelCode} />
      ) : (
        <AttendanceList records={await loadAttendanceView(levelCode, studentId, tz, locale)} />
      );
    case "students":
      return (
        <Suspense fallback={<StudentsPanelSkeleton />}>
          <StudentsPanel levelCode={levelCode} />
        </Suspense>
      );
    default: {
      const updates = await loadUpdatesView(levelCode, tz, updatesTab.responses, locale);
      return (
        <UpdateList
          updates={updates}
          files={await filesOfUpdates(updates.map((u) => u.id))}
          levelCode={levelCode}
          studentId={studentId}
          moderate={updatesTab.moderate}
          readOnly={readOnly}
        />
      );
    }
  }
}

/** Staff have no personal grades or attendance here (spec §6): the dashboard is where they manage them. */
async function DashboardLink({ levelCode }: { levelCode: string }) {
  const t = await getT("classPage");
  return (
    <p className="mb-4 text-sm text-ink-muted">
      {t.rich("dashboardLink", {
        link: (text) => (
          <a
            className="font-medium text-brand-700 underline dark:text-brand-100"
            href={`/level/${encodeURIComponent(levelCode)}/update`}
          >
            {text}
          </a>
        ),
      })}
    </p>
  );
}
