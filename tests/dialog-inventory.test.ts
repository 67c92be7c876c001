import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIALOG_OPENERS, DIALOG_SITES } from "../e2e/dialogs";

// Issue 39 item 13: the pseudo-locale walk found English in dialogs nobody had opened in it. Every
// place in components/ that opens a dialog must be in e2e/dialogs.ts, with a name for each dialog it
// opens, so e2e/languages-dialogs.spec.ts walks it. The dialog components themselves are not places.
const IMPLEMENTATIONS = new Set([
  "components/modal.tsx",
  "components/modal-dialog.tsx",
  "components/confirm-dialog.tsx",
  "components/confirm-dialog-impl.tsx",
]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".tsx") && !e.name.includes(".test.") ? [p] : [];
  });
}

describe("the dialog walk's list", () => {
  const found = new Map<string, number>();
  for (const file of [...sources("components"), ...sources("app")]) {
    const rel = file.split(path.sep).join("/");
    if (IMPLEMENTATIONS.has(rel)) continue;
    const n = fs.readFileSync(file, "utf8").match(DIALOG_OPENERS)?.length ?? 0;
    if (n) found.set(rel, n);
  }

  it("names every file that opens a dialog, and no other", () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(DIALOG_SITES).sort());
  });

  it("has at least one name for each dialog a file opens", () => {
    for (const [file, n] of found) expect(DIALOG_SITES[file]?.length ?? 0, file).toBeGreaterThanOrEqual(n);
  });
});
