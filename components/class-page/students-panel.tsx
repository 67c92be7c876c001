import { CodeBadge } from "@/components/code-badge";
import { AdminsOnlyCode } from "@/components/admins-only-code";
import { requireUser } from "@/lib/auth/guards";
import { getT } from "@/lib/i18n/request-locale";
import { ErrorBanner } from "@/components/error-banner";
import { listClassStudentsWithCodes, type ClassStudent } from "@/lib/queries/class-page";

/** 'Students in this Class' (spec §2). Rendered inside Suspense: the spinner shows while it loads. */
export async function StudentsPanel({ levelCode }: { levelCode: string }) {
  const t = await getT("classPage");
  let students: ClassStudent[];
  try {
    students = await listClassStudentsWithCodes(levelCode, await requireUser());
  } catch (err) {
    console.error("students panel:", err);
    return <ErrorBanner message={t("students.error")} />;
  }
  return (
    <section aria-labelledby="students-heading">
      <h2 id="students-heading" className="text-lg font-semibold">
        {t("students.heading")} <span className="text-ink-muted">({levelCode})</span>
      </h2>
      {students.length === 0 ? (
        <p className="mt-4 text-ink-muted">{t("students.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface">
          {students.map((s) => (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3" data-testid="student-row">
              <span
                aria-hidden
                className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
              >
                {s.name.trim().charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{s.name}</div>
                <div className="truncate text-sm text-ink-muted">@{s.username}</div>
              </div>
              {s.code ? <CodeBadge code={s.code} /> : s.codeAdminsOnly ? <AdminsOnlyCode /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export async function StudentsPanelSkeleton() {
  const t = await getT("classPage");
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-ink-muted">
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      {t("students.loading")}
    </div>
  );
}
