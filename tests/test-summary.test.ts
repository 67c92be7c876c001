import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- plain ESM script without type declarations
import * as counting from "../scripts/test-summary.mjs";

// `npm test`'s last line (scripts/test-all.mjs) must not read clean when something did not pass:
// a newcomer once saw "721 passed, 0 failed, 719 skipped" from a run where 21 files had failed in
// their beforeAll (issue 34).

interface Summary {
  passed: number;
  failed: number;
  failures: string[];
  skipped: { test: string; reason: string; count: number }[];
}
const { addNotRun, addPhase, addVitest, createSummary, summaryLines } = counting as {
  createSummary: () => Summary;
  addPhase: (s: Summary, title: string, ok: boolean) => void;
  addNotRun: (s: Summary, title: string) => void;
  addVitest: (s: Summary, title: string, report: unknown, ok: boolean) => void;
  summaryLines: (s: Summary) => string[];
};

/** Runs the fixture suite (a failing beforeAll, a pass, a skip) as test-all runs Vitest. */
function runFixtureSuite(): { report: unknown; ok: boolean } {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "summary-fixture-")), "report.json");
  const res = spawnSync(
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "tests/fixtures/summary/vitest.config.ts",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
    { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  return { report: JSON.parse(fs.readFileSync(out, "utf8")), ok: res.status === 0 };
}

describe("the summary line of npm test", () => {
  it("counts a file that failed in its beforeAll as failed, and lists its tests and a skip with why", () => {
    const { report, ok } = runFixtureSuite();
    expect(ok).toBe(false);
    const summary = createSummary();
    addVitest(summary, "fixture", report, ok);
    const lines = summaryLines(summary);
    expect(lines.at(-1)).toBe("1 passed, 1 failed, 3 skipped");
    expect(summary.failures).toEqual([
      expect.stringMatching(/failing-hook\.fixture\.ts: failed outside its tests: in a hook/),
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/failing-hook\.fixture\.ts \(2 tests\) — not run, their file failed: in a hook/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/passing\.fixture\.ts: a skipped test — skipped in the code/));
  }, 120_000);

  it("counts a run that left no report, and each phase that never ran, as failed", () => {
    const summary = createSummary();
    addPhase(summary, "typecheck", true);
    addVitest(summary, "unit + integration (PGlite)", null, false);
    addNotRun(summary, "production build");
    addNotRun(summary, "end-to-end (Chromium)");
    expect(summaryLines(summary).at(-1)).toBe("1 passed, 3 failed");
  });

  it("counts a run that exited with failure without naming a failing test as failed", () => {
    // Vitest exits 1 on an unhandled error outside any test, with every test in its report passed.
    const report = {
      testResults: [{ name: "a.test.ts", status: "passed", message: "", assertionResults: [{ status: "passed" }] }],
    };
    const summary = createSummary();
    addVitest(summary, "unit", report, false);
    expect(summaryLines(summary).at(-1)).toBe("1 passed, 1 failed");
  });
});
