import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import { fileStorage } from "@/lib/files";
import { lifecycleState } from "./lifecycle";

// /api/health/ready (decision 030): may a balancer send this process requests? Only while it
// serves (not starting, not draining) and its database answers with every migration of this build
// applied and its file storage answers. Each check is bounded, and one result serves the checks of
// the next second, so several balancers asking often cost one query a second.

export type Readiness =
  { ready: true } | { ready: false; reason: "starting" | "draining" | "database" | "migrations" | "storage" };

const CHECK_TIMEOUT_MS = 2_000;
const REUSE_MS = 1_000;

let migrationsInBuild: number | undefined;
function migrationCount(): number {
  migrationsInBuild ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    }
  ).entries.length;
  return migrationsInBuild;
}

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(): Promise<Readiness> {
  let applied: number;
  try {
    const rows = await bounded(
      queryRows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    applied = Number(rows[0]?.n ?? 0);
  } catch {
    return { ready: false, reason: "database" };
  }
  if (applied < migrationCount()) return { ready: false, reason: "migrations" };
  try {
    await bounded(fileStorage().ping());
  } catch {
    return { ready: false, reason: "storage" };
  }
  return { ready: true };
}

let last: { at: number; result: Promise<Readiness> } | undefined;

export async function readiness(now = Date.now()): Promise<Readiness> {
  const state = lifecycleState();
  if (state !== "serving") return { ready: false, reason: state };
  if (!last || now - last.at >= REUSE_MS) last = { at: now, result: check() };
  return last.result;
}
