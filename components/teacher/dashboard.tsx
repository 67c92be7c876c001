import { Suspense } from "react";
import { GradesMessages } from "@/components/grades-messages";
import { ToastProvider } from "@/components/toast";
import { SectionNav } from "@/components/section-nav";
import type { LevelRow } from "@/lib/queries/levels";
import { descriptionPreview } from "@/lib/domain/assignments";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { getGradebook, listCategories, listTeacherAssignments } from "@/lib/queries/teacher";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import { tabParam } from "@/lib/domain/url";
import { TermSwitcher } from "@/components/term-switcher";
import { loadUpdatesView } from "@/lib/queries/class-page-view";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { AssignmentsManager, GradesTab, UpdatesManager } from "./lazy-tabs";
import { SummaryTab } from "./summary-tab";
import { StudentsTabLoader, TabSkeleton } from "./dashboard-loaders";
import { AttendanceSection } from "./roll-call-section";
import { PageMessages } from "@/components/page-messages";
import { ConcludedBanner } from "@/components/concluded-banner";
import { AssignmentList } from "@/components/class-page/assignment-list";
import { UpdateList } from "@/components/class-page/update-list";
import { filesOfUpdates } from "@/lib/files/records";
import { cachedMarkdown } from "@/components/markdown-cache";
import { loadAssignmentsView } from "@/lib/queries/class-page-view";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { requireUser } from "@/lib/auth/guards";
import { listBankRubrics } from "@/lib/gradebook/rubric-bank";

/**
 * The teacher/admin class dashboard (spec §2). Callers have already decided access with
 * requireClassAccess(code, "teach"). Each tab loads in its own Suspense boundary.
 */
export const DASHBOARD_TABS = ["summary", "updates", "assignments", "grades", "attendance", "students"] as const;

/**
 * `tabHref` builds each tab's link: /teacher keeps its ?class= (the default suits /level/{code}/update).
 * `attendance` is the Attendance tab's ?view= and ?day= (roll call or the multi-day grid).
 */
export async function TeacherDashboard({
  level,
  tab,
  switcher,
  tabHref = (t) => `?tab=${t}`,
  attendance = {},
  term,
}: {
  level: LevelRow;
  tab: string | undefined;
  switcher?: React.ReactNode;
  tabHref?: (tab: string) => string;
  attendance?: { view?: string | string[]; day?: string | string[]; rollcall?: string | string[] };
  /** ?term= of the Summary and Grades tabs: a term id or "year" (default: today's term). */
  term?: string | string[];
}) {
  const tz = schoolTimeZone();
  const active = (DASHBOARD_TABS as readonly string[]).includes(tab ?? "") ? tab! : "summary";
  const t = await getT("teacher");
  const sections = DASHBOARD_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }));
  // A concluded class (issue 41) opens for the same people, read-only: no control the server would refuse.
  const readOnly = level.concludedYear !== null;
  return (
    <ToastProvider>
      <a
        href={`/level/${encodeURIComponent(level.code)}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink"
      >
        <span aria-hidden>←</span> {t("back")}
      </a>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl" data-user-text>
            {level.name}
          </h1>
          <p className="text-ink-muted">
            {level.period ? t("period", { period: level.period }) : null}
            {level.level ? " · " : null}
            {level.level ? <span data-user-text>{level.level}</span> : null} · <span data-user-text>{level.code}</span>
          </p>
        </div>
        {switcher}
      </div>
      {level.concludedYear !== null && <ConcludedBanner year={level.concludedYear} />}
      {/* Only the active tab is rendered (and queried) on the server; switching tabs navigates. */}
      <SectionNav label={t("sections")} sections={sections} active={active} href={tabHref}>
        <Suspense fallback={<TabSkeleton />}>
          {readOnly && active === "updates" ? (
            <ReadOnlyUpdates code={level.code} tz={tz} />
          ) : readOnly && active === "assignments" ? (
            <ReadOnlyAssignments code={level.code} tz={tz} />
          ) : active === "updates" ? (
            <PageMessages namespaces={["teacherShared", "teacherUpdates"]}>
              <UpdatesLoader code={level.code} tz={tz} />
            </PageMessages>
          ) : active === "assignments" ? (
            <PageMessages
              namespaces={[
                "teacherShared",
                "teacherGuardians",
                "teacherAssignments",
                "privateComments",
                "returns",
                "rubrics",
              ]}
            >
              <AssignmentsLoader code={level.code} tz={tz} />
            </PageMessages>
          ) : active === "grades" ? (
            <GradesLoader
              code={level.code}
              tz={tz}
              term={tabParam(term)}
              href={tabHref("grades")}
              readOnly={readOnly}
            />
          ) : active === "attendance" ? (
            <AttendanceSection code={level.code} query={attendance} href={tabHref("attendance")} readOnly={readOnly} />
          ) : active === "students" ? (
            <PageMessages namespaces={["teacherStudents"]}>
              <StudentsTabLoader code={level.code} readOnly={readOnly} />
            </PageMessages>
          ) : (
            // The Summary's "Message guardians of students under…" (components/teacher/message-guardians.tsx).
            <PageMessages namespaces={["teacherGuardians"]}>
              <SummaryLoader
                code={level.code}
                tz={tz}
                term={tabParam(term)}
                href={tabHref("summary")}
                readOnly={readOnly}
              />
            </PageMessages>
          )}
        </Suspense>
      </SectionNav>
    </ToastProvider>
  );
}

async function SummaryLoader({
  code,
  tz,
  term,
  href,
  readOnly,
}: {
  code: string;
  tz: string;
  term: string | undefined;
  href: string;
  readOnly: boolean;
}) {
  const [view, t] = await Promise.all([loadSummaryView(code, tz, parseTermChoice(term)), getT("teacher")]);
  return (
    <>
      <TermSwitcher
        view={view}
        href={(k) => `${href}&term=${k}`}
        className="mb-4"
        labels={{ term: t("term"), wholeYear: t("wholeYear") }}
      />
      <SummaryTab
        students={view.students}
        averageGrade={view.averageGrade}
        averageAttendance={view.averageAttendance}
        activity={view.activity}
        termLabel={view.term?.title ?? null}
        levelCode={code}
        term={term}
        readOnly={readOnly}
      />
    </>
  );
}

/** A concluded class's announcements as its class page shows them: read, never changed. */
async function ReadOnlyUpdates({ code, tz }: { code: string; tz: string }) {
  const updates = await loadUpdatesView(code, tz, null, await requestLocale());
  const files = await filesOfUpdates(updates.map((u) => u.id));
  return <UpdateList updates={updates} files={files} levelCode={code} studentId={null} readOnly />;
}

/** A concluded class's assignments as its class page shows them, without the editing controls. */
async function ReadOnlyAssignments({ code, tz }: { code: string; tz: string }) {
  const view = await loadAssignmentsView(code, null, tz, new Date(), await requestLocale());
  const descriptions = Object.fromEntries(view.descriptions.map((d) => [d.id, cachedMarkdown(d.source)]));
  return (
    <AssignmentList
      assignments={view.assignments}
      descriptions={descriptions}
      levelCode={code}
      studentId={null}
      readOnly
    />
  );
}

async function UpdatesLoader({ code, tz }: { code: string; tz: string }) {
  // The newest few responses of each announcement, with the count: bounded whatever students post.
  const updates = await loadUpdatesView(code, tz, null, await requestLocale());
  return <UpdatesManager levelCode={code} updates={updates} />;
}

async function AssignmentsLoader({ code, tz }: { code: string; tz: string }) {
  const user = await requireUser();
  const [rows, categories, book, t, locale, bank] = await Promise.all([
    listTeacherAssignments(code),
    listCategories(),
    getGradebook(code),
    getT("teacher"),
    requestLocale(),
    listBankRubrics(user),
  ]);
  const gradesByAssignment: Record<number, Record<number, { score: number; feedback: string | null }>> = {};
  for (const g of book.grades)
    (gradesByAssignment[g.assignmentId] ??= {})[g.studentId] = { score: g.score, feedback: g.feedback };
  return (
    <AssignmentsManager
      levelCode={code}
      categories={categories}
      roster={book.students.map((s) => ({ id: s.id, name: s.name }))}
      gradesByAssignment={gradesByAssignment}
      bank={bank}
      canShareRubrics={user.role === "admin"}
      assignments={rows.map((a) => ({
        id: a.id,
        title: a.title,
        description: a.description,
        preview: descriptionPreview(a.description),
        maxScore: a.maxScore,
        dueIso: a.dueDate ? a.dueDate.toISOString() : null,
        due: a.dueDate ? t("due", { date: formatDateTime(a.dueDate, tz, intlLocaleOf(locale)) }) : t("noDue"),
        categoryId: a.categoryId,
        category: a.category,
        submissions: a.submissions,
        graded: a.graded,
        postPolicy: a.postPolicy,
        drafts: a.drafts,
        rubric: a.rubric,
        rubricId: a.rubricId,
      }))}
    />
  );
}

async function GradesLoader({
  code,
  tz,
  term,
  href,
  readOnly,
}: {
  code: string;
  tz: string;
  term: string | undefined;
  href: string;
  readOnly: boolean;
}) {
  const [data, t, grades] = await Promise.all([
    getGradeGrid(code, parseTermChoice(term), tz),
    getT("teacher"),
    getT("gradesServer"),
  ]);
  return (
    <>
      <TermSwitcher
        view={data}
        href={(k) => `${href}&term=${k}`}
        className="mb-3"
        labels={{ term: t("term"), wholeYear: t("wholeYear") }}
      />
      {data.locked && data.term && !readOnly && (
        <p
          role="note"
          className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          {/* The grade writes' own refusal (lib/gradebook/lock), in the reader's language. */}
          {grades("actions.locked", { term: data.term.title })}
        </p>
      )}
      <GradesMessages parts={["grid"]}>
        <PageMessages namespaces={["returns"]}>
          <GradesTab levelCode={code} data={data} readOnly={readOnly} />
        </PageMessages>
      </GradesMessages>
    </>
  );
}
