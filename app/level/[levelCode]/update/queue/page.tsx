import { notFound } from "next/navigation";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { ConcludedBanner } from "@/components/concluded-banner";
import { GradesMessages } from "@/components/grades-messages";
import { PageMessages } from "@/components/page-messages";
import { GradingQueueForm } from "@/components/teacher/grading-queue";
import { InlineFiles } from "@/components/files/inline-files";
import { CommentThread } from "@/components/comments/comment-thread";
import { ReturnButton } from "@/components/teacher/return-button";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { defaultFilter, firstShown, placeOf, type QueueFilter } from "@/lib/domain/grading-queue";
import { formatDateTime } from "@/lib/domain/format";
import { safeDecode, tabParam } from "@/lib/domain/url";
import { schoolTimeZone } from "@/lib/env";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { listThread } from "@/lib/queries/comments";
import { getQueueAssignment, getQueueEntry, listQueueStudents } from "@/lib/queries/grading-queue";

export async function generateMetadata() {
  return { title: (await getT("gradingQueue"))("pageTitle") };
}

const idParam = (v: string | string[] | undefined): number | null => {
  const n = Number(tabParam(v));
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * The grading queue (issue 44): one assignment, one student at a time — the work and its files,
 * the grade form, the rubric and the private comments — moving student to student, ungraded first.
 * The class's own staff only (dashboardPageAccess); an assignment of another class is not found.
 */
export default async function GradingQueuePage({
  params,
  searchParams,
}: {
  params: Promise<{ levelCode: string }>;
  searchParams: Promise<{ assignment?: string | string[]; student?: string | string[]; filter?: string | string[] }>;
}) {
  const access = await dashboardPageAccess(safeDecode((await params).levelCode));
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const { level } = access;
  const query = await searchParams;
  const assignmentId = idParam(query.assignment);
  const assignment = assignmentId === null ? null : await getQueueAssignment(level.code, assignmentId);
  if (!assignment) notFound();
  const students = await listQueueStudents(level.code, assignment.id);
  const asked = tabParam(query.filter);
  const filter: QueueFilter = asked === "all" || asked === "ungraded" ? asked : defaultFilter(students);
  const askedStudent = idParam(query.student);
  const shownId = students.some((s) => s.id === askedStudent) ? askedStudent! : firstShown(students, filter);
  const [t, locale] = await Promise.all([getT("gradingQueue"), requestLocale()]);
  const base = `/level/${encodeURIComponent(level.code)}/update`;
  const href = (studentId: number, f: QueueFilter = filter) =>
    `${base}/queue?assignment=${assignment.id}&student=${studentId}&filter=${f}`;
  const [entry, comments] =
    shownId === null
      ? [null, []]
      : await Promise.all([
          getQueueEntry(level.code, assignment.id, shownId),
          // The class's staff see hidden comments too, marked (decision 033).
          listThread({ assignmentId: assignment.id, studentId: shownId, staff: true }),
        ]);
  const drafts = students.filter((s) => s.draft).length;
  const place = shownId === null ? null : placeOf(students, shownId, filter);
  const readOnly = level.concludedYear !== null;
  return (
    <AppShell user={access.user}>
      <a
        href={`${base}?tab=assignments`}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink"
      >
        <span aria-hidden>←</span> {t("back")}
      </a>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl" data-user-text>
        {assignment.title}
      </h1>
      <p className="text-ink-muted" data-user-text>
        {level.name}
      </p>
      {readOnly && <ConcludedBanner year={level.concludedYear!} />}
      {!entry || !place ? (
        <p className="mt-6 text-ink-muted">{t("noStudents")}</p>
      ) : (
        <PageMessages namespaces={["teacherAssignments", "gradingQueue", "privateComments", "returns", "rubrics"]}>
          <nav aria-label={t("navLabel")} className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span>{t("position", { position: place.position, total: place.total })}</span>
            <span data-testid="queue-left">{t("left", { count: place.ungraded })}</span>
            <span className="inline-flex gap-2">
              {(["ungraded", "all"] as const).map((f) => (
                <a
                  key={f}
                  href={href(entry.studentId, f)}
                  aria-current={f === filter ? "true" : undefined}
                  className={`rounded-full border px-3 py-1 ${f === filter ? "border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50" : "border-line hover:bg-surface-muted"}`}
                >
                  {f === "ungraded" ? t("filterUngraded") : t("filterAll")}
                </a>
              ))}
            </span>
            {!readOnly && assignment.postPolicy === "on_return" && (
              <ReturnButton levelCode={level.code} assignmentId={assignment.id} count={drafts} />
            )}
            {/* A plain form: leaving with unsaved work gets the browser's own question (beforeunload). */}
            <form action={`${base}/queue`} className="inline-flex items-center gap-2">
              <input type="hidden" name="assignment" value={assignment.id} />
              <input type="hidden" name="filter" value={filter} />
              <label htmlFor="queue-pick">{t("pickStudent")}</label>
              <select
                id="queue-pick"
                name="student"
                defaultValue={entry.studentId}
                className="max-w-48 rounded-lg border border-line bg-surface px-2 py-1"
              >
                {students.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.graded ? t("pickGraded", { name: s.name }) : s.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className="min-h-11 rounded-lg border border-line px-3 py-1 font-medium hover:bg-surface-muted"
              >
                {t("pickGo")}
              </button>
            </form>
          </nav>
          <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-labelledby="queue-work" className="min-w-0 self-start rounded-xl border border-line p-4">
              <h2 id="queue-work" className="text-lg font-semibold" data-user-text>
                {entry.name}
              </h2>
              {entry.submission ? (
                <>
                  <p className="text-sm text-ink-muted">
                    {t("handedIn", {
                      when: formatDateTime(
                        new Date(entry.submission.submittedAt),
                        schoolTimeZone(),
                        intlLocaleOf(locale),
                      ),
                    })}
                    {entry.submission.count > 1 && <> · {t("resubmitted", { count: entry.submission.count })}</>}
                  </p>
                  <p className="mt-3 whitespace-pre-line break-words" data-user-text>
                    {entry.submission.content}
                  </p>
                  <div className="mt-3">
                    <InlineFiles files={entry.files} studentName={entry.name} />
                  </div>
                </>
              ) : (
                <p className="mt-2 text-ink-muted">{t("notHandedIn")}</p>
              )}
              <div className="mt-6 border-t border-line pt-4">
                <CommentThread
                  levelCode={level.code}
                  assignmentId={assignment.id}
                  studentId={entry.studentId}
                  comments={comments}
                  viewerId={access.user.id}
                  canPost={!readOnly}
                  canHide={!readOnly}
                />
              </div>
            </section>
            <section aria-labelledby="queue-grade" className="self-start rounded-xl border border-line p-4">
              <h2 id="queue-grade" className="text-lg font-semibold">
                {t("gradeHeading")}
              </h2>
              {entry.grade && !entry.grade.returned && (
                <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-200">{t("draft")}</p>
              )}
              <p className="mt-1 text-xs text-ink-muted">{t("shortcuts")}</p>
              <div className="mt-3">
                <GradesMessages parts={["grid"]}>
                  <GradingQueueForm
                    key={entry.studentId}
                    levelCode={level.code}
                    assignment={assignment}
                    entry={entry}
                    nextHref={place.next === null ? null : href(place.next)}
                    previousHref={place.previous === null ? null : href(place.previous)}
                    readOnly={readOnly}
                  />
                </GradesMessages>
              </div>
            </section>
          </div>
        </PageMessages>
      )}
    </AppShell>
  );
}
