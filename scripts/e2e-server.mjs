// Starts `next start` for the end-to-end suite on a fresh data folder, with a known secret so
// tests can forge an expired cookie. Forwards SIGTERM/SIGINT so PGlite closes cleanly.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
const child = spawn("node", ["scripts/start.mjs", "-p", port], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: port,
    SEED_DEMO: "auto",
    SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
    NODE_ENV: "production",
    // Absence notices settle for two seconds here (ten minutes by default) and the worker looks every 300 ms.
    NOTIFY_SETTLE_SECONDS: "2",
    JOBS_POLL_MS: "300",
  },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
