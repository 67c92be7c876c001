import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { GradesMessages } from "@/components/grades-messages";
import { ConcludedBanner } from "@/components/concluded-banner";
import { GradingSettingsForm } from "@/components/teacher/grading-settings-form";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { safeDecode } from "@/lib/domain/url";
import { loadGradingForm } from "@/lib/gradebook/settings";
import { setupSources } from "@/lib/gradebook/copy-setup";
import { CopySetupForm } from "@/components/teacher/copy-setup-form";
import { YearsAdminMessages } from "@/components/admin/years-messages";
import { getT } from "@/lib/i18n/request-locale";

export async function generateMetadata() {
  return { title: (await getT("gradesServer"))("settingsTitle") };
}

// How a class's term grade is made (issue 19): total points (spec §9) or weighted categories,
// drop-lowest per category and a late policy. The class's own staff only (dashboardPageAccess).
// In the reader's language (issue 31): the form's words are the `grades` namespace's.
export default async function GradingSettingsPage({ params }: { params: Promise<{ levelCode: string }> }) {
  const access = await dashboardPageAccess(safeDecode((await params).levelCode));
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const { level } = access;
  const [view, t, sources] = await Promise.all([
    loadGradingForm(level.code),
    getT("gradesServer"),
    // A concluded class takes no copy (nor any write); the list would only offer a refusal.
    level.concludedYear === null ? setupSources(level.code, access.user) : [],
  ]);
  const back = `/level/${encodeURIComponent(level.code)}/update?tab=grades`;
  return (
    <AppShell user={access.user}>
      <a href={back} className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink">
        <span aria-hidden>←</span> {t("backToGrades")}
      </a>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">{t("settingsTitle")}</h1>
      <p className="text-ink-muted" data-user-text>
        {level.name}
      </p>
      {level.concludedYear !== null ? (
        // A concluded class (issue 41): its settings made its grades and stay as they were.
        <ConcludedBanner year={level.concludedYear} />
      ) : (
        <>
          <GradesMessages parts={["form"]}>
            <GradingSettingsForm levelCode={level.code} view={view} />
          </GradesMessages>
          {sources.length > 0 && (
            <YearsAdminMessages>
              <CopySetupForm levelCode={level.code} sources={sources} />
            </YearsAdminMessages>
          )}
        </>
      )}
    </AppShell>
  );
}
