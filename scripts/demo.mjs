// npm run demo: the newcomer's command. Builds the portal without the checks CI makes anyway
// (PORTAL_QUICK_BUILD, next.config.ts), then starts it with the demo school (start.mjs --demo).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { createRequire } from "node:module";

// start.mjs's workers (WEB_CONCURRENCY on PostgreSQL) run this file again: only the first builds.
if (cluster.isPrimary) {
  const next = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const build = spawnSync(process.execPath, [next, "build"], {
    stdio: "inherit",
    env: { ...process.env, PORTAL_QUICK_BUILD: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.argv.push("--demo");
await import("./start.mjs");
