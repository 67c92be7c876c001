// The counting behind `npm test`'s last line (scripts/test-all.mjs), kept apart so it can be tested
// (tests/test-summary.test.ts). The rule: anything that stopped a test from running and passing is
// a failure. A file that fails outside its tests (a hook, an import, a crashed worker), a phase
// that exits with failure without naming a failing test, and a phase that never ran each count as
// one failed; skipped tests are listed with why they did not run.

export function createSummary() {
  return { passed: 0, failed: 0, failures: [], skipped: [] };
}

function fail(summary, what) {
  summary.failed++;
  summary.failures.push(what);
}

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? ""
  );
}

/** A phase with no per-test report (typecheck, build, crash test): one test of its own. */
export function addPhase(summary, title, ok) {
  if (ok) summary.passed++;
  else fail(summary, `${title}: failed`);
}

/** A phase that never started because an earlier one failed. */
export function addNotRun(summary, title) {
  fail(summary, `${title}: did not run (an earlier phase failed)`);
}

/**
 * A Vitest JSON report (--reporter=json). `report` is null when the run left none (it crashed);
 * `ok` is whether the process exited with 0.
 */
export function addVitest(summary, title, report, ok) {
  const before = summary.failed;
  if (!report) {
    fail(summary, `${title}: no report (the run crashed or was killed)`);
    return;
  }
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    let failedHere = 0;
    for (const t of tests) {
      if (t.status === "passed") summary.passed++;
      else if (t.status === "failed") {
        failedHere++;
        fail(summary, `${file.name}: ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
    }
    // Failed, but not in a test: a beforeAll/afterAll hook, the import, or the worker itself.
    const fileError = file.status === "failed" && failedHere === 0;
    // Vitest's JSON keeps a file's own error (import, worker) but not a describe block's hook error.
    const why = firstLine(file.message) || "in a hook (the error is in the output above)";
    if (fileError) fail(summary, `${file.name}: failed outside its tests: ${why}`);
    const notRun = tests.filter((t) => t.status !== "passed" && t.status !== "failed");
    if (file.status === "failed" && notRun.length) {
      // One line for the file, not one per test: they all share the reason.
      const reason = `not run, their file failed: ${firstLine(file.message) || "in a hook"}`;
      summary.skipped.push({ test: `${file.name} (${notRun.length} tests)`, reason, count: notRun.length });
      continue;
    }
    for (const t of notRun) {
      const reason = t.status === "todo" ? "marked todo" : "skipped in the code (it.skip, skipIf or ctx.skip)";
      summary.skipped.push({ test: `${file.name}: ${t.fullName}`, reason, count: 1 });
    }
  }
  if (!ok && summary.failed === before) fail(summary, `${title}: exited with failure but named no failing test`);
}

function playwrightSpecs(suite) {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(playwrightSpecs)];
}

/** A Playwright JSON report (--reporter=json). */
export function addPlaywright(summary, title, report, ok) {
  const before = summary.failed;
  if (!report) {
    fail(summary, `${title}: no report (the run crashed or was killed)`);
    return;
  }
  for (const error of report.errors ?? []) fail(summary, `${title}: ${firstLine(error.message)}`);
  for (const spec of (report.suites ?? []).flatMap(playwrightSpecs)) {
    for (const t of spec.tests ?? []) {
      const name = `${spec.file}: ${spec.title}`;
      // expected = passed, unexpected = failed, flaky = passed only on a retry (a failure here).
      if (t.status === "expected") summary.passed++;
      else if (t.status === "skipped") {
        const note = (t.annotations ?? []).find((a) => a.type === "skip" || a.type === "fixme");
        summary.skipped.push({ test: name, reason: note?.description || "skipped in the code (test.skip)", count: 1 });
      } else fail(summary, `${name}: ${t.status}`);
    }
  }
  if (!ok && summary.failed === before) fail(summary, `${title}: exited with failure but named no failing test`);
}

export function skippedCount(summary) {
  return summary.skipped.reduce((n, s) => n + s.count, 0);
}

/** The closing lines; the last is always "N passed, N failed". */
export function summaryLines(summary) {
  const lines = [];
  if (summary.failures.length) lines.push("Failed:", ...summary.failures.map((f) => `  ✗ ${f}`));
  const skipped = skippedCount(summary);
  if (skipped) lines.push(`Skipped (${skipped}):`, ...summary.skipped.map((s) => `  - ${s.test} — ${s.reason}`));
  lines.push(`${summary.passed} passed, ${summary.failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return lines;
}
