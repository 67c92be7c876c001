// Shared by the load and crash tests: a production server on a fresh database, staff sign-in,
// and real server-action requests (the ids come from the build's action manifest).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

/** The access-code key of every server a harness starts, and of the data it generates for it. */
export const TEST_CODE_KEY = "harness-only access-code key, never a real school's";

export interface Target {
  engine: "PGlite" | "PostgreSQL";
  env: Record<string, string>;
  /** DATA_DIR or the database URL, for opening it afterwards. */
  location: string;
  cleanup(): Promise<void>;
}

export async function freshTarget(pgUrl = process.env.DATABASE_URL): Promise<Target> {
  if (!pgUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-srv-"));
    return {
      engine: "PGlite",
      env: { DATABASE_URL: "", DATA_DIR: dir },
      location: dir,
      cleanup: () => fs.promises.rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `portal_srv_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    engine: "PostgreSQL",
    env: { DATABASE_URL: url.toString() },
    location: url.toString(),
    cleanup: async () => {
      const c = new Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A port nobody listens on right now, from the operating system. */
export async function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(String(port)));
    });
  });
}

/** Refuses a port another process already serves: the harness must talk to its own server. */
async function assertPortFree(port: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "EADDRINUSE"
          ? new Error(`port ${port} is in use: stop what listens there or choose another port`)
          : err,
      ),
    );
    probe.listen(Number(port), () => probe.close(() => resolve()));
  });
}

export class PortalServer {
  private child: ChildProcess | null = null;
  readonly base: string;
  constructor(
    private readonly target: Target,
    readonly port: string,
    private readonly secret = crypto.randomBytes(24).toString("base64url"),
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.base = `http://localhost:${port}`;
  }

  /** The server's process id (its process group's, for the workers WEB_CONCURRENCY starts). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    await assertPortFree(this.port);
    // `npm start`'s own entry point, so WEB_CONCURRENCY (in extraEnv) starts several processes.
    // SEED_DEMO=on: in production 'auto' refuses to load the demo school (on either engine).
    const child = spawn("node", ["scripts/start.mjs", "-p", this.port], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: this.port,
        SESSION_SECRET: this.secret,
        // Codes are sealed with CODE_KEY, else the session secret (decision 019): a database made
        // beforehand (scripts/generate-school.ts, the bench) and this server share one key.
        CODE_KEY: process.env.CODE_KEY || TEST_CODE_KEY,
        SEED_DEMO: "on",
        ...this.extraEnv,
        ...this.target.env,
      },
      detached: true,
    });
    this.child = child;
    // Ready means OUR child said so, on this port: a server someone else left running never counts.
    let ready = false;
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(`is ready at http://localhost:${this.port}`)) ready = true;
    });
    for (let i = 0; ; i++) {
      if (ready) {
        try {
          if ((await fetch(`${this.base}/parent`)).ok) return;
        } catch {
          /* not answering yet */
        }
      }
      if (i > 240 || child.exitCode !== null)
        throw new Error(`server did not start${child.exitCode !== null ? ` (exit ${child.exitCode})` : ""}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** SIGTERM (clean) or SIGKILL (crash) to the whole process group, then wait until it is gone. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      return;
    }
    for (let i = 0; i < 150; i++) {
      try {
        process.kill(-pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    this.child = null;
  }

  async signIn(code: string): Promise<string> {
    const res = await fetch(`${this.base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.base },
      body: JSON.stringify({ code }),
    });
    const cookie = res.headers.get("set-cookie")?.split(";")[0];
    if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
    return cookie;
  }

  actionHeaders(name: string, cookie: string): Record<string, string> {
    return {
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: this.base,
      cookie,
    };
  }

  /** Calls a server action that takes one plain object, as the browser would; true when it answered ok. */
  async callAction(name: string, pagePath: string, cookie: string, input: unknown): Promise<boolean> {
    const res = await fetch(`${this.base}${pagePath}`, {
      method: "POST",
      headers: this.actionHeaders(name, cookie),
      body: JSON.stringify([input]),
    });
    return res.status === 200 && (await res.text()).includes('"ok":true');
  }
}

let manifest: Record<string, { exportedName?: string }> | null = null;
export function actionId(name: string): string {
  manifest ??= (
    JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
      node: Record<string, { exportedName?: string }>;
    }
  ).node;
  const hit = Object.entries(manifest).find(([, v]) => v.exportedName === name);
  if (!hit) throw new Error(`no server action named ${name} in the build`);
  return hit[0];
}
