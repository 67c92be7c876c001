// npm start [-- -p PORT]: serves the production build.
// One Node.js process renders one page at a time, so on a machine with several cores a single
// process leaves the rest idle. With PostgreSQL, WEB_CONCURRENCY=N starts N processes (Node's
// cluster module; the operating system shares the port between them). Everything they share lives
// in the database (sessions' versions, rate limits, totals) and the session secret comes from
// SESSION_SECRET. PGlite is one process per data folder, so it always runs one.
import cluster from "node:cluster";
import http from "node:http";
import { quietClientHangUps } from "../lib/client-hang-up.mjs";
import { runInRequestSchool } from "../lib/request-school.mjs";
import { isTrustedAddress, parseTrustedProxies } from "../lib/trusted-proxies.mjs";

process.env.NEXT_MANUAL_SIG_HANDLE = "true"; // our handler closes the database before exit

// `npm run demo` passes --demo: the one start that asks for the demo school by name (SEED_DEMO=on),
// since SEED_DEMO=auto never loads it into a production server (issue 28 item 2).
if (process.argv.includes("--demo")) {
  process.argv = process.argv.filter((a) => a !== "--demo");
  process.env.SEED_DEMO = "on";
}

// A value this script cannot use is not refused here: the portal's start-up check (lib/start-check.ts)
// refuses it together with every other problem of the configuration, so one start shows them all.
// Until then the safe reading holds: one process, and no proxy trusted.
const requested = Number(process.env.WEB_CONCURRENCY ?? "1");
const validWorkers = Number.isInteger(requested) && requested >= 1 && requested <= 64;
// Several processes share one session secret (lib/env.ts refuses the combination).
const workers = validWorkers && (requested === 1 || process.env.SESSION_SECRET) ? requested : 1;
let trusted;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch {
  trusted = parseTrustedProxies("");
}

// Next.js prints "✓ Ready in …" as soon as its port is open, before instrumentation.ts has checked
// the configuration and prepared the database; the portal prints its own ready line after those
// checks, or "could not start". Next's line is dropped so that no start says ready and then fails.
const consoleLog = console.log;
console.log = (...args) => {
  if (typeof args[0] === "string" && /^\S+ Ready in \d/.test(args[0])) {
    console.log = consoleLog;
    return;
  }
  consoleLog(...args);
};

// Readiness and draining (decision 031). The record is read by /api/health/ready through
// lib/health/lifecycle.ts; instrumentation.ts turns it to "serving" once the database is prepared.
const lifecycle = { state: "starting" };
globalThis.__portalLifecycle = lifecycle;
const servers = new Set();
const inFlight = new Set();

/**
 * Who sent each request (decision 009): the TCP peer's address goes into x-portal-peer, whatever
 * the client wrote there, and the X-Forwarded-* headers are dropped unless the peer is one of
 * TRUSTED_PROXIES, so a direct client can neither pick its rate-limit key nor its host name.
 * lib/client-address.ts reads the result.
 */
function trustForwardedHeadersOnlyFromProxies() {
  const plain = (a) => (/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a ?? "")?.[1] ?? a ?? "").toLowerCase();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    if (event === "request" && req?.headers) {
      const res = rest[0];
      servers.add(this);
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
      // While draining, every answer ends its connection: the client's next request opens a new
      // one, which the balancer sends to a host that is still ready.
      if (lifecycle.state === "draining") res.setHeader("connection", "close");
      const peer = plain(req.socket?.remoteAddress);
      const isProxy = isTrustedAddress(trusted, peer);
      req.headers["x-portal-peer"] = peer || "unknown";
      if (!isProxy) {
        for (const h of [
          "x-forwarded-for",
          "x-forwarded-host",
          "x-forwarded-proto",
          "x-forwarded-port",
          "x-real-ip",
          "forwarded",
        ])
          delete req.headers[h];
      }
      // Everything the request does, it does in the school its cookie names (lib/request-school.mjs).
      return runInRequestSchool(req, () => emit.call(this, event, req, ...rest));
    }
    return emit.call(this, event, req, ...rest);
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * SIGTERM/SIGINT: not ready at once, serve on for SHUTDOWN_DRAIN_SECONDS so the balancer's checks
 * see it and stop sending, then stop accepting connections, finish the requests in flight (at most
 * SHUTDOWN_TIMEOUT_SECONDS), close the database and exit. A rolling restart loses no request.
 */
async function drainAndExit(signal) {
  if (lifecycle.state === "draining") return;
  lifecycle.state = "draining";
  const drainSeconds = Number(process.env.SHUTDOWN_DRAIN_SECONDS ?? "0") || 0;
  const timeoutSeconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS ?? "30") || 30;
  console.log(
    `${signal}: not ready; ${drainSeconds ? `serving ${drainSeconds} s more, then ` : ""}finishing requests in flight`,
  );
  await sleep(drainSeconds * 1000);
  for (const server of servers) {
    server.close();
    server.closeIdleConnections?.();
  }
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (inFlight.size > 0 && Date.now() < deadline) await sleep(50);
  if (inFlight.size > 0)
    console.warn(`${inFlight.size} request(s) still open after ${timeoutSeconds} s; closing anyway.`);
  try {
    await globalThis.__portalCloseDb?.();
    console.log("Database closed.");
  } catch (err) {
    console.error("Error while closing the database:", err);
  }
  process.exit(0);
}

async function serve() {
  trustForwardedHeadersOnlyFromProxies();
  // Before Next.js wraps console.error: a client's hang-up is not the server's error (lib/client-hang-up.mjs).
  quietClientHangUps();

  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => void drainAndExit(signal));
  // HOST: the address to listen on (default: every interface, as containers need).
  const host = process.env.HOST ? ["-H", process.env.HOST] : [];
  // Next's own command line, in this process.
  process.argv = [process.argv[0], "next", "start", ...host, ...process.argv.slice(2)];
  await import("next/dist/bin/next");
}

if (workers === 1 || !cluster.isPrimary) {
  await serve();
} else if (!process.env.DATABASE_URL) {
  console.error(
    "WEB_CONCURRENCY > 1 needs PostgreSQL (DATABASE_URL): embedded PGlite allows one process per data folder. Starting one process.",
  );
  await serve();
} else {
  let stopping = false;
  let quickExits = 0;
  const startedAt = new Map();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  // The first process checks the configuration and prepares the database alone (lib/start-check.ts);
  // the others start once it says it is ready. If it cannot start, nothing else is tried: its
  // message says why, once.
  const first = fork();
  let firstReady = false;
  first.on("message", (m) => {
    if (firstReady || m?.portal !== "ready") return;
    firstReady = true;
    for (let i = 1; i < workers; i++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!firstReady) process.exit(code || 1);
    // A worker that cannot even start (bad configuration, database down) would fail again: stop.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000 && ++quickExits >= workers * 2) {
      console.error("Workers keep exiting right after starting; giving up.");
      process.exit(1);
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
      // Each worker closes its database pool and exits; then so do we.
      const check = setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          clearInterval(check);
          process.exit(0);
        }
      }, 100);
    });
  }
}
