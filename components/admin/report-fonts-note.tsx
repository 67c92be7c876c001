import type { FontGaps } from "@/lib/report-pdf/font-gaps";
import { getT } from "@/lib/i18n/request-locale";

// /admin → Terms: what the report-card PDF cannot print with the fonts it has (decision 026).
// Nothing when every name prints; otherwise the names, the characters and what to set.
export async function ReportFontsNote({ gaps }: { gaps: FontGaps }) {
  if (gaps.names === 0 && gaps.problems.length === 0) return null;
  const t = await getT("admin");
  return (
    <div className="mb-4 rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-testid="report-fonts-note">
      {gaps.names > 0 && (
        <p>
          {t("fonts.names", {
            names: gaps.names,
            characters: gaps.characters.join(" "),
            examples: gaps.examples.join(", "),
          })}
        </p>
      )}
      {gaps.problems.map((p) => (
        <p key={p}>{t("fonts.cannotRead", { path: p })}</p>
      ))}
    </div>
  );
}
