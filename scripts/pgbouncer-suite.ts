// The integration suite through PgBouncer in transaction mode (decision 030): PgBouncer, from
// deploy/pgbouncer.ini, in front of the PostgreSQL server named by TEST_DATABASE_URL (or
// DATABASE_URL), then `vitest run tests/` with the portal's queries through the pooler and
// prepared statements off, as a district runs it. Databases are created and dropped directly
// (TEST_DATABASE_ADMIN_URL), since a pooler cannot copy a template it may hold a connection to.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asRoot, DB_USER, PgBouncer } from "./lib/pgbouncer";
import { freePort } from "./lib/portal-server";

const direct = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!direct) {
  console.error("Set TEST_DATABASE_URL (a PostgreSQL server) to run the suite through PgBouncer.");
  process.exit(1);
}
const server = new URL(direct);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pgbouncer-"));
fs.chmodSync(dir, 0o755);
if (asRoot) spawnSync("chown", [DB_USER, dir]);
const pooler = new PgBouncer(dir, await freePort(), {
  host: server.hostname,
  port: server.port || "5432",
  user: decodeURIComponent(server.username) || DB_USER,
});
let status = 1;
try {
  await pooler.start();
  const pooled = new URL(direct);
  pooled.hostname = "127.0.0.1";
  pooled.port = pooler.port;
  console.log(
    `PgBouncer (transaction pooling) on 127.0.0.1:${pooler.port} → ${server.hostname}:${server.port || 5432}`,
  );
  // Test files named on the command line run alone (vitest ORs its filters: "tests/" would add all).
  const args = process.argv.slice(2);
  const named = args.some((a) => !a.startsWith("-"));
  const res = spawnSync("npx", ["vitest", "run", ...(named ? [] : ["tests/"]), ...args], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: pooled.toString(),
      TEST_DATABASE_ADMIN_URL: direct,
      DATABASE_PREPARED_STATEMENTS: "off",
    },
  });
  status = res.status ?? 1;
} finally {
  pooler.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
