// npx tsx --conditions=react-server scripts/report-pdf-bench.ts   (on the database DATA_DIR or DATABASE_URL names)
// The whole-school term report-card PDF (issue 19) on a generated school (npm run db:generate --
// --preset school: 2,000 students in 5 classes each): makes two semesters over the generated
// data if there are no terms, publishes the first, then times reading every student's lines and
// drawing the PDF, with its size, page count and the process's peak RSS.
import { closeDb, dbHandle, queryRows } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { renderReportCards } from "@/lib/report-pdf/render";
import { listGradingTerms } from "@/lib/terms/terms";
import { ensureTwoSemesters } from "./lib/bench-terms";

async function main() {
  await runMigrations(dbHandle());
  await ensureTwoSemesters((q) => queryRows(q));
  const [term] = await listGradingTerms();
  if (!term) throw new Error("no terms");
  const t0 = performance.now();
  const students = await loadTermReportCards(term, { kind: "school" }, "UTC");
  const t1 = performance.now();
  let bytes = 0;
  await renderReportCards(
    students,
    { school: "Bench High", term: term.title, printedDay: "2026-11-26", language: null },
    (chunk) => (bytes += chunk.length),
  );
  const t2 = performance.now();
  const lines = students.reduce((n, s) => n + s.classes.length, 0);
  console.log(`${term.title}: ${students.length} students, ${lines} class lines`);
  console.log(
    `read ${((t1 - t0) / 1000).toFixed(1)} s, drawn ${((t2 - t1) / 1000).toFixed(1)} s, last byte after ${((t2 - t0) / 1000).toFixed(1)} s; ${(bytes / 1e6).toFixed(1)} MB; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
