// npm run roster:import -- <file.zip | folder | file.csv …> [--dry-run] [--format oneroster|spreadsheet]
//   [--skip-invalid] [--allow-new-admins] [--allow-deletions N]
// The roster import from the command line (decision 012), e.g. a nightly sync from the folder a
// SIS drops its OneRoster files into. Prints the same counts and problems as the admin page; exits
// 1 when anything is wrong (and then writes nothing but its history row), 2 on a usage or system
// error, 0 when the import was applied (or, with --dry-run, would apply cleanly).
// It reads .env, .env.local (and .env.production…) as the server does (Next's @next/env), and says
// which database and time zone it uses before it writes anything.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import { closeDb, dbHandle } from "@/lib/db/client";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { env, schoolLocale, schoolTimeZone } from "@/lib/env";
import { runMigrations } from "@/lib/db/migrate";
import { render } from "@/lib/i18n/render";
import { applyRosterImport, isDistrictUpload, previewRosterImport, type RosterRun } from "@/lib/roster/import";
import { runDistrictImport } from "@/lib/roster/district-import";
import { problemText } from "@/lib/roster/problems";
import { groupText } from "@/lib/roster/problems";
import { MAX_UPLOAD_BYTES } from "@/lib/roster/limits";
import { ENTITIES } from "@/lib/roster/model";
import type { RosterUpload } from "@/lib/roster/read-upload";

const USAGE =
  "usage: npm run roster:import -- <file.zip | folder | file.csv …> [--dry-run] [--format oneroster|spreadsheet] [--skip-invalid] [--allow-new-admins] [--allow-deletions N]";
const SHOWN = 200;

function fail(message: string): never {
  console.error(`roster:import: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let dryRun = false;
  let format: "auto" | "oneroster" | "spreadsheet" = "auto";
  let skipInvalid = false;
  let allowNewAdmins = false;
  let allowDeletions = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--dry-run") dryRun = true;
    else if (a === "--skip-invalid") skipInvalid = true;
    else if (a === "--allow-new-admins") allowNewAdmins = true;
    else if (a === "--allow-deletions" || a.startsWith("--allow-deletions=")) {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (!v || !/^\d{1,9}$/.test(v)) fail(`--allow-deletions needs the number of removals to allow\n${USAGE}`);
      allowDeletions = Number(v);
    } else if (a === "--format" || a.startsWith("--format=")) {
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
  return { paths, dryRun, format, skipInvalid, allowNewAdmins, allowDeletions };
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
  // The problems, warnings and removal reason in the school's language (SCHOOL_LOCALE): the command
  // line has no reader of its own. Its own frame ("Problems", the counts' table) stays English.
  const locale = schoolLocale();
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
  // Every removal, a person with their username and role (two people may share a name).
  for (const d of run.deletions)
    console.log(
      `  ${d.kept ? "kept without access (has records; access code cleared)" : "delete"}: ${d.entity === "users" ? `user ${d.name} (${d.username}, ${d.role})` : `class ${d.name}`}${d.sourcedId ? ` [${d.sourcedId}]` : ""}`,
    );
  for (const a of run.newAdmins) console.log(`  new administrator: ${a.name}${a.sourcedId ? ` [${a.sourcedId}]` : ""}`);
  if (run.deletionGuard)
    console.log(
      `\nConfirmation needed: ${render(run.deletionGuard.reason, locale)}. Check the list, then run with --allow-deletions ${run.deletionGuard.people}.`,
    );
  const list = (title: string, groups: RosterRun["problemGroups"], total: number) => {
    if (total === 0) return;
    console.log(`\n${title} (${total}):`);
    for (const g of groups.slice(0, SHOWN)) console.log(`  ${groupText(g, locale)}`);
    if (groups.length > SHOWN) console.log(`  … and ${groups.length - SHOWN} more kinds`);
  };
  list(run.applied ? "Skipped rows" : "Problems", run.problemGroups, run.problemCount);
  list("Warnings", run.warningGroups, run.warningCount);
}

const { paths, dryRun, format, skipInvalid, allowNewAdmins, allowDeletions } = parseArgs(process.argv.slice(2));
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development", { info: () => {}, error: console.error });
const upload = readInput(paths);
const tty = process.stderr.isTTY;
let code = 0;
try {
  const handle = dbHandle();
  await runMigrations(handle);
  await refreshSchoolSettings(); // the first school's own time zone and language (decision 037)
  console.log(`Roster import of ${upload.label}${dryRun ? " (dry run: nothing is written)" : ""}`);
  console.log(`Database: ${databaseName()}; school time zone: ${schoolTimeZone()}`);
  const opts = {
    actorId: null,
    source: "cli" as const,
    format,
    skipInvalid,
    allowNewAdmins,
    allowDeletions,
    onProgress: tty
      ? (p: { phase: string; done: number; total: number }) =>
          process.stderr.write(`\r\x1b[K${p.phase} ${p.done}/${p.total}`)
      : undefined,
  };
  if (format !== "spreadsheet" && isDistrictUpload(upload)) {
    code = await importDistrict(upload, opts, dryRun);
    await closeDb();
    process.exit(code);
  }
  const run = dryRun ? await previewRosterImport(upload, opts) : await applyRosterImport(upload, opts);
  if (tty) process.stderr.write("\r\x1b[K");
  printRun(run);
  const seconds = (run.durationMs / 1000).toFixed(1);
  if (!run.ok) {
    console.log(
      `\nNothing was written: ${run.problemCount} problem${run.problemCount === 1 ? "" : "s"} to fix first (${seconds} s).${run.skippable && !skipInvalid ? " Each is one row's: --skip-invalid applies the rest." : ""}`,
    );
    code = 1;
  } else if (dryRun && run.skippable) {
    console.log(
      `\nDry run: ${run.changes} change${run.changes === 1 ? "" : "s"} would be made, skipping ${run.problemCount} row${run.problemCount === 1 ? "" : "s"} (${seconds} s).`,
    );
  } else if (dryRun)
    console.log(
      `\nDry run: ${run.changes} change${run.changes === 1 ? "" : "s"} would be made (${seconds} s). Run again without --dry-run to apply.`,
    );
  else if (run.changes === 0)
    console.log(`\nApplied: nothing to change, the portal already matches (${seconds} s, import #${run.importId}).`);
  else {
    const fresh = run.createdUserIds.length + run.reactivatedUserIds.length;
    console.log(
      `\nApplied: ${run.changes} change${run.changes === 1 ? "" : "s"} in ${seconds} s (import #${run.importId}).${run.skipped ? ` ${run.skipped} row${run.skipped === 1 ? "" : "s"} skipped.` : ""}${fresh ? ` ${fresh} user${fresh === 1 ? "" : "s"} got a new access code: print their sign-in cards from /admin.` : ""}`,
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

/** The database as an operator knows it: the PostgreSQL server and database (never the password), or the PGlite folder. */
function databaseName(): string {
  const e = env();
  if (!e.DATABASE_URL) return `PGlite in ${path.resolve(e.DATA_DIR)}`;
  try {
    const u = new URL(e.DATABASE_URL);
    return `PostgreSQL ${u.hostname || "(socket)"}${u.port ? `:${u.port}` : ""}/${u.pathname.slice(1) || u.username}`;
  } catch {
    return "PostgreSQL";
  }
}

/**
 * A district's set (orgs.csv names several schools, issue 42): each school's part in its school,
 * one report each. Exit 0 when every school applied (or would), 1 when any school was refused.
 */
async function importDistrict(
  upload: RosterUpload,
  opts: Omit<Parameters<typeof runDistrictImport>[1], "apply">,
  dryRun: boolean,
): Promise<number> {
  const run = await runDistrictImport(upload, { ...opts, apply: !dryRun });
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  console.log(`District set: ${run.schools.length} schools`);
  const locale = schoolLocale();
  for (const p of [...run.problems, ...run.warnings]) console.log(`  ${problemText(p, locale)}`);
  for (const s of run.schools) {
    console.log(`\n== ${s.name} [${s.orgSourcedId}]${s.isNew ? " (new school)" : ""}`);
    printRun(s.run);
    console.log(
      s.run.applied
        ? `Applied: ${s.run.changes} changes.`
        : s.run.ok
          ? `Would make ${s.run.changes} changes.`
          : "Refused: nothing of this school was written.",
    );
  }
  const seconds = (run.durationMs / 1000).toFixed(1);
  console.log(
    run.ok
      ? `\n${dryRun ? "Dry run" : "Applied"}: ${run.changes} change${run.changes === 1 ? "" : "s"} across ${run.schools.length} schools (${seconds} s).`
      : `\nNot every school was ${dryRun ? "clean" : "applied"}: see each school above (${seconds} s).`,
  );
  return run.ok ? 0 : 1;
}
