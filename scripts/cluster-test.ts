// The cluster tests (decision 030), on the real parts of `npm run cluster`: HAProxy, three portal
// hosts, PgBouncer in transaction mode, a PostgreSQL primary with a synchronous hot standby, s3rver.
//   1. shared state: a sign-in limit hit on one host holds on the others; a session revoked on one
//      host is refused by the others; a file uploaded through one host downloads through another;
//      1,000 queued e-mails with three hosts working are sent exactly once each
//   2. a host lost under load (SIGKILL at 10 s, back at 20 s)
//   3. a rolling restart under load (each host SIGTERMed and started again)
//   4. the primary lost under load, the standby promoted and PgBouncer pointed at it
// Each prints what it measured and fails the run on what a user or an operator would notice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import smtp from "smtp-server";
import { Client } from "pg";
import { Cluster } from "./lib/cluster";
import { runLoad, signIn, signInUsers, type Sample, type Users } from "./lib/cluster-load";
import { actionId } from "./lib/portal-server";

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A real SMTP server: the hosts' workers send every queued e-mail here.
const mailbox: string[] = [];
const mailServer = new smtp.SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString()));
    stream.on("end", () => {
      mailbox.push(/^Subject: (.*)$/im.exec(data)?.[1]?.trim() ?? "");
      callback();
    });
  },
});
await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
const smtpPort = (mailServer.server.address() as { port: number }).port;

const cluster = new Cluster({
  hostEnv: {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Cluster School <portal@cluster.test>",
    JOBS_POLL_MS: "200",
  },
});

async function directQuery<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: cluster.directUrl() });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** HAProxy's log lines: when each request arrived, which host it went to, how it ended. */
function balancerRequests(): { at: number; host: string; status: number; ended: string; path: string }[] {
  const months: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 }; // prettier-ignore
  const out = [];
  const re =
    /\[(\d+)\/(\w+)\/(\d+):(\d+):(\d+):(\d+)\.(\d+)\] portal portal_hosts\/(\S+) \S+ (-?\d+) \d+ \S+ \S+ (\S{4}) .*"(\w+) (\S+)/;
  for (const line of cluster.balancerLog.split("\n")) {
    const m = re.exec(line);
    if (!m) continue;
    const at = new Date(+m[3]!, months[m[2]!]!, +m[1]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!).getTime();
    // The termination state's first letter is "-" for a request that ended normally.
    out.push({ at, host: m[8]!, status: Number(m[9]), ended: m[10]!, path: `${m[11]} ${m[12]}` });
  }
  return out;
}

/** Polls HAProxy's view of one host; resolves with when it was first seen DOWN. */
function watchDown(host: string, until: () => boolean): Promise<number | null> {
  return (async () => {
    while (!until()) {
      const states: Record<string, string> = await cluster.balancerStates().catch(() => ({}));
      if (states[host] === "DOWN") return Date.now();
      await sleep(100);
    }
    return null;
  })();
}

async function acknowledgedWritesPresent(samples: Sample[], label: string): Promise<void> {
  const wrote = samples.filter((s) => s.wrote).map((s) => s.wrote!);
  const rows = await directQuery<{ d: string }>(
    "select to_char(date, 'YYYY-MM-DD') as d from attendance where student_id = 8 and level_code = 'BIO-P2' and date = any($1::date[])",
    [wrote],
  );
  const present = new Set(rows.map((r) => r.d));
  const lost = wrote.filter((d) => !present.has(d));
  check(lost.length === 0, `${label}: ${wrote.length} acknowledged writes, ${lost.length} lost`);
}

function summary(samples: Sample[]): string {
  const failed = samples.filter((s) => !s.ok).length;
  return `${samples.length} requests, ${failed} not ok, hosts ${JSON.stringify(
    samples.reduce<Record<string, number>>((a, s) => ((a[s.host ?? "none"] = (a[s.host ?? "none"] ?? 0) + 1), a), {}),
  )}`;
}

async function sharedState(): Promise<void> {
  console.log("\n--- shared state across hosts");
  // Sign-in attempts from one address, sent straight to host1 as the balancer would forward them.
  const from = { "x-forwarded-for": "198.51.100.7" };
  const attempt = (i: number) =>
    fetch(`${cluster.hostUrl(i)}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.hostUrl(i), ...from },
      body: JSON.stringify({ code: "not-a-code" }),
    }).then((r) => r.status);
  let tries = 0;
  while ((await attempt(0)) !== 429 && ++tries < 100);
  const others = [await attempt(1), await attempt(2)];
  check(
    tries < 100 && others.every((s) => s === 429),
    `a sign-in limit hit on host1 (after ${tries} tries) holds on host2 and host3 (${others.join(",")})`,
  );

  // One user, two sessions; signing out of one revokes the other everywhere.
  const a = await signIn(cluster.url, "teach-rivera");
  const b = await signIn(cluster.url, "teach-rivera");
  const page = (i: number, cookie: string) =>
    fetch(`${cluster.hostUrl(i)}/teacher`, { headers: { cookie }, redirect: "manual" }).then((r) => r.status);
  const before = [await page(1, b), await page(2, b)];
  const out = await fetch(`${cluster.hostUrl(0)}/`, {
    method: "POST",
    headers: { "next-action": actionId("signOut"), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: cluster.hostUrl(0), cookie: a },
    body: "[]",
  }); // prettier-ignore
  const after = [await page(1, b), await page(2, b)];
  check(
    out.ok && before.every((s) => s === 200) && after.every((s) => s !== 200),
    `a session revoked through host1 is refused by host2 and host3 (before ${before.join(",")}, after ${after.join(",")})`,
  );

  // A student's file, uploaded through host1, downloaded through host2 and host3.
  const student = await signIn(cluster.url, "stu-01");
  const bytes = Buffer.from(`%PDF-1.4\n% cluster test ${Date.now()}\n`.padEnd(2000, "x"));
  const boundary = "----cluster" + Date.now();
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]); // prettier-ignore
  const up = await fetch(`${cluster.hostUrl(0)}/level/BIO-P2/files?kind=submission&id=9`, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      origin: cluster.hostUrl(0),
      cookie: student,
    },
    body,
  });
  const uploaded = (await up.json().catch(() => ({}))) as { file?: { id: number } };
  const fileId = uploaded.file?.id;
  const downloads = await Promise.all(
    [1, 2].map(async (i) => {
      const r = await fetch(`${cluster.hostUrl(i)}/files/${fileId}`, { headers: { cookie: student } });
      return r.ok && Buffer.from(await r.arrayBuffer()).equals(bytes);
    }),
  );
  check(
    up.status === 201 && downloads.every(Boolean),
    `a file uploaded through host1 (${up.status}) downloads whole through host2 and host3 (${downloads.join(",")})`,
  );

  // 1,000 e-mails queued at once; three hosts' workers share them.
  const subjects = Array.from({ length: 1000 }, (_, i) => `cluster mail ${i}`);
  await directQuery(
    `insert into jobs (school_id, kind, dedupe_key, payload, run_at)
     select 1, 'mail.send', 'cluster-mail-' || n, jsonb_build_object('to', 'family' || n || '@cluster.test', 'subject', 'cluster mail ' || n, 'text', 'hello', 'html', '<p>hello</p>'), now()
     from generate_series(0, 999) n`,
  );
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const [left] = await directQuery<{ n: number }>(
      "select count(*)::int as n from jobs where dedupe_key like 'cluster-mail-%' and state <> 'done'",
    );
    if (left!.n === 0) break;
    await sleep(500);
  }
  await sleep(1000);
  const counts = new Map<string, number>();
  for (const s of mailbox) if (s.startsWith("cluster mail ")) counts.set(s, (counts.get(s) ?? 0) + 1);
  const missing = subjects.filter((s) => !counts.has(s)).length;
  const doubled = [...counts.values()].filter((n) => n > 1).length;
  console.log(`  1,000 e-mails sent in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  check(
    missing === 0 && doubled === 0,
    `1,000 queued e-mails with three hosts working: ${missing} missing, ${doubled} sent twice`,
  );
}

async function hostLost(users: Users): Promise<void> {
  console.log("\n--- a host lost under load: SIGKILL at 10 s, back at 20 s");
  const t0 = Date.now();
  let killedAt = 0;
  let done = false;
  const load = runLoad({ base: cluster.url, users, seconds: 30, firstDay: new Date(Date.UTC(2071, 0, 1)) });
  await sleep(10_000);
  killedAt = Date.now();
  const down = watchDown("host2", () => done);
  await cluster.stopHost(1, "SIGKILL");
  await sleep(Math.max(0, t0 + 20_000 - Date.now()));
  const restart = cluster.startHost(1);
  const samples = await load;
  done = true;
  await restart;
  const downAt = await down;
  console.log(`  ${summary(samples)}`);
  const detect = downAt ? downAt - killedAt : null;
  check(
    detect !== null && detect <= 3000,
    `HAProxy took host2 out ${detect} ms after the kill (checks every 1 s, 2 failures)`,
  );
  const log = balancerRequests().filter((r) => r.at >= t0);
  const broken = (r: (typeof log)[number]) => r.status >= 500 || r.status < 0 || r.ended[0] !== "-";
  const survivorsFailed = log.filter((r) => r.host !== "host2" && broken(r));
  check(
    survivorsFailed.length === 0,
    `no request to the surviving hosts failed (${survivorsFailed.length}: ${JSON.stringify(survivorsFailed.slice(0, 3))})`,
  );
  const sentToDead = log.filter((r) => r.host === "host2" && downAt && r.at > downAt && r.at < killedAt + 10_000);
  check(sentToDead.length === 0, `nothing was sent to host2 after HAProxy took it out (${sentToDead.length})`);
  check(!samples.some((s) => s.signedOut), "no user was asked to sign in again");
  // A request cut off mid-answer reaches the client as a dropped connection, with no host named.
  // The survivors' requests all succeeded (the balancer's log, above), so a client's failure is
  // host2's: it must have been sent while host2 was dying, from a moment before the kill (a request
  // then in flight) to HAProxy taking it out, never earlier or later. The balancer's own count of
  // requests broken on host2 is printed beside it; it can lag the clients' (a dropped connection
  // is logged when HAProxy notices it).
  const failed = samples.filter((s) => !s.ok);
  const deadHostFailures = log.filter((r) => r.host === "host2" && broken(r)).length;
  const late = failed.filter((s) => s.at > (downAt ?? killedAt));
  const early = failed.filter((s) => s.at < killedAt - 5_000);
  check(
    late.length === 0 && early.length === 0,
    `the only failed requests were sent while host2 was dying (${failed.length} failed by the clients, ${early.length} before the kill, ${late.length} after HAProxy took it out; ${deadHostFailures} broken on host2 in the balancer's log)`,
  );
  await acknowledgedWritesPresent(samples, "host lost");
}

async function rollingRestart(users: Users): Promise<void> {
  console.log("\n--- a rolling restart under load: each host SIGTERMed and started again");
  let stop = false;
  const samples: Sample[] = [];
  const load = (async () => {
    for (let round = 0; !stop; round++)
      samples.push(
        ...(await runLoad({ base: cluster.url, users, seconds: 5, firstDay: new Date(Date.UTC(2072 + round, 0, 1)) })),
      );
  })();
  await sleep(3000);
  const drainingAnswers: string[] = [];
  for (let i = 0; i < cluster.hosts.length; i++) {
    const t = Date.now();
    // What the host answers its balancer between the signal and its exit.
    let stopped = false;
    const probe = (async () => {
      const seen = new Set<string>();
      while (!stopped) {
        const ready = await fetch(`${cluster.hostUrl(i)}/api/health/ready`).then((r) => `${r.status} ${r.statusText}`).catch(() => "");
        const live = await fetch(`${cluster.hostUrl(i)}/api/health/live`).then((r) => r.status).catch(() => 0);
        if (ready) seen.add(`ready ${ready.split(" ")[0]}, live ${live}`);
        await sleep(100);
      }
      return [...seen];
    })(); // prettier-ignore
    await sleep(300);
    await cluster.stopHost(i, "SIGTERM");
    stopped = true;
    drainingAnswers.push(...(await probe));
    await cluster.startHost(i);
    while ((await cluster.balancerStates())[cluster.hosts[i]!.name] !== "UP") await sleep(200);
    console.log(`  ${cluster.hosts[i]!.name} drained, restarted and back in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  stop = true;
  await load;
  console.log(`  ${summary(samples)}`);
  check(
    drainingAnswers.includes("ready 200, live 200") && drainingAnswers.includes("ready 503, live 200"),
    `a host SIGTERMed answers "not ready" while it drains, and stays live (${[...new Set(drainingAnswers)].join("; ")})`,
  );
  const failed = samples.filter((s) => !s.ok);
  check(
    failed.length === 0,
    `zero failed requests during the rolling restart (${failed.length}: ${JSON.stringify(failed.slice(0, 3))})`,
  );
  await acknowledgedWritesPresent(samples, "rolling restart");
}

async function databaseFailover(users: Users): Promise<void> {
  console.log("\n--- the primary lost under load; the standby promoted, PgBouncer pointed at it");
  let lostAt = 0;
  const samples: Sample[] = [];
  let stop = false;
  const load = (async () => {
    for (let round = 0; !stop; round++)
      samples.push(
        ...(await runLoad({ base: cluster.url, users, seconds: 4, firstDay: new Date(Date.UTC(2080 + round, 0, 1)) })),
      );
  })();
  await sleep(5000);
  lostAt = Date.now();
  cluster.stopPrimary();
  // What an operator (or a script watching the primary) does: promote, repoint, reload.
  await sleep(2000);
  const failoverAt = Date.now();
  await cluster.failOver();
  // The portal serves again, with no host restarted: a signed-in teacher's page loads.
  let backAt = 0;
  const cookie = users.teachers[0]!;
  while (!(await fetch(`${cluster.url}/level/BIO-P2/update?tab=grades`, { headers: { cookie }, redirect: "manual" }).then((r) => r.status === 200).catch(() => false))) {
    if (Date.now() - failoverAt > 60_000) throw new Error("the portal did not come back within 60 s of the failover");
    await sleep(200);
  } // prettier-ignore
  backAt = Date.now();
  await sleep(8000);
  stop = true;
  await load;
  console.log(
    `  ${summary(samples)}; primary lost at 0 s, failover at ${((failoverAt - lostAt) / 1000).toFixed(1)} s, serving again ${((backAt - failoverAt) / 1000).toFixed(1)} s after the failover`,
  );
  const before = samples.filter((s) => s.at < lostAt);
  await acknowledgedWritesPresent(before, "written before the primary was lost");
  await acknowledgedWritesPresent(samples, "every acknowledged write, before and after");
  const afterBack = samples.filter((s) => s.at > backAt + 1000);
  check(
    afterBack.length > 0 && afterBack.every((s) => s.ok),
    `every request after the portal came back succeeded (${afterBack.filter((s) => !s.ok).length} of ${afterBack.length} failed)`,
  );
  // What a user was told when a request failed meanwhile: to try again, in words, and nothing of
  // the database (no SQL, no stack).
  const failed = samples.filter((s) => !s.ok);
  const unclear = failed.filter(
    (s) =>
      !/try again|inténtelo de nuevo/i.test(s.body ?? "") ||
      /Failed query|select |at async|node_modules/.test(s.body ?? ""),
  );
  const kinds = failed.reduce<Record<string, number>>((a, s) => ((a[`${s.status} ${s.host || "balancer"}`] = (a[`${s.status} ${s.host || "balancer"}`] ?? 0) + 1), a), {}); // prettier-ignore
  console.log(`  failed while the database was away: ${JSON.stringify(kinds)}`);
  check(
    unclear.length === 0,
    `every failed request was answered "try again" with no SQL (${unclear.length} not: ${JSON.stringify(unclear.slice(0, 2).map((s) => ({ status: s.status, what: s.what, body: s.body?.slice(0, 300) })))})`,
  );
  // A connection lost while a request held it is that request's failure, not the process's.
  const uncaught = cluster.hosts.map((h) => h.log.split("uncaughtException").length - 1);
  check(
    uncaught.every((n) => n === 0),
    `no host logged an uncaught exception while the database was away (${uncaught.join(", ")})`,
  );
}

function errorLines(log: string): string {
  const counts = new Map<string, number>();
  for (const line of log.split("\n"))
    if (/^\s*(⨯|Error\b|\[cause\]:)|\bfailed: /.test(line)) {
      const key = line.trim().slice(0, 200);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts].map(([line, n]) => `${String(n).padStart(5)}  ${line}`).join("\n") || "  (none)";
}

const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const want = (name: string) => only.length === 0 || only.includes(name);
try {
  const t = Date.now();
  await cluster.start();
  console.log(`cluster started in ${((Date.now() - t) / 1000).toFixed(1)} s: ${cluster.url}`);
  if (want("shared")) await sharedState();
  const users = await signInUsers(cluster.url);
  if (want("lost")) await hostLost(users);
  if (want("rolling")) await rollingRestart(users);
  if (want("failover")) await databaseFailover(users);
} catch (err) {
  failures.push((err as Error).message);
  console.error(err);
} finally {
  // A failed check says what a user saw; the hosts' own logs say why (the error under a 500):
  // each distinct error line, counted, since one failover logs the same few hundreds of times.
  if (failures.length)
    for (const h of cluster.hosts) console.error(`--- ${h.name}: errors logged\n${errorLines(h.log)}`);
  if (process.argv.includes("--keep-logs")) {
    fs.writeFileSync(path.join(os.tmpdir(), "cluster-haproxy.log"), cluster.balancerLog);
    for (const h of cluster.hosts) fs.writeFileSync(path.join(os.tmpdir(), `cluster-${h.name}.log`), h.log);
  }
  await cluster.stop();
  mailServer.close();
}
console.log(failures.length ? `\ncluster tests FAILED: ${failures.length}` : "\ncluster tests passed");
process.exit(failures.length ? 1 : 0);
