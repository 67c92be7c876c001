import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Dependencies point down (the developers' guide): app → components → lib. The one upward edge is
// deliberate: a client component may import the server actions it calls, from a "use server" file
// under app/ (Next's way to hand a component a server function). Nothing in lib imports app or
// components, even for a type: that would tie the server's logic to a screen; view models a screen
// needs are defined in lib and the components import them. And lib has no import circles: a module
// in a circle cannot be understood, tested or loaded without the others.

const root = process.cwd();

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

// The directive opens the file; only comments and blank lines may come before it.
const USE_SERVER = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use server["']/;

const rel = (file: string) => path.relative(root, file);

/** Every module a file names: static imports and re-exports (type-only ones too), side-effect and dynamic imports. */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
}

/** The project file a specifier names, or undefined for a package. */
function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isUnder(file: string, dir: string): boolean {
  return !path.relative(path.join(root, dir), file).startsWith("..");
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan. */
function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) circles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

// Circles that exist today and are being opened. Each entry names its circle; the test fails on any
// other circle, and on an entry here that no longer exists (remove it then).
// None left: the lib/roster/plan*.ts circle was opened in issue 34 (plan-context.ts). A new
// circle fails the test; an entry here would need its reason.
const KNOWN_CIRCLES: { why: string; modules: string[] }[] = [];

describe("architecture", () => {
  it("lib imports nothing from components or app", () => {
    const offenders = sources(path.join(root, "lib")).flatMap((file) =>
      specifiers(file)
        .map((spec) => ({ spec, target: resolve(file, spec) }))
        .filter(({ target }) => target && (isUnder(target, "app") || isUnder(target, "components")))
        .map(({ spec }) => `${rel(file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('components import from app only the server actions of a "use server" file', () => {
    const offenders = sources(path.join(root, "components")).flatMap((file) =>
      specifiers(file)
        .map((spec) => ({ spec, target: resolve(file, spec) }))
        .filter(({ target }) => target && isUnder(target, "app"))
        .filter(({ target }) => !USE_SERVER.test(fs.readFileSync(target!, "utf8")))
        .map(({ spec }) => `${rel(file)} imports ${spec}, which is not a "use server" file`),
    );
    expect(offenders).toEqual([]);
  });

  it("lib has no import circles except the known one being opened", () => {
    const graph = new Map<string, string[]>();
    for (const file of sources(path.join(root, "lib"))) {
      const targets = specifiers(file)
        .map((spec) => resolve(file, spec))
        .filter((t): t is string => t !== undefined && isUnder(t, "lib"));
      graph.set(rel(file), [...new Set(targets.map(rel))]);
    }
    const circles = importCircles(graph).map((c) => c.join(" → "));
    const known = KNOWN_CIRCLES.map((k) => [...k.modules].sort().join(" → "));
    expect(
      circles.filter((c) => !known.includes(c)),
      "new import circles in lib",
    ).toEqual([]);
    expect(
      known.filter((k) => !circles.includes(k)),
      "known circles that are gone: remove them",
    ).toEqual([]);
  });

  // A module that reaches the database must never be bundled for the browser: "server-only" makes
  // Next's build fail if a client component imports it (for a value, not a type). The schema is the
  // exception (schema.ts and the lib/db/schema/ files it re-exports): it only declares tables, and
  // drizzle-kit loads it outside Next.
  it('every lib module that touches the database imports "server-only"', () => {
    const DATABASE = /^(drizzle-orm|@electric-sql\/pglite|postgres)(\/|$)/;
    const client = path.join(root, "lib/db/client.ts");
    const offenders = sources(path.join(root, "lib"))
      .filter((file) => !/\.test\.tsx?$/.test(file) && !/^lib\/db\/schema(\.ts|\/)/.test(rel(file)))
      .filter((file) => specifiers(file).some((spec) => DATABASE.test(spec) || resolve(file, spec) === client))
      .filter((file) => !specifiers(file).includes("server-only"))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it("the circle finder finds a circle, and only a circle", () => {
    const circles = importCircles(
      new Map([
        ["a", ["b"]],
        ["b", ["c"]],
        ["c", ["a"]],
        ["d", ["a"]],
        ["e", ["e"]],
      ]),
    );
    expect(circles).toEqual([["a", "b", "c"], ["e"]]);
  });
});
