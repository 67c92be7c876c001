// Starts `next start` for the end-to-end suite on a fresh data folder, with a known secret so
// tests can forge an expired cookie. Forwards SIGTERM/SIGINT so PGlite closes cleanly.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import smtp from "smtp-server";
import { startTestProvider, TEST_CLIENT } from "./oidc-test-provider.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
const port = process.env.E2E_PORT ?? "3100";

// A real SMTP server on a free loopback port: every message the portal sends is written to
// E2E_MAIL_DIR (one .eml each) for the tests to read (e2e/notifications.spec.ts).
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(os.tmpdir(), `portal-e2e-mail-${port}`);
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const mailServer = new smtp.SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      fs.writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(5, "0")}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
const smtpPort = mailServer.server.address().port;
// A real OpenID provider (issue 32; e2e/oidc-sign-in.spec.ts), unless E2E_OIDC=off: the sign-in
// dialog then offers "Sign in with Demo School" above the code field. Its test accounts are in
// scripts/oidc-test-provider.mjs.
const oidcEnv = {};
let oidcProvider;
if (process.env.E2E_OIDC !== "off") {
  oidcProvider = await startTestProvider({ redirectUris: [`http://localhost:${port}/auth/oidc/school/callback`] });
  Object.assign(oidcEnv, {
    OIDC_PROVIDERS: "school",
    OIDC_SCHOOL_ISSUER: oidcProvider.issuer,
    OIDC_SCHOOL_CLIENT_ID: TEST_CLIENT.id,
    OIDC_SCHOOL_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_SCHOOL_LABEL: "Demo School",
    OIDC_SCHOOL_DOMAINS: "demo.school,students.demo.school",
  });
}
// The server's own log, as an operator would read it, also kept in a file for the tests that read it
// (e2e/server-log.spec.ts). NODE_DEBUG=portal: the quiet debug lines are in it too.
const logFile = process.env.E2E_SERVER_LOG ?? path.join(os.tmpdir(), `portal-e2e-server-${port}.log`);
const log = fs.createWriteStream(logFile, { flags: "w" });
const serverEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  PORT: port,
  SEED_DEMO: "on", // production refuses the demo unless asked for it by name
  SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
  NODE_ENV: "production",
  // Absence notices settle for two seconds here (ten minutes by default) and the worker looks every 300 ms.
  NOTIFY_SETTLE_SECONDS: "2",
  JOBS_POLL_MS: "300",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Demo School <portal@demo.school>",
  PORTAL_URL: `http://localhost:${port}`,
  // The hard-coded-string walk and the right-to-left screenshots (e2e/languages.spec.ts).
  PSEUDO_LOCALES: "on",
  NODE_DEBUG: [process.env.NODE_DEBUG, "portal"].filter(Boolean).join(","),
  ...oidcEnv,
};
// E2E_SEED: a script that writes a spec's own data into the fresh folder before the server starts
// (the suite's second server, playwright.config.ts, with scripts/e2e-extra-data.ts).
if (process.env.E2E_SEED) {
  const seeded = spawnSync("npx", ["tsx", "--conditions=react-server", process.env.E2E_SEED], {
    stdio: "inherit",
    env: serverEnv,
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const child = spawn("node", ["scripts/start.mjs", "-p", port], {
  stdio: ["inherit", "pipe", "pipe"],
  env: serverEnv,
});
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on("data", (chunk) => {
    to.write(chunk);
    log.write(chunk);
  });
}
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  mailServer.close();
  oidcProvider?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
