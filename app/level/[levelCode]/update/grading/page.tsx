import type { Metadata } from "next";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { GradingSettingsForm } from "@/components/teacher/grading-settings-form";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { safeDecode } from "@/lib/domain/url";
import { loadGradingForm } from "@/lib/gradebook/settings";

export const metadata: Metadata = { title: "Grading settings" };

// How a class's term grade is made (issue 19): total points (spec §9) or weighted categories,
// drop-lowest per category and a late policy. The class's own staff only (dashboardPageAccess).
export default async function GradingSettingsPage({ params }: { params: Promise<{ levelCode: string }> }) {
  const access = await dashboardPageAccess(safeDecode((await params).levelCode));
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const { level } = access;
  const view = await loadGradingForm(level.code);
  const back = `/level/${encodeURIComponent(level.code)}/update?tab=grades`;
  return (
    <AppShell user={access.user}>
      <a href={back} className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink">
        <span aria-hidden>←</span> Back to grades
      </a>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">Grading settings</h1>
      <p className="text-ink-muted">{level.name}</p>
      <GradingSettingsForm levelCode={level.code} view={view} />
    </AppShell>
  );
}
