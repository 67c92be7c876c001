// PgBouncer (Debian's package) in transaction mode, configured from deploy/pgbouncer.ini, in front
// of a PostgreSQL server: for the cluster (scripts/lib/cluster.ts) and for running the integration
// suite through a pooler (scripts/pgbouncer-suite.ts). Decision 030.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

export const DEPLOY = path.resolve("deploy");
export const asRoot = process.getuid?.() === 0;
/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as the postgres user. */
export const DB_USER = asRoot ? "postgres" : os.userInfo().username;

export function asDbUser(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", DB_USER, "--", cmd, ...args]] : [cmd, args];
}

/** deploy/<name> with ${NAME} replaced from values. */
export function fillTemplate(name: string, values: Record<string, string>): string {
  return fs
    .readFileSync(path.join(DEPLOY, name), "utf8")
    .replace(/\$\{([A-Z0-9_]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export async function waitFor(what: string, probe: () => Promise<boolean>, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

export async function pgAnswers(port: string, database = "postgres", user = DB_USER): Promise<boolean> {
  const c = new Client({ host: "127.0.0.1", port: Number(port), user, database });
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } finally {
    await c.end().catch(() => {});
  }
}

export class PgBouncer {
  private child: ChildProcess | null = null;
  constructor(
    private readonly dir: string,
    readonly port: string,
    /** The PostgreSQL server behind it (host:port), changed by repoint() on failover. */
    public target: { host: string; port: string; user: string },
  ) {}

  private writeConfig(): string {
    const file = path.join(this.dir, "pgbouncer.ini");
    const auth = path.join(this.dir, "pgbouncer-users.txt");
    const users = [...new Set([DB_USER, this.target.user])];
    fs.writeFileSync(auth, users.map((u) => `"${u}" ""\n`).join(""));
    fs.writeFileSync(
      file,
      fillTemplate("pgbouncer.ini", {
        PRIMARY_HOST: this.target.host,
        PRIMARY_PORT: this.target.port,
        PGBOUNCER_HOST: "127.0.0.1",
        PGBOUNCER_PORT: this.port,
        PGBOUNCER_AUTH_TYPE: "trust",
        PGBOUNCER_AUTH_FILE: auth,
        PGBOUNCER_ADMIN_USER: DB_USER,
        PGBOUNCER_LOG: path.join(this.dir, "pgbouncer.log"),
        PGBOUNCER_PID: path.join(this.dir, "pgbouncer.pid"),
      }),
    );
    if (asRoot) spawnSync("chown", [DB_USER, this.dir, file, auth]);
    return file;
  }

  async start(): Promise<void> {
    if (!fs.existsSync("/usr/sbin/pgbouncer"))
      throw new Error("PgBouncer is not installed (apt-get install pgbouncer)");
    const [cmd, args] = asDbUser("/usr/sbin/pgbouncer", [this.writeConfig()]);
    this.child = spawn(cmd, args, { stdio: "ignore" });
    await waitFor("PgBouncer", () => pgAnswers(this.port, "postgres", this.target.user));
  }

  /** Its admin console (SHOW, RELOAD, RECONNECT…), which speaks only the simple query protocol. */
  async admin(command: string): Promise<Record<string, unknown>[]> {
    const c = new Client({ host: "127.0.0.1", port: Number(this.port), user: DB_USER, database: "pgbouncer" });
    await c.connect();
    try {
      const res = await c.query({ text: command, queryMode: "simple" } as unknown as string);
      return res.rows as Record<string, unknown>[];
    } finally {
      await c.end().catch(() => {});
    }
  }

  /** Failover: the same pooler, pointed at another server (RELOAD: no client is disconnected). */
  async repoint(port: string): Promise<void> {
    this.target = { ...this.target, port };
    this.writeConfig();
    await this.admin("RELOAD");
  }

  url(database: string, user = this.target.user): string {
    return `postgres://${user}@127.0.0.1:${this.port}/${database}`;
  }

  stop(signal: NodeJS.Signals = "SIGTERM"): void {
    this.child?.kill(signal);
    this.child = null;
  }
}
