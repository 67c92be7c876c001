import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The second server: the demo school plus data no screen of the suite makes (a closed year, a
 * class of handed-in essays; scripts/e2e-extra-data.ts), for the specs that need it, so the
 * shared server's demo school stays as every other spec expects. One server for all of them.
 */
export const EXTRA_PORT = E2E_PORT + 17;

// Debian's chromium: Playwright cannot download its own browser on these machines.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${EXTRA_PORT}/`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        E2E_PORT: String(EXTRA_PORT),
        E2E_SEED: "scripts/e2e-extra-data.ts",
        E2E_OIDC: "off",
        E2E_MAIL_DIR: path.join(os.tmpdir(), `portal-e2e-mail-${EXTRA_PORT}`),
        E2E_SERVER_LOG: path.join(os.tmpdir(), `portal-e2e-server-${EXTRA_PORT}.log`),
      },
    },
  ],
});
