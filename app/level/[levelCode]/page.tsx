import type { Metadata } from "next";
import { Suspense } from "react";
import { AppShell } from "@/components/app-header";
import { AssignmentList } from "@/components/class-page/assignment-list";
import { AttendanceList, GradeList, SummaryTiles } from "@/components/class-page/student-records";
import { StudentsPanel, StudentsPanelSkeleton } from "@/components/class-page/students-panel";
import { UpdateList } from "@/components/class-page/update-list";
import { cachedMarkdown } from "@/components/markdown-cache";
import { SignInScreen } from "@/components/sign-in-screen";
import { blockedScreen } from "@/components/access-screens";
import { ToastProvider } from "@/components/toast";
import { UrlTabs, type TabDef } from "@/components/url-tabs";
import { AccessDenied, requireClassAccess, type ClassAccess } from "@/lib/auth/guards";
import { canSeeAccessCodes } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { safeDecode } from "@/lib/domain/url";
import { schoolTimeZone } from "@/lib/env";
import { loadClassPageView } from "@/lib/queries/class-page-view";

export const metadata: Metadata = { title: "Class" };

export default async function ClassPage({ params }: { params: Promise<{ levelCode: string }> }) {
  const user = await getSessionUser();
  if (!user) return <SignInScreen />;
  const levelCode = safeDecode((await params).levelCode);

  let access: ClassAccess;
  try {
    access = await requireClassAccess(levelCode, "view");
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    return blockedScreen(user, err);
  }

  const { level } = access;
  const studentId = access.view === "student" ? user.id : null;
  const view = await loadClassPageView(level.code, studentId, schoolTimeZone());
  const descriptions = Object.fromEntries(view.descriptions.map((d) => [d.id, cachedMarkdown(d.source)]));
  const dashboardLink = access.view === "staff" && (
    <p className="mb-4 text-sm text-ink-muted">
      Grades and attendance are managed in the{" "}
      <a className="font-medium text-brand-700 underline dark:text-brand-100" href={`/level/${encodeURIComponent(level.code)}/update`}>
        class dashboard
      </a>
      .
    </p>
  );

  const tabs: TabDef[] = [
    { value: "updates", label: "Updates", content: <UpdateList updates={view.updates} levelCode={level.code} studentId={studentId} /> },
    {
      value: "assignments",
      label: "Assignments",
      content: <AssignmentList assignments={view.assignments} descriptions={descriptions} levelCode={level.code} studentId={studentId} />,
    },
    { value: "grades", label: "Grades", content: view.student ? <GradeList grades={view.student.grades} /> : dashboardLink },
    { value: "attendance", label: "Attendance", content: view.student ? <AttendanceList records={view.student.attendance} /> : dashboardLink },
  ];
  if (canSeeAccessCodes(user)) {
    tabs.push({
      value: "students",
      label: "Students",
      content: (
        <Suspense fallback={<StudentsPanelSkeleton />}>
          <StudentsPanel levelCode={level.code} />
        </Suspense>
      ),
    });
  }

  return (
    <AppShell user={user}>
      <ToastProvider>
        <a href="/" className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink">
          <span aria-hidden>←</span> Back
        </a>
        <div className="mt-2">
          <h1 className="text-2xl font-semibold sm:text-3xl">{level.name}</h1>
          <p className="text-ink-muted">
            {level.period ? `Period ${level.period}` : null}
            {level.level ? ` · ${level.level}` : null}
          </p>
        </div>
        {view.student && <SummaryTiles {...view.student.tiles} />}
        <UrlTabs tabs={tabs} label="Class sections" />
      </ToastProvider>
    </AppShell>
  );
}
