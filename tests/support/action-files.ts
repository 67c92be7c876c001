import fs from "node:fs";
import path from "node:path";

/** Every server-action module under `dir`: a .ts(x) file whose first statement is "use server". */
export function actionFiles(dir = path.resolve("app")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return actionFiles(p);
    return /\.tsx?$/.test(e.name) && /^\s*["']use server["']/.test(fs.readFileSync(p, "utf8")) ? [p] : [];
  });
}

/** Every function those modules export (what a browser can call), with the file it comes from. */
export async function actionExports(dir = path.resolve("app")): Promise<{ name: string; file: string }[]> {
  const out: { name: string; file: string }[] = [];
  for (const file of actionFiles(dir))
    for (const [name, v] of Object.entries((await import(file)) as Record<string, unknown>))
      if (typeof v === "function") out.push({ name, file });
  return out;
}
