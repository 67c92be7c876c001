import type { FontGaps } from "@/lib/report-pdf/font-gaps";

// /admin → Terms: what the report-card PDF cannot print with the fonts it has (decision 026).
// Nothing when every name prints; otherwise the names, the characters and what to set.
export function ReportFontsNote({ gaps }: { gaps: FontGaps }) {
  if (gaps.names === 0 && gaps.problems.length === 0) return null;
  return (
    <div className="mb-4 rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-testid="report-fonts-note">
      {gaps.names > 0 && (
        <p>
          Report-card PDFs print {gaps.names} name(s) with “�” in place of characters no font here has (
          {gaps.characters.join(" ")}), e.g. {gaps.examples.join(", ")}. Latin, Greek and Cyrillic print with the
          built-in Noto Sans; for Chinese, Japanese, Korean and other scripts set REPORT_FONTS to a font file that has
          them (e.g. Debian&apos;s fonts-noto-cjk: /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc) and restart.
        </p>
      )}
      {gaps.problems.map((p) => (
        <p key={p}>REPORT_FONTS: cannot read {p}.</p>
      ))}
    </div>
  );
}
