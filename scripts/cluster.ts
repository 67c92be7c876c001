// npm run cluster: the portal on several hosts on this machine, from the parts a district runs
// (decision 030; README "Running on several machines"): HAProxy → three portal hosts → PgBouncer
// → PostgreSQL primary with a synchronous hot standby; files on S3 (s3rver). Needs a build and
// Debian's postgresql, haproxy and pgbouncer. Ctrl-C stops everything and removes its files.
import { Cluster } from "./lib/cluster";

const cluster = new Cluster({ verbose: process.argv.includes("--verbose") });
const stop = async () => {
  console.log("\nStopping the cluster...");
  await cluster.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
try {
  await cluster.start();
} catch (err) {
  console.error(`The cluster could not start: ${(err as Error).message}`);
  await cluster.stop().catch(() => {});
  process.exit(1);
}
console.log(`
The portal is at ${cluster.url} (HAProxy), with the demo school.
  hosts      ${cluster.hosts.map((h, i) => `${h.name} ${cluster.hostUrl(i)}`).join(", ")}
  PgBouncer  127.0.0.1:${cluster.poolerPort} (transaction pooling) → PostgreSQL primary 127.0.0.1:${cluster.primaryPort}
  standby    127.0.0.1:${cluster.standbyPort} (synchronous, hot)
  files      ${cluster.hostEnv().S3_ENDPOINT} bucket ${cluster.hostEnv().S3_BUCKET}
  health     ${cluster.url}/api/health/ready
Working files in ${cluster.dir}. Ctrl-C stops everything.`);
