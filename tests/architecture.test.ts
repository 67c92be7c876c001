import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Dependencies point down (the developers' guide): app → components → lib. A lib module that
// imports a component or a route, even for a type, ties the server's logic to a screen; view
// models a screen needs are defined in lib and the components import them.

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe("architecture", () => {
  it("lib imports nothing from components or app", () => {
    const offenders = sources(path.resolve("lib")).flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) =>
          /^\s*(import|export)\b.*from\s+["'](@\/(components|app)\/|\.\.\/(\.\.\/)*(components|app)\/)/.test(line),
        )
        .map((line) => `${path.relative(process.cwd(), file)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
