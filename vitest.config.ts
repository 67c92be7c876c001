import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // Outside Next's react-server build "server-only" throws on import; tests are server code.
      "server-only": `${root}tests/support/empty.ts`,
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**"],
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on this project's 2-core machines.
    // Every file has its own database (tests/support/test-db.ts), so files run side by side; two
    // workers took the PGlite pass from ~260 to 146 s and the PostgreSQL pass from ~100 to 57 s.
    maxWorkers: os.availableParallelism(),
    // The migrated database is built once per run and copied per file (decision 024).
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // Sized for a 2-core machine at load 20-30, where everything runs 5-10 times slower than on a
    // quiet one: a limit is there to end a hang, not to measure speed.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
