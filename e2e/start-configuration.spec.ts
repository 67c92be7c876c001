import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startProviderProcess } from "../tests/support/oidc";

// Issue 39 item 7: `npm start` (scripts/start.mjs, the production build) with configurations that
// lock the school out or are wrong in several ways. No browser: what an operator reads is the
// output, and whether the portal serves. Each start gets its own data folder and free port.

test.describe.configure({ timeout: 240_000 });

// The same secret for the server and create-admin: access codes are sealed with it (decision 019).
const SESSION_SECRET = "start-check-only-session-secret-0123456789";
const TEST_CLIENT = { OIDC_SCHOOL_CLIENT_ID: "portal", OIDC_SCHOOL_CLIENT_SECRET: "portal-test-secret-0123456789" };
let provider: { issuer: string; close(): Promise<void> };
test.beforeAll(async () => {
  provider = await startProviderProcess(["http://localhost:1/auth/oidc/school/callback"]);
});
test.afterAll(async () => provider.close());

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A port nobody listens on: a provider there does not answer. */
const silentIssuer = async () => `http://127.0.0.1:${await freePort()}`;

interface Start {
  /** stdout and stderr, in order. */
  output: string;
  exitCode: number | null;
  /** Whether the portal answered a page once it said it was ready. */
  served: boolean;
}

/**
 * Runs `node scripts/start.mjs` with this environment (on a fresh PGlite folder unless dataDir is
 * given) until it exits or says it is ready; a ready server is asked for a page and stopped.
 */
async function start(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-start-"))) {
  const port = await freePort();
  const child = spawn("node", ["scripts/start.mjs", "-p", String(port)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      SESSION_SECRET,
      PORTAL_URL: `http://localhost:${port}`,
      SEED_DEMO: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const result: Start = { output: "", exitCode: null, served: false };
  const ready = new Promise<void>((resolve) => {
    const take = (chunk: Buffer) => {
      result.output += chunk.toString();
      if (result.output.includes("is ready at")) resolve();
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("exit", (code) => {
      result.exitCode = code;
      resolve();
    });
  });
  // A start that neither exits nor says ready is a failure too: stopped after three minutes.
  const stuck = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 180_000);
  await ready;
  clearTimeout(stuck);
  if (result.exitCode === null) {
    result.served = (await fetch(`http://localhost:${port}/parent`)).ok;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      process.kill(-child.pid!, "SIGTERM");
    });
  }
  return { ...result, dataDir };
}

test("several configuration problems are all printed by one start, and it never says ready", async () => {
  const run = await start({
    SCHOOL_TIMEZONE: "Mars/Olympus_Mons",
    TRUSTED_PROXIES: "10.0.0.1, 10.0.0.1/",
    WEB_CONCURRENCY: "many",
    SIGNIN_CODES: "students,parents",
    OIDC_PROVIDERS: "school,typo,half",
    OIDC_SCHOOL_ISSUER: provider.issuer.replace("127.0.0.1", "localhost"), // not the issuer it names
    ...TEST_CLIENT,
    OIDC_SCHOOL_DOMAINS: "demo.school",
    OIDC_TYPO_ISSUER: `${provider.issuer}/realms/missing`,
    OIDC_TYPO_CLIENT_ID: "portal",
    OIDC_TYPO_CLIENT_SECRET: "secret",
    OIDC_HALF_ISSUER: provider.issuer,
    OIDC_HALF_CLIENT_ID: "portal",
  });
  expect(run.exitCode).toBe(1);
  expect(run.output).toContain("The portal could not start:");
  for (const line of [
    "- SCHOOL_TIMEZONE: SCHOOL_TIMEZONE is not a known IANA time zone",
    '- TRUSTED_PROXIES: "10.0.0.1/" is not an IP address or CIDR range',
    "- WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64",
    "- OIDC_HALF_CLIENT_SECRET: required",
    `- OIDC_SCHOOL_ISSUER: ${provider.issuer.replace("127.0.0.1", "localhost")}: its discovery document names a different issuer`,
    `- OIDC_TYPO_ISSUER: ${provider.issuer}/realms/missing: no discovery document there (HTTP 404`,
  ])
    expect(run.output).toContain(line);
  expect(run.output.match(/could not start/g)).toHaveLength(1);
  expect(run.output).not.toMatch(/ready/i);
});

test("README's SIGNIN_CODES=students,parents with no admin who could sign in stops the start", async () => {
  const run = await start({
    SEED_DEMO: "on", // the demo admin's e-mail is @demo.school, not in the provider's domain
    SIGNIN_CODES: "students,parents",
    OIDC_PROVIDERS: "school",
    OIDC_SCHOOL_ISSUER: provider.issuer,
    ...TEST_CLIENT,
    OIDC_SCHOOL_DOMAINS: "lincoln.school",
  });
  expect(run.exitCode).toBe(1);
  expect(run.output).toContain(
    "- SIGNIN_CODES: access codes are off for admins, and no admin could sign in with a school account: none is linked to school, and none has an e-mail address of their own in its domains (lincoln.school).",
  );
  expect(run.output).not.toContain("is ready at");
});

test("a fresh install whose first admin will link their school account by e-mail starts", async () => {
  const env = {
    SIGNIN_CODES: "students,parents",
    OIDC_PROVIDERS: "school,district",
    OIDC_SCHOOL_ISSUER: provider.issuer,
    ...TEST_CLIENT,
    OIDC_SCHOOL_DOMAINS: "lincoln.school",
    // A second provider that does not answer yet (starting beside the portal): a warning, not a refusal.
    OIDC_DISTRICT_ISSUER: await silentIssuer(),
    OIDC_DISTRICT_CLIENT_ID: "portal",
    OIDC_DISTRICT_CLIENT_SECRET: "secret",
  };
  const first = await start(env);
  expect(first.exitCode).toBe(1);
  expect(first.output).toContain("access codes are off for admins, and there is no admin yet");
  expect(first.output).toContain("npm run create-admin");

  const made = spawnSync(
    "npx",
    [
      "tsx",
      "--conditions=react-server",
      "scripts/create-admin.ts",
      "--name",
      "Dana Lee",
      "--username",
      "dlee",
      "--email",
      "Dana.Lee@lincoln.school",
    ],
    {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: first.dataDir, SESSION_SECRET },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  expect(made.status, made.stderr).toBe(0);

  const second = await start(env, first.dataDir);
  expect(second.output).toMatch(
    /WARNING: OIDC_DISTRICT_ISSUER: http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)/,
  );
  expect(second.output).toContain("is ready at");
  expect(second.output).not.toContain("could not start");
  expect(second.served).toBe(true);
});
