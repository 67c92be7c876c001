import "server-only";
import cluster from "node:cluster";
import { adminSignInProblem } from "@/lib/auth/admin-way-in";
import { checkDiscovery } from "@/lib/auth/oidc/discovery-check";
import { signInConfigurationProblems } from "@/lib/auth/oidc/config";
import { prepareDatabase, readyMessage, type PreparedDatabase } from "@/lib/db/startup";
import { parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { envProblems } from "@/lib/env";

// What every server start checks before it says it is ready (instrumentation.ts, issue 39): the
// variables, the school-account providers (and their discovery documents), the database, and that
// an admin could sign in with what the configuration allows. Every problem found is printed at
// once, in one "could not start" message, and the ready line only ever comes after all of them
// passed. The database is prepared only when the variables are sound (it could not be opened
// otherwise).
//
// "No admin could sign in" stops the start rather than warning: the only screen that could show a
// warning is /admin, which nobody could reach, and a log line is what went unseen before. It counts
// an admin who can link their school account at their first sign-in (their own e-mail in one of the
// provider's domains, or a roster id), so a fresh install whose first admin was made with
// `create-admin --email` starts. A provider that does not answer at all only warns (see
// lib/auth/oidc/discovery-check.ts) and still counts as a way in.

export interface StartCheck {
  problems: string[];
  warnings: string[];
  database?: PreparedDatabase;
}

export async function checkStart(source: Record<string, string | undefined> = process.env): Promise<StartCheck> {
  const problems = envProblems(source);
  const variablesSound = problems.length === 0;
  const codeRoles = parseSignInCodes(source.SIGNIN_CODES);
  const signIn = signInConfigurationProblems(source, codeRoles);
  problems.push(...signIn.problems);
  const discovery = await checkDiscovery(signIn.providers);
  problems.push(...discovery.problems);
  const check: StartCheck = { problems, warnings: discovery.warnings };
  if (!variablesSound) return check;
  try {
    check.database = await prepareDatabase();
  } catch (err) {
    problems.push((err as Error).message);
    return check;
  }
  if (codeRoles && !codeRoles.has("admin")) {
    const admins = await adminSignInProblem(discovery.usable);
    if (admins) problems.push(admins);
  }
  return check;
}

/** The whole message for a start that cannot go on: every problem, one per line. */
export function couldNotStart(problems: readonly string[]): string {
  const lines = problems.flatMap((p) => p.replace(/^Invalid configuration:\n/, "").split("\n"));
  return `\nThe portal could not start:\n${lines.map((l) => `  - ${l.trim()}`).join("\n")}\n`;
}

/** Runs the check; prints the problems and exits, or prints the ready line (the first process only). */
export async function startOrExit(): Promise<void> {
  let check: StartCheck;
  try {
    check = await checkStart();
  } catch (err) {
    // A failure of the check itself stops the start too: Next.js would otherwise keep the port
    // open and answer nothing ("Failed to prepare server").
    check = { problems: [(err as Error).message], warnings: [] };
  }
  for (const w of check.warnings) console.warn(`WARNING: ${w}`);
  if (check.problems.length > 0 || !check.database) {
    console.error(couldNotStart(check.problems));
    process.exit(1);
  }
  // With several processes, the first one speaks for all; scripts/start.mjs starts the others
  // only once it has said so.
  if (!cluster.isWorker || cluster.worker?.id === 1) console.log(readyMessage(check.database));
  if (cluster.isWorker) process.send?.({ portal: "ready" });
}
