// npm run roster:import -- <file.zip | folder | file.csv …> [--dry-run] [--format oneroster|spreadsheet]
// The roster import from the command line (decision 012), e.g. a nightly sync from the folder a
// SIS drops its OneRoster files into. Prints the same counts and problems as the admin page; exits
// 1 when anything is wrong (and then writes nothing but its history row), 2 on a usage or system
// error, 0 when the import was applied (or, with --dry-run, would apply cleanly).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { closeDb, dbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { applyRosterImport, formatProblem, previewRosterImport, type RosterRun } from "@/lib/roster/import";
import { MAX_UPLOAD_BYTES } from "@/lib/roster/limits";
import { ENTITIES } from "@/lib/roster/model";
import type { RosterUpload } from "@/lib/roster/read-upload";

const USAGE =
  "usage: npm run roster:import -- <file.zip | folder | file.csv …> [--dry-run] [--format oneroster|spreadsheet]";
const SHOWN = 200;

function fail(message: string): never {
  console.error(`roster:import: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let dryRun = false;
  let format: "auto" | "oneroster" | "spreadsheet" = "auto";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--dry-run") dryRun = true;
    else if (a === "--format" || a.startsWith("--format=")) {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v !== "oneroster" && v !== "spreadsheet" && v !== "auto")
        fail(`--format must be oneroster or spreadsheet\n${USAGE}`);
      format = v;
    } else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith("--")) fail(`unknown option ${a}\n${USAGE}`);
    else paths.push(a);
  }
  if (paths.length === 0) fail(USAGE);
  return { paths, dryRun, format };
}

/** The files to import: a folder's .csv/.zip/.txt files (not its subfolders), or the files named. */
function readInput(paths: string[]): RosterUpload {
  const files: { name: string; full: string }[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      fail(`${p}: no such file or folder`);
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const full = path.join(p, name);
        if (/\.(csv|zip|txt)$/i.test(name) && statSync(full).isFile()) files.push({ name, full });
      }
    } else files.push({ name: path.basename(p), full: p });
  }
  if (files.length === 0) fail(`no .csv or .zip file in ${paths.join(", ")}`);
  let total = 0;
  for (const f of files) {
    total += statSync(f.full).size;
    if (total > MAX_UPLOAD_BYTES)
      fail(`the files add up to more than ${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB: split the import`);
  }
  const label = paths.length === 1 ? path.basename(path.resolve(paths[0]!)) : `${files.length} files`;
  return { label, files: files.map((f) => ({ name: f.name, bytes: new Uint8Array(readFileSync(f.full)) })) };
}

function printRun(run: RosterRun): void {
  const modes = Object.entries(run.modes)
    .map(([entity, mode]) => `${entity} ${mode}`)
    .join(", ");
  console.log(
    `Format: ${run.format === "oneroster" ? "OneRoster CSV" : "spreadsheet templates"}${modes ? ` (${modes})` : ""}`,
  );
  const cols = ["create", "update", "unchanged", "delete", "kept", "ignored"] as const;
  console.log(`${"".padEnd(12)}${cols.map((c) => c.padStart(10)).join("")}`);
  for (const e of ENTITIES)
    console.log(`${e.padEnd(12)}${cols.map((c) => String(run.counts[e][c]).padStart(10)).join("")}`);
  for (const d of run.deletions.slice(0, 20))
    console.log(
      `  ${d.kept ? "kept (has records)" : "delete"}: ${d.entity === "users" ? "user" : "class"} ${d.name}${d.sourcedId ? ` [${d.sourcedId}]` : ""}`,
    );
  if (run.deletions.length > 20) console.log(`  … and ${run.deletions.length - 20} more removals`);
  const list = (title: string, items: RosterRun["problems"], total: number) => {
    if (total === 0) return;
    console.log(`\n${title} (${total}):`);
    for (const p of items.slice(0, SHOWN)) console.log(`  ${formatProblem(p)}`);
    if (total > SHOWN) console.log(`  … and ${total - SHOWN} more`);
  };
  list("Problems", run.problems, run.problemCount);
  list("Warnings", run.warnings, run.warningCount);
}

const { paths, dryRun, format } = parseArgs(process.argv.slice(2));
const upload = readInput(paths);
const tty = process.stderr.isTTY;
let code = 0;
try {
  const handle = dbHandle();
  await runMigrations(handle);
  console.log(`Roster import of ${upload.label}${dryRun ? " (dry run: nothing is written)" : ""}`);
  const opts = {
    actorId: null,
    source: "cli" as const,
    format,
    onProgress: tty
      ? (p: { phase: string; done: number; total: number }) =>
          process.stderr.write(`\r\x1b[K${p.phase} ${p.done}/${p.total}`)
      : undefined,
  };
  const run = dryRun ? await previewRosterImport(upload, opts) : await applyRosterImport(upload, opts);
  if (tty) process.stderr.write("\r\x1b[K");
  printRun(run);
  const seconds = (run.durationMs / 1000).toFixed(1);
  if (!run.ok) {
    console.log(
      `\nNothing was written: ${run.problemCount} problem${run.problemCount === 1 ? "" : "s"} to fix first (${seconds} s).`,
    );
    code = 1;
  } else if (dryRun)
    console.log(
      `\nDry run: ${run.changes} change${run.changes === 1 ? "" : "s"} would be made (${seconds} s). Run again without --dry-run to apply.`,
    );
  else if (run.changes === 0)
    console.log(`\nApplied: nothing to change, the portal already matches (${seconds} s, import #${run.importId}).`);
  else {
    const fresh = run.createdUserIds.length + run.reactivatedUserIds.length;
    console.log(
      `\nApplied: ${run.changes} change${run.changes === 1 ? "" : "s"} in ${seconds} s (import #${run.importId}).${fresh ? ` ${fresh} user${fresh === 1 ? "" : "s"} got a new access code: print their sign-in cards from /admin.` : ""}`,
    );
  }
  await closeDb();
} catch (err) {
  if (tty) process.stderr.write("\r\x1b[K");
  console.error(`roster:import failed (nothing was written): ${(err as Error).message}`);
  await closeDb().catch(() => {});
  code = 2;
}
process.exit(code);
