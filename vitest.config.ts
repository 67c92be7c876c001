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
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
