import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

/**
 * SESSION_SECRET when set. Otherwise one is generated once and kept in DATA_DIR/session-secret
 * (mode 600), so a newcomer needs no configuration and restarts keep people signed in.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const { SESSION_SECRET, DATA_DIR } = env();
  if (SESSION_SECRET) return (cached = SESSION_SECRET);
  const file = path.join(DATA_DIR, "session-secret");
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return (cached = stored);
  } catch {
    /* not created yet */
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const generated = crypto.randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
    cached = generated;
  } catch {
    // Another process wrote it first: use theirs.
    cached = fs.readFileSync(file, "utf8").trim();
  }
  return cached;
}
