// npm run bench:cluster: what the balancer and the pooler cost a request (decision 031). Starts the
// cluster (scripts/lib/cluster.ts) and one more host that talks to PostgreSQL directly with
// prepared statements on, then measures the same signed-in pages three ways, alternating:
//   direct   → the extra host, straight to PostgreSQL (the single-machine figures)
//   pooled   → host1, through PgBouncer (transaction mode, prepared statements off)
//   balanced → HAProxy, three hosts, PgBouncer
// at concurrency 1 (latency: p50/p95 ms) and 10 (requests a second). Figures for people, not
// assertions; on a machine shared with other work only the differences within one run mean much.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { Cluster } from "./lib/cluster";
import { signIn } from "./lib/cluster-load";

const seconds = Number(process.argv[process.argv.indexOf("--duration") + 1]) || 8;
const cluster = new Cluster();
await cluster.start();
const direct = "127.0.0.5";
const child = spawn("node", ["scripts/start.mjs"], {
  stdio: "ignore",
  env: {
    ...process.env,
    ...cluster.hostEnv(),
    HOST: direct,
    DATABASE_URL: cluster.directUrl(),
    DATABASE_PREPARED_STATEMENTS: "on",
    WORKERS: "off",
  },
  detached: true,
});
const directBase = `http://${direct}:${cluster.hostPort}`;
for (
  let i = 0;
  !(await fetch(`${directBase}/api/health/ready`)
    .then((r) => r.ok)
    .catch(() => false));
  i++
) {
  if (i > 600) throw new Error("the direct host did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const targets: [string, string][] = [
  ["direct", directBase],
  ["pooled", cluster.hostUrl(0)],
  ["balanced", cluster.url],
];
const pages: [string, string, string][] = [
  ["home · student", "stu-01", "/"],
  ["class page · student", "stu-01", "/level/BIO-P2"],
  ["roll call · teacher", "teach-chen", "/level/BIO-P2/update?tab=attendance"],
  ["grades tab · teacher", "teach-chen", "/level/BIO-P2/update?tab=grades"],
];
const cookies = new Map<string, string>();
for (const [, code] of pages) if (!cookies.has(code)) cookies.set(code, await signIn(cluster.url, code));

async function measure(base: string, path: string, cookie: string, connections: number) {
  const r = await autocannon({ url: `${base}${path}`, connections, duration: seconds, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${base}${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

const rows: string[] = [];
for (const [label, code, path] of pages) {
  const cookie = cookies.get(code)!;
  const result: Record<string, string> = {};
  // Alternated per page so a neighbour's load falls on every target alike.
  for (const [name, base] of targets) {
    await measure(base, path, cookie, 2); // warm-up
    const one = await measure(base, path, cookie, 1);
    const ten = await measure(base, path, cookie, 10);
    result[name] = `${one.latency.p50} / ${one.latency.p97_5} ms, ${Math.round(ten.requests.average)}/s`;
  }
  rows.push(`| ${label} | ${result.direct} | ${result.pooled} | ${result.balanced} |`);
}
console.log(`\nPer page: latency at concurrency 1 (p50 / p97.5), requests a second at 10; ${seconds} s each\n`);
console.log("| page | direct to PostgreSQL (1 host) | through PgBouncer (1 host) | HAProxy + 3 hosts + PgBouncer |");
console.log("|---|---|---|---|");
for (const r of rows) console.log(r);
try {
  process.kill(-child.pid!, "SIGKILL");
} catch {
  /* gone */
}
await cluster.stop();
process.exit(0);
