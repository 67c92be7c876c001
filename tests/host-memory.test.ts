import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Decision 031: a portal host keeps nothing another host could answer differently. Every
// module-level variable a module changes (a `let`, a Map or Set it fills, a value on globalThis) is
// per-process state; each file holding one must be named in the decision's table with the reason it
// cannot diverge between hosts. A new per-process cache then fails here until it is recorded.

const ROOTS = ["lib", "components", "app"];
const RECORD = fs.readFileSync("docs/decisions/031-several-hosts.md", "utf8");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The names of the module-level state a file keeps and changes. */
export function processState(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^let\s+([A-Za-z_$][\w$]*)/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/^const\s+([A-Za-z_$][\w$]*)(?::[^=]+)?\s*=\s*new\s+(?:Map|Set|WeakMap)\b/gm)) {
    const name = m[1]!;
    if (new RegExp(`\\b${name}\\.(set|add|delete|clear)\\(`).test(source)) found.push(name);
  }
  if (/\bglobalThis\b/.test(source)) found.push("globalThis");
  return found;
}

/** Named in the record: the file itself, or its folder as `folder/*`. */
function recorded(file: string): boolean {
  return RECORD.includes(`\`${file}\``) || RECORD.includes(file) || RECORD.includes(`${path.dirname(file)}/*`);
}

describe("what a host keeps in memory (decision 031)", () => {
  it("finds a changed module-level Map, a let and globalThis, and not a constant table", () => {
    expect(processState("const seen = new Map<string, number>();\nexport function f(k) { seen.set(k, 1); }")).toEqual([
      "seen",
    ]);
    expect(processState("let cached: string | undefined;")).toEqual(["cached"]);
    expect(processState("const g = globalThis as unknown as { x?: number };")).toEqual(["globalThis"]);
    expect(processState("const TABLE = new Map([['a', 1]]);\nexport const get = (k) => TABLE.get(k);")).toEqual([]);
  });

  it("names every file that keeps state between requests, with why it cannot diverge", () => {
    const unrecorded = ROOTS.flatMap(sourceFiles)
      .map((file) => ({ file, state: processState(fs.readFileSync(file, "utf8")) }))
      .filter(({ file, state }) => state.length > 0 && !recorded(file))
      .map(({ file, state }) => `${file}: ${state.join(", ")}`);
    expect(unrecorded).toEqual([]);
  });
});
