// Several hosts on one machine, from the real parts a district runs (decision 030): PostgreSQL
// primary + synchronous streaming hot standby (pg_basebackup), PgBouncer in transaction mode,
// portal hosts each bound to its own loopback address, HAProxy in front checking
// /api/health/ready, and files on S3 (s3rver). Used by `npm run cluster` and the cluster tests.
// The configuration files are the examples in deploy/, filled in with this run's ports.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { Client } from "pg";
import { asDbUser, asRoot, DB_USER, DEPLOY, fillTemplate, PgBouncer, pgAnswers, waitFor } from "./pgbouncer";
import { freePort, TEST_CODE_KEY } from "./portal-server";

const PG_BIN = (() => {
  const root = "/usr/lib/postgresql";
  const version = fs.existsSync(root) ? fs.readdirSync(root).sort().at(-1) : undefined;
  return version ? path.join(root, version, "bin") : "";
})();

export function clusterPrerequisites(): string[] {
  const missing: string[] = [];
  if (!PG_BIN || !fs.existsSync(path.join(PG_BIN, "initdb"))) missing.push("PostgreSQL server binaries (postgresql)");
  for (const [bin, pkg] of [
    ["/usr/sbin/haproxy", "haproxy"],
    ["/usr/sbin/pgbouncer", "pgbouncer"],
  ])
    if (!fs.existsSync(bin!)) missing.push(`${bin} (apt-get install ${pkg})`);
  if (!fs.existsSync(".next/BUILD_ID")) missing.push("a production build (npm run build)");
  return missing;
}

function runDb(cmd: string, args: string[]): string {
  const [c, a] = asDbUser(cmd, args);
  const res = spawnSync(c, a, { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export interface HostProcess {
  name: string;
  address: string;
  child: ChildProcess | null;
  log: string;
}

export interface ClusterOptions {
  hosts?: number;
  /** Extra environment for every portal host (SMTP_URL, NOTIFY_SETTLE_SECONDS, …). */
  hostEnv?: Record<string, string>;
  /** Print the parts' output (npm run cluster); tests keep it for failures. */
  verbose?: boolean;
}

export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cluster-"));
  readonly secret = crypto.randomBytes(24).toString("base64url");
  readonly hosts: HostProcess[] = [];
  primaryPort = "";
  standbyPort = "";
  poolerPort = "";
  balancerPort = "";
  hostPort = "";
  private s3: { server: S3rver; endpoint: string; bucket: string } | null = null;
  pooler: PgBouncer | null = null;
  private balancer: ChildProcess | null = null;
  balancerLog = "";
  /** Where PgBouncer sends connections now ("primary" until a failover). */
  poolerTarget = "";

  constructor(private readonly options: ClusterOptions = {}) {
    fs.chmodSync(this.dir, 0o755);
    // The database's logs, sockets and PgBouncer's files are written here by the postgres user.
    if (asRoot) spawnSync("chown", [DB_USER, this.dir]);
  }

  get url(): string {
    return `http://127.0.0.1:${this.balancerPort}`;
  }
  /** What the hosts use: PgBouncer. */
  get databaseUrl(): string {
    return `postgres://${DB_USER}@127.0.0.1:${this.poolerPort}/portal`;
  }
  /** The current primary, directly (checks after a test). */
  directUrl(port = this.poolerTarget): string {
    return `postgres://${DB_USER}@127.0.0.1:${port}/portal`;
  }
  hostUrl(i: number): string {
    return `http://${this.hosts[i]!.address}:${this.hostPort}`;
  }

  async start(): Promise<void> {
    // Whatever ends this process, the database servers and the pooler do not outlive it.
    process.once("exit", () => this.stopSync());
    const missing = clusterPrerequisites();
    if (missing.length) throw new Error(`the cluster needs: ${missing.join("; ")}`);
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    [this.primaryPort, this.standbyPort, this.poolerPort, this.balancerPort, this.hostPort] = ports as [
      string, string, string, string, string,
    ]; // prettier-ignore
    await this.startPostgres();
    await this.startPooler();
    await this.startS3();
    const count = this.options.hosts ?? 3;
    for (let i = 0; i < count; i++)
      this.hosts.push({ name: `host${i + 1}`, address: `127.0.0.${i + 2}`, child: null, log: "" });
    await this.assertHostAddressesFree();
    // Started together: they migrate and load the demo one at a time (the advisory lock).
    await Promise.all(this.hosts.map((_, i) => this.startHost(i)));
    await this.startBalancer();
  }

  private async startPostgres(): Promise<void> {
    const primary = path.join(this.dir, "primary");
    const standby = path.join(this.dir, "standby");
    for (const d of [primary, standby]) {
      fs.mkdirSync(d, { mode: 0o700 });
      if (asRoot) spawnSync("chown", [DB_USER, d]);
    }
    runDb(path.join(PG_BIN, "initdb"), ["-D", primary, "-U", DB_USER, "--auth=trust", "-E", "UTF8", "--no-sync"]);
    fs.appendFileSync(
      path.join(primary, "postgresql.conf"),
      [
        "",
        `port = ${this.primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${this.dir}'`,
        "max_connections = 200",
        "fsync = on",
        fs.readFileSync(path.join(DEPLOY, "postgresql-primary.conf"), "utf8"),
      ].join("\n"),
    );
    fs.appendFileSync(path.join(primary, "pg_hba.conf"), "\nhost replication all 127.0.0.1/32 trust\n");
    this.pgCtl(primary, "start");
    await waitFor("the PostgreSQL primary", () => pgAnswers(this.primaryPort));
    const admin = new Client({
      host: "127.0.0.1",
      port: Number(this.primaryPort),
      user: DB_USER,
      database: "postgres",
    });
    await admin.connect();
    // With synchronous_standby_names set and no standby yet, commits would wait: the database is
    // made before the standby exists, in a transaction that does not wait for one.
    await admin.query("set synchronous_commit = local");
    await admin.query("create database portal");
    await admin.query("alter database portal set random_page_cost = 1.1");
    await admin.end();
    fs.rmSync(standby, { recursive: true, force: true });
    runDb(path.join(PG_BIN, "pg_basebackup"), [
      "-h", "127.0.0.1", "-p", this.primaryPort, "-U", DB_USER, "-D", standby, "-X", "stream", "-R", "--no-sync",
      // A checkpoint now, not one spread over checkpoint_timeout: the copy waited minutes for it.
      "--checkpoint=fast",
    ]); // prettier-ignore
    fs.appendFileSync(
      path.join(standby, "postgresql.auto.conf"),
      [
        "",
        `port = ${this.standbyPort}`,
        fillTemplate("postgresql-standby.conf", {
          PRIMARY_HOST: "127.0.0.1",
          PRIMARY_PORT: this.primaryPort,
          REPLICATION_USER: DB_USER,
        }),
      ].join("\n"),
    );
    this.pgCtl(standby, "start");
    await waitFor("the PostgreSQL standby", () => pgAnswers(this.standbyPort));
    await waitFor("synchronous streaming to the standby", async () => {
      const c = new Client({ host: "127.0.0.1", port: Number(this.primaryPort), user: DB_USER, database: "postgres" });
      await c.connect();
      try {
        const r = await c.query<{ sync_state: string }>(
          "select sync_state from pg_stat_replication where application_name = 'standby1'",
        );
        return r.rows[0]?.sync_state === "sync";
      } finally {
        await c.end();
      }
    });
    this.poolerTarget = this.primaryPort;
  }

  private pgCtl(dataDir: string, action: "start" | "stop" | "promote", mode = "fast"): void {
    const args = ["-D", dataDir, "-w", "-t", "120"];
    if (action === "start") args.push("-l", `${dataDir}.log`, "start");
    else if (action === "stop") args.push("-m", mode, "stop");
    else args.push("promote");
    runDb(path.join(PG_BIN, "pg_ctl"), args);
  }

  private async startPooler(): Promise<void> {
    this.pooler = new PgBouncer(this.dir, this.poolerPort, {
      host: "127.0.0.1",
      port: this.primaryPort,
      user: DB_USER,
    });
    await this.pooler.start();
  }

  private async startS3(): Promise<void> {
    const dir = path.join(this.dir, "s3");
    fs.mkdirSync(dir);
    const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
    const { port } = (await server.run()) as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await client.send(new CreateBucketCommand({ Bucket: "portal-files" }));
    client.destroy();
    this.s3 = { server, endpoint, bucket: "portal-files" };
  }

  /** Each host binds its own loopback address; refuse clearly if something already listens there. */
  private async assertHostAddressesFree(): Promise<void> {
    for (const h of this.hosts)
      await new Promise<void>((resolve, reject) => {
        const probe = net.createServer();
        probe.once("error", (err: NodeJS.ErrnoException) =>
          reject(new Error(`${h.address}:${this.hostPort} is not free (${err.code}): stop what listens there`)),
        );
        probe.listen(Number(this.hostPort), h.address, () => probe.close(() => resolve()));
      });
  }

  hostEnv(): Record<string, string> {
    return {
      NODE_ENV: "production",
      PORT: this.hostPort,
      DATABASE_URL: this.databaseUrl,
      DATABASE_PREPARED_STATEMENTS: "off",
      SESSION_SECRET: this.secret,
      CODE_KEY: TEST_CODE_KEY,
      TRUSTED_PROXIES: "127.0.0.1",
      SHUTDOWN_DRAIN_SECONDS: "3",
      S3_BUCKET: this.s3!.bucket,
      S3_ENDPOINT: this.s3!.endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      SEED_DEMO: "on",
      PORTAL_URL: this.url,
      DATA_DIR: path.join(this.dir, "host-data"),
      ...this.options.hostEnv,
    };
  }

  async startHost(i: number): Promise<void> {
    const h = this.hosts[i]!;
    h.log = "";
    const child = spawn("node", ["scripts/start.mjs"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...this.hostEnv(), HOST: h.address },
      detached: true,
    });
    h.child = child;
    const collect = (chunk: Buffer) => {
      h.log = (h.log + chunk.toString()).slice(-1_000_000); // enough for --keep-logs to hold a whole run
      if (this.options.verbose) process.stdout.write(`[${h.name}] ${chunk.toString()}`);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    await waitFor(`portal ${h.name}`, async () => {
      if (child.exitCode !== null) throw new Error(`${h.name} exited (${child.exitCode}):\n${h.log.slice(-2000)}`);
      return (await fetch(`${this.hostUrl(i)}/api/health/ready`)).ok;
    }, 300); // prettier-ignore
  }

  /** SIGKILL (a host lost) or SIGTERM (a rolling restart: drains first); resolves once it is gone. */
  async stopHost(i: number, signal: "SIGKILL" | "SIGTERM"): Promise<void> {
    const child = this.hosts[i]!.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return;
    }
    await gone;
    this.hosts[i]!.child = null;
  }

  private async startBalancer(): Promise<void> {
    const socket = path.join(this.dir, "haproxy.sock");
    this.balancer = spawn("/usr/sbin/haproxy", ["-f", path.join(DEPLOY, "haproxy.cfg"), "-db"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PORTAL_LISTEN: `127.0.0.1:${this.balancerPort}`,
        HAPROXY_STATS_SOCKET: socket,
        HAPROXY_ERRORFILES: DEPLOY,
        ...Object.fromEntries(this.hosts.map((h, i) => [`PORTAL_HOST${i + 1}`, `${h.address}:${this.hostPort}`])),
      },
    });
    const collect = (chunk: Buffer) => {
      this.balancerLog = (this.balancerLog + chunk.toString()).slice(-200_000);
      if (this.options.verbose) process.stdout.write(`[haproxy] ${chunk.toString()}`);
    };
    this.balancer.stdout!.on("data", collect);
    this.balancer.stderr!.on("data", collect);
    await waitFor("HAProxy with every host up", async () => {
      const states = await this.balancerStates();
      return this.hosts.every((h) => states[h.name] === "UP");
    });
  }

  /** Each host's state as HAProxy sees it (UP, DOWN, …), from its stats socket. */
  async balancerStates(): Promise<Record<string, string>> {
    const out = await new Promise<string>((resolve, reject) => {
      const s = net.createConnection(path.join(this.dir, "haproxy.sock"));
      let data = "";
      s.on("data", (d) => (data += d.toString()));
      s.on("end", () => resolve(data));
      s.on("error", reject);
      s.write("show stat\n");
    });
    const states: Record<string, string> = {};
    for (const line of out.split("\n")) {
      const f = line.split(",");
      if (f[0] === "portal_hosts" && f[1]?.startsWith("host")) states[f[1]] = f[17]?.split(" ")[0] ?? "";
    }
    return states;
  }

  /** The primary is lost: stopped at once, as a crash would (nothing flushed beyond what was committed). */
  stopPrimary(): void {
    this.pgCtl(path.join(this.dir, "primary"), "stop", "immediate");
  }

  /** Failover, as the README tells an operator: promote the standby, point PgBouncer at it, RELOAD. */
  async failOver(): Promise<void> {
    this.pgCtl(path.join(this.dir, "standby"), "promote");
    // It was copied from the primary with synchronous_standby_names set: alone now, it would wait
    // for ever for a standby to confirm each commit. Until a new standby is attached, it commits alone.
    const c = new Client({ host: "127.0.0.1", port: Number(this.standbyPort), user: DB_USER, database: "postgres" });
    await c.connect();
    try {
      await c.query("alter system set synchronous_standby_names = ''");
      await c.query("select pg_reload_conf()");
    } finally {
      await c.end();
    }
    this.poolerTarget = this.standbyPort;
    await this.pooler!.repoint(this.standbyPort);
  }

  private stopSync(): void {
    for (const h of this.hosts) if (h.child?.pid) this.signalGroup(h.child.pid, "SIGKILL");
    this.balancer?.kill("SIGKILL");
    this.pooler?.stop("SIGKILL");
    for (const d of ["primary", "standby"])
      if (fs.existsSync(path.join(this.dir, d, "postmaster.pid"))) {
        const [c, a] = asDbUser(path.join(PG_BIN, "pg_ctl"), ["-D", path.join(this.dir, d), "-m", "immediate", "stop"]);
        spawnSync(c, a);
      }
  }

  private signalGroup(pid: number, signal: NodeJS.Signals): void {
    try {
      process.kill(-pid, signal);
    } catch {
      /* gone */
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.hosts.map((_, i) => this.stopHost(i, "SIGKILL")));
    this.balancer?.kill("SIGKILL");
    this.pooler?.stop();
    for (const d of ["primary", "standby"]) {
      try {
        this.pgCtl(path.join(this.dir, d), "stop", "immediate");
      } catch {
        /* already stopped (the failover test stops the primary) */
      }
    }
    if (this.s3) await Promise.race([this.s3.server.close(), new Promise((r) => setTimeout(r, 3000).unref())]);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
