// The README's first command, checked: `npm run demo` (scripts/demo.mjs) builds without the steps
// only CI needs (Next's type check, writing Turbopack's build cache), starts on a fresh PGlite folder
// with the demo school, and its admin code signs in. Prints how long the build and the start took,
// for people; the assertions are what a newcomer would notice (a slow build doing CI's work, or a
// demo that does not start). Runs last in `npm test`: it replaces .next with the demo's build.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib/portal-server";

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-demo-"));
const started = Date.now();
const child = spawn("node", ["scripts/demo.mjs"], {
  stdio: ["ignore", "pipe", "pipe"],
  // Not production's secrets: the demo generates its own into DATA_DIR, as on a newcomer's machine.
  env: { ...process.env, PORT: port, DATA_DIR: dataDir, DATABASE_URL: "", SESSION_SECRET: "", CODE_KEY: "" },
  detached: true,
});
let log = "";
let builtAt = 0;
const collect = (chunk: Buffer) => {
  log += chunk.toString();
  if (!builtAt && /Route \(app\)/.test(log)) builtAt = Date.now();
};
child.stdout.on("data", collect);
child.stderr.on("data", collect);

const problems: string[] = [];
try {
  const base = `http://localhost:${port}`;
  for (let i = 0; !log.includes(`is ready at http://localhost:${port}`); i++) {
    if (child.exitCode !== null) throw new Error(`npm run demo exited (${child.exitCode}) before it was ready`);
    if (i > 1200) throw new Error("npm run demo was not ready within 10 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  const readyAt = Date.now();
  if (!log.includes("Skipping validation of types")) problems.push("the demo's build ran Next's type check");
  if (/writing to filesystem cache/i.test(log)) problems.push("the demo's build wrote Turbopack's build cache");
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ code: "admin-demo" }),
  });
  if (!res.ok) problems.push(`the demo admin's code did not sign in (HTTP ${res.status})`);
  console.log(
    `npm run demo: built in ${((builtAt - started) / 1000).toFixed(1)} s, ready ${((readyAt - builtAt) / 1000).toFixed(1)} s later`,
  );
} catch (err) {
  problems.push((err as Error).message);
} finally {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    /* gone already */
  }
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (problems.length) {
  console.error(log.slice(-3000));
  for (const p of problems) console.error(`FAILED: ${p}`);
  process.exit(1);
}
console.log("npm run demo: builds without CI's checks, starts with the demo school, admin-demo signs in");
