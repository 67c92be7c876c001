// npm run bench -- [--preset school|district|campus|tiny] [--schools 20] [--duration 10] [--fresh] [--pages grades,parent] [--no-frontend] [--workers N] [--terms] [--out file]
// Starts the production build on a generated school (PGlite in bench-data/<preset>, or the
// database portal_bench_<preset> on the server named by DATABASE_URL; generated on first use,
// reused afterwards), signs in as each role and measures every key page:
//  - SQL statements per page and their time, from the server's driver totals (/api/query-stats,
//    admin-only, on because QUERY_STATS=on) around 20 sequential requests;
//  - autocannon at concurrency 1 and 20: requests/s, p50, p95, p99 (exact, from every response).
// Prints a markdown table and writes it to bench/results.md.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { openPglite, openPostgres, type DbHandle } from "@/lib/db/client";
import { codeHash, openCode } from "@/lib/auth/code-store";
import { GENERATED_CODES, generateSchool, PRESETS, type PresetName } from "@/lib/db/generate-school";
import { runMigrations } from "@/lib/db/migrate";
import { freePort, PortalServer, type Target } from "./lib/portal-server";
import { ensureTwoSemesters } from "./lib/bench-terms";
import {
  attendanceGridLatency,
  gradeGridLatency,
  latencyTable,
  pageWeights,
  rollCallLatency,
  rollCallTable,
  withBrowser,
  type GridLatency,
} from "./lib/bench-frontend";
import { dateInTimeZone, isWeekday } from "@/lib/domain/dates";
import { schoolDayNear } from "@/lib/domain/roll-call";

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
// Access codes are hashed and sealed with CODE_KEY or the session secret (decision 019). The bench's
// servers get a new session secret each run, so the generated school and every server share this key.
process.env.CODE_KEY ||= "bench-only access-code key, never a real school's";
const presetName = (option("preset") ?? "school") as PresetName;
// --schools N: a district of N schools of the preset (issue 42); the pages are the first school's.
const schools = Number(option("schools") ?? 1);
const dataName = schools > 1 ? `${presetName}-x${schools}` : presetName;
const duration = Number(option("duration") ?? 10);
const onlyPages = option("pages")?.split(",");
// --terms: two semesters over the data (made once, the first published), and the whole-school term report-card PDF measured.
const withTerms = process.argv.includes("--terms");
const fresh = process.argv.includes("--fresh");
const frontEnd = !process.argv.includes("--no-frontend");
const outFile = option("out") ?? "bench/results.md";
/** Processes serving the load (WEB_CONCURRENCY): one per core on PostgreSQL by default; PGlite has one. */
const workersOption = option("workers");

interface Page {
  name: string;
  method: "GET" | "POST";
  path: string;
  cookie: string;
  body?: string;
  /** Text the response must contain, so a sign-in screen or an error never counts as a page. */
  expect: string;
}

interface Row {
  page: string;
  queries: number;
  sqlMs: number;
  serverMs: number;
  runs: Record<number, { rps: number; p50: number; p95: number; p99: number; bad: number }>;
}

async function openTarget(): Promise<{ target: Target; open: () => DbHandle }> {
  const pg = process.env.DATABASE_URL;
  if (!pg) {
    const dir =
      process.env.DATA_DIR && process.env.DATA_DIR !== "./data" ? process.env.DATA_DIR : `bench-data/${dataName}`;
    if (fresh) fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    return {
      target: { engine: "PGlite", env: { DATABASE_URL: "", DATA_DIR: dir }, location: dir, cleanup: async () => {} },
      open: () => openPglite(dir),
    };
  }
  const name = process.env.BENCH_DB ?? `portal_bench_${dataName.replace("-", "_")}`;
  const admin = new Client({ connectionString: pg });
  await admin.connect();
  if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pg);
  url.pathname = `/${name}`;
  return {
    target: {
      engine: "PostgreSQL",
      env: { DATABASE_URL: url.toString() },
      location: url.toString(),
      cleanup: async () => {},
    },
    open: () => openPostgres(url.toString()),
  };
}

/** Generates the preset on first use; finds the people and classes the pages need. */
async function prepare(open: () => DbHandle) {
  const handle = open();
  try {
    await runMigrations(handle);
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as { rows: T[] }).rows;
    const [users] = await rows<{ n: number; gen: number }>(
      sql`select count(*)::int as n, count(*) filter (where code_hash = ${codeHash(GENERATED_CODES.admin)})::int as gen from users`,
    );
    if (users!.n === 0) {
      console.log(`Generating the ${dataName} preset (first run on this database)...`);
      const r = await generateSchool(handle.ownerDb, PRESETS[presetName], { schools, log: (l) => console.log(l) });
      console.log(`Generated in ${(r.ms / 1000).toFixed(1)} s.`);
    } else if (users!.gen === 0) {
      throw new Error(
        "this database holds a school that db:generate did not make; the bench needs its own (use --fresh or another database)",
      );
    }
    const [student] = await rows<{
      id: number;
      name: string;
      phone: string;
      homeroom: string;
      class_name: string;
      teacher_code: string;
      parent_code: string;
    }>(sql`
      select s.id, s.name, s.parent1_number as phone, l.code as homeroom, l.name as class_name, t.code_sealed as teacher_code,
        (select p.code_sealed from guardian_links g join users p on p.id = g.parent_id where g.student_id = s.id and g.removed_at is null order by g.id limit 1) as parent_code
      from users s join student_enrollment e on e.student_id = s.id join levels l on l.code = e.level_code and l.period = '1' join users t on t.id = l.teacher_id
      where s.code_hash = ${codeHash(GENERATED_CODES.student(1))}`);
    const [sizes] = await rows<{
      students: number;
      assignments: number;
      days: number;
      classes: number;
      all_students: number;
    }>(sql`select
      (select count(*) from student_enrollment where level_code = ${student!.homeroom})::int as students,
      (select count(*) from assignments where level_code = ${student!.homeroom})::int as assignments,
      (select count(distinct date) from attendance where level_code = ${student!.homeroom})::int as days,
      (select count(*) from levels)::int as classes,
      (select count(*) from users where role = 'student')::int as all_students`);
    // The grading queue (issue 44) opens on one of the homeroom's assignments.
    const [queued] = await rows<{ id: number }>(
      sql`select id from assignments where level_code = ${student!.homeroom} order by id limit 1`,
    );
    const [version] = await rows<{ v: string }>(sql`select version() as v`);
    const pdfTerm = withTerms ? await ensureTwoSemesters(rows) : null;
    // A report-card link for the student's first guardian (the token is known only to the bench).
    const reportToken = crypto.randomBytes(24).toString("base64url");
    const [link] = await rows<{ id: number }>(sql`
      insert into report_card_links (guardian_link_id, token_hash, expires_at)
      select id, ${crypto.createHash("sha256").update(reportToken).digest("hex")}, now() + interval '1 day'
      from guardian_links where student_id = ${student!.id} and removed_at is null order by id limit 1 returning id`);
    if (!link)
      throw new Error("the measured student has no guardian linked: the generated parents' numbers should match");
    return {
      student: student!,
      sizes: sizes!,
      version: version!.v.split(" on ")[0]!,
      reportToken,
      pdfTerm,
      queuedAssignment: queued!.id,
    };
  } finally {
    await handle.close();
  }
}

async function sqlTotals(server: PortalServer, adminCookie: string): Promise<{ queries: number; ms: number }> {
  const res = await fetch(`${server.base}/api/query-stats`, { headers: { cookie: adminCookie } });
  if (!res.ok) throw new Error(`/api/query-stats answered ${res.status}`);
  return (await res.json()) as { queries: number; ms: number };
}

function request(server: PortalServer, page: Page, client: string) {
  return {
    method: page.method,
    path: page.path,
    body: page.body,
    headers: {
      cookie: page.cookie,
      origin: server.base,
      "content-type": "application/json",
      "x-forwarded-for": client,
    },
  };
}

async function fetchPage(server: PortalServer, page: Page): Promise<{ status: number; text: string }> {
  const r = request(server, page, "10.9.9.9");
  const res = await fetch(`${server.base}${page.path}`, { method: r.method, headers: r.headers, body: r.body });
  return { status: res.status, text: await res.text() };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function load(server: PortalServer, page: Page, connections: number) {
  const times: number[] = [];
  let bad = 0;
  let conn = 0;
  const instance = autocannon({
    url: server.base,
    connections,
    duration,
    requests: [
      {
        ...request(server, page, ""),
        // One client address per connection, as 20 different parents would have.
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          context.client ??= `10.8.${Math.floor(conn / 250)}.${conn++ % 250}`;
          return {
            ...req,
            headers: { ...(req.headers as Record<string, string>), "x-forwarded-for": context.client as string },
          };
        },
      },
    ],
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & autocannon.Instance;
  void instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (status !== 200) bad++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    rps: round(times.length / duration),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    bad: bad + result.errors + result.timeouts,
  };
}

/**
 * The issue's grid sizes (300 × 40 grades, 35 × 180 attendance), each on its own small PGlite
 * school, and a 10 × 5 grid as the floor: what a keystroke costs in this browser on this machine
 * (next frame + paint, software-rendered) when the grid itself costs nothing.
 */
async function issueSizedGrids(browser: Parameters<typeof gradeGridLatency>[0]): Promise<GridLatency[]> {
  const out: GridLatency[] = [];
  const shapes = [
    { students: 10, classes: 1, assignments: 5, days: 10, grid: "grades" as const },
    { students: 300, classes: 1, assignments: 40, days: 180, grid: "grades" as const },
    { students: 35, classes: 1, assignments: 40, days: 180, grid: "attendance" as const },
  ];
  for (const shape of shapes) {
    const dir = fs.mkdtempSync(`${os.tmpdir()}/portal-bench-grid-`);
    try {
      const handle = openPglite(dir);
      await runMigrations(handle);
      await generateSchool(handle.ownerDb, shape);
      const code = ((await handle.db.execute(sql`select code from levels limit 1`)) as { rows: { code: string }[] })
        .rows[0]!.code;
      await handle.close();
      const server = new PortalServer(
        { engine: "PGlite", env: { DATABASE_URL: "", DATA_DIR: dir }, location: dir, cleanup: async () => {} },
        await freePort(),
      );
      try {
        await server.start();
        const cookie = await server.signIn(GENERATED_CODES.instructor(1));
        out.push(
          shape.grid === "grades"
            ? await gradeGridLatency(
                browser,
                server.base,
                cookie,
                `/level/${code}/update?tab=grades`,
                `${shape.students} × ${shape.assignments}`,
              )
            : await attendanceGridLatency(
                browser,
                server.base,
                cookie,
                `/level/${code}/update?tab=attendance&view=grid`,
                `${shape.students} × ${shape.days}`,
              ),
        );
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

async function main() {
  const { target, open } = await openTarget();
  const workers = target.engine === "PGlite" ? 1 : Number(workersOption ?? os.cpus().length);
  const prep = await prepare(open);
  const { student, sizes } = prep;
  // One secret for both servers below, so the cookies signed in on the first stay valid.
  const secret = crypto.randomBytes(24).toString("base64url");
  // The phone lookup and its report card are measured in the spec's open mode, like for like with
  // earlier figures; the report-card link is what verified mode (the default) serves instead.
  // WORKERS=off: the job worker's polling would land in the pages' statement counts.
  const serverEnv = { QUERY_STATS: "on", PARENT_LOOKUPS_PER_MINUTE: "10000", PARENT_PORTAL: "open", WORKERS: "off" };
  const port = option("port") ?? (await freePort());
  let server = new PortalServer(target, port, secret, serverEnv);
  const rows: Row[] = [];
  let frontEndReport = "";
  let lettersReport = "";
  let pdfReport = "";
  try {
    await server.start();
    const cookies = {
      student: await server.signIn(GENERATED_CODES.student(1)),
      instructor: await server.signIn(openCode(student.teacher_code)!),
      admin: await server.signIn(GENERATED_CODES.admin),
      parent: await server.signIn(openCode(student.parent_code)!),
    };
    const report = JSON.stringify({ phone: student.phone, studentId: student.id });
    const h = student.homeroom;
    // The roll call of today (the generated records end yesterday), or of the last school day on
    // a weekend: named with ?day= so the page measured does not depend on the calendar.
    const today = dateInTimeZone(new Date(), "UTC");
    const rollDay = isWeekday(today) ? today : schoolDayNear(today, -1);
    const pages: Page[] = (
      [
        {
          name: "home · student",
          method: "GET" as const,
          path: "/",
          cookie: cookies.student,
          expect: student.class_name,
        },
        { name: "home · instructor", method: "GET" as const, path: "/", cookie: cookies.instructor, expect: h },
        { name: "home · admin", method: "GET" as const, path: "/", cookie: cookies.admin, expect: "Admin" },
        { name: "home · parent", method: "GET" as const, path: "/", cookie: cookies.parent, expect: student.name },
        {
          name: "class page · student",
          method: "GET" as const,
          path: `/level/${h}`,
          cookie: cookies.student,
          expect: student.class_name,
        },
        {
          name: "class grades · student",
          method: "GET" as const,
          path: `/level/${h}?tab=grades`,
          cookie: cookies.student,
          expect: student.class_name,
        },
        {
          name: "report card · parent",
          method: "GET" as const,
          path: `/children/${student.id}`,
          cookie: cookies.parent,
          expect: student.class_name,
        },
        {
          name: "dashboard Summary",
          method: "GET" as const,
          path: `/level/${h}/update`,
          cookie: cookies.instructor,
          expect: student.class_name,
        },
        // Issue 27: a published term's Summary, read from its stored cards.
        ...(prep.pdfTerm
          ? [
              {
                name: "Summary · published term",
                method: "GET" as const,
                path: `/level/${h}/update?term=${prep.pdfTerm.id}`,
                cookie: cookies.instructor,
                expect: student.class_name,
              },
            ]
          : []),
        {
          name: "Grades grid",
          method: "GET" as const,
          path: `/level/${h}/update?tab=grades`,
          cookie: cookies.instructor,
          expect: student.name,
        },
        {
          name: "Attendance grid",
          method: "GET" as const,
          path: `/level/${h}/update?tab=attendance&view=grid`,
          cookie: cookies.instructor,
          expect: student.name,
        },
        {
          name: "roll call",
          method: "GET" as const,
          path: `/level/${h}/update?tab=attendance&day=${rollDay}`,
          cookie: cookies.instructor,
          expect: student.name,
        },
        {
          name: "grading queue · next student",
          method: "GET" as const,
          path: `/level/${h}/update/queue?assignment=${prep.queuedAssignment}&student=${student.id}&filter=all`,
          cookie: cookies.instructor,
          expect: student.name,
        },
        {
          name: "admin Classes tab",
          method: "GET" as const,
          path: "/admin",
          cookie: cookies.admin,
          expect: "Classes (",
        },
        {
          name: "parent lookup",
          method: "POST" as const,
          path: "/api/parent/lookup",
          cookie: "",
          body: JSON.stringify({ phone: student.phone }),
          expect: student.name,
        },
        {
          name: "parent report card",
          method: "POST" as const,
          path: "/api/parent/report",
          cookie: "",
          body: report,
          expect: student.class_name,
        },
        {
          name: "report-card link",
          method: "GET" as const,
          path: `/r/${prep.reportToken}`,
          cookie: "",
          expect: student.class_name,
        },
      ] satisfies Page[]
    ).filter((p) => !onlyPages || onlyPages.some((o) => p.name.includes(o)));

    // SQL statements and server time, from one process: the driver's totals are per process.
    for (const page of pages) {
      const check = await fetchPage(server, page);
      if (check.status !== 200 || !check.text.includes(page.expect)) {
        throw new Error(
          `${page.name}: answered ${check.status} without "${page.expect}" — not the page we meant to measure`,
        );
      }
      for (let i = 0; i < 5; i++) await fetchPage(server, page); // warm up
      // Sequential requests: every statement between the two readings belongs to this page
      // (the second reading's own session check is subtracted).
      const N = 20;
      const before = await sqlTotals(server, cookies.admin);
      const started = performance.now();
      for (let i = 0; i < N; i++) await fetchPage(server, page);
      const serverMs = (performance.now() - started) / N;
      const after = await sqlTotals(server, cookies.admin);
      const probe = await sqlTotals(server, cookies.admin);
      const statsCost = { queries: probe.queries - after.queries, ms: probe.ms - after.ms };
      const queries = (after.queries - before.queries - statsCost.queries) / N;
      const sqlMs = (after.ms - before.ms - statsCost.ms) / N;
      rows.push({ page: page.name, queries, sqlMs, serverMs, runs: {} });
    }
    if (workers > 1) {
      await server.stop();
      server = new PortalServer(target, port, secret, { ...serverEnv, WEB_CONCURRENCY: String(workers) });
      await server.start();
    }
    // Throughput and latency, with the production process count.
    for (const [i, page] of pages.entries()) {
      for (let k = 0; k < 10; k++) await fetchPage(server, page); // warm up every process
      const row = rows[i]!;
      for (const c of [1, 20]) row.runs[c] = await load(server, page, c);
      console.log(
        `${page.name.padEnd(22)} ${row.queries.toFixed(1)} queries, SQL ${row.sqlMs.toFixed(1)} ms, server ${row.serverMs.toFixed(1)} ms; c=1 p95 ${row.runs[1]!.p95} ms; c=20 ${row.runs[20]!.rps} req/s p95 ${row.runs[20]!.p95} ms`,
      );
    }
    if (frontEnd) {
      frontEndReport = await withBrowser(async (browser) => {
        const weights = await pageWeights(
          browser,
          server.base,
          pages.filter((p) => p.method === "GET"),
        );
        // With --pages, only the browser measures of the pages chosen.
        const chosen = (name: string) => pages.some((p) => p.name === name);
        const grids = [
          ...(chosen("Grades grid")
            ? [
                await gradeGridLatency(
                  browser,
                  server.base,
                  cookies.instructor,
                  `/level/${h}/update?tab=grades`,
                  `${sizes.students} × ${sizes.assignments}`,
                ),
              ]
            : []),
          ...(chosen("Attendance grid")
            ? [
                await attendanceGridLatency(
                  browser,
                  server.base,
                  cookies.instructor,
                  `/level/${h}/update?tab=attendance&view=grid`,
                  `${sizes.students} × ${sizes.days}`,
                ),
              ]
            : []),
        ];
        const roll = chosen("roll call")
          ? [
              await rollCallLatency(
                browser,
                server.base,
                cookies.instructor,
                `/level/${h}/update?tab=attendance&day=${rollDay}`,
                `${sizes.students} students`,
              ),
            ]
          : [];
        const allGrids = [...grids, ...(onlyPages ? [] : await issueSizedGrids(browser))];
        return [
          "### Front end (Chromium)",
          "",
          "JavaScript: every script the page loaded, compressed as served (`encodedBodySize` of resource entries), after the network went idle. CLS: layout-shift entries without recent input, from the first paint.",
          "",
          weights,
          "",
          ...(allGrids.length
            ? [
                "Grid keystrokes: from each keydown's timestamp to the end of the next frame (so ~8 ms of waiting for the frame is in every figure); 10 rounds of arrows and of cell edits with their saves, then 40 rows down and back up (crossing the rendered window in a long class). Event Timing lists only entries of 16 ms or more. Headless Chromium here paints in software (--disable-gpu) on the same 2 cores as the server.",
                "",
                latencyTable(allGrids),
                "",
              ]
            : []),
          ...(roll.length
            ? [
                'Roll call: a mark set with a click, then with a letter key, one at a time; from the event\'s timestamp to the next frame (the mark on screen, before the save) and to the "Attendance updated for …" note naming that student (the server action has answered and the note is rendered). The first mark of a day without records also adds the day.',
                "",
                rollCallTable(roll),
                "",
              ]
            : []),
        ].join("\n");
      });
    }
    if (prep.pdfTerm) pdfReport = await measureTermPdf(server, cookies.admin, prep.pdfTerm);
    if (!onlyPages || onlyPages.includes("letters")) lettersReport = await measureLetters(server, cookies.admin);
  } finally {
    await server.stop();
  }

  const target95 =
    target.engine === "PostgreSQL" ? (presetName === "district" ? 500 : 150) : presetName === "district" ? null : 300;
  const cpu = os.cpus();
  const header = [
    `## ${presetName} preset${schools > 1 ? `, a district of ${schools} such schools (pages of the first),` : ""} on ${target.engine} — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, ${prep.version}.`,
    `Data: ${sizes.all_students.toLocaleString("en-US")} students in the install, ${sizes.classes} classes in the school; the measured class ${student.homeroom} has ${sizes.students} students, ${sizes.assignments} assignments, ${sizes.days} days of attendance.`,
    `Load: autocannon on loopback, ${duration} s per page and concurrency, against ${workers} server process${workers > 1 ? "es (WEB_CONCURRENCY)" : ""}; queries and SQL time from the server's driver over 20 sequential requests to one process; server = mean wall time of those requests.`,
    target95
      ? `Targets: p95 at concurrency 20 ≤ ${target95} ms; ≤ 8 queries; server ≤ 2 × SQL.`
      : "No p95 target for this preset on this engine.",
    "",
  ];
  const table = [
    "| page | queries | SQL ms | server ms | server / SQL | c=1 req/s | c=1 p50 | c=1 p95 | c=1 p99 | c=20 req/s | c=20 p50 | c=20 p95 | c=20 p99 | non-200 | p95 target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => {
      const a = r.runs[1]!;
      const b = r.runs[20]!;
      const met = target95 === null ? "—" : b.p95 <= target95 ? "met" : "**not met**";
      return `| ${r.page} | ${r.queries.toFixed(1)} | ${r.sqlMs.toFixed(1)} | ${r.serverMs.toFixed(1)} | ${(r.serverMs / Math.max(r.sqlMs, 0.01)).toFixed(1)} | ${a.rps} | ${a.p50} | ${a.p95} | ${a.p99} | ${b.rps} | ${b.p50} | ${b.p95} | ${b.p99} | ${a.bad + b.bad} | ${met} |`;
    }),
  ];
  const terms = prep.pdfTerm
    ? [`Terms: two semesters over the data (${prep.pdfTerm.title} published); pages open on today's term.`, ""]
    : [];
  const out = [...header, ...terms, ...table, "", pdfReport, "", lettersReport, "", frontEndReport].join("\n");
  console.log(`\n${out}`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${out}\n`);
  console.log(`Written to ${outFile}.`);
  if (rows.some((r) => r.runs[1]!.bad + r.runs[20]!.bad > 0)) {
    console.error("bench: some requests did not answer 200 — the figures above are not trustworthy");
    process.exitCode = 1;
  }
}

/** Resident set of a process group, now and at its peak (VmRSS, VmHWM from /proc, Linux). */
function groupMemory(pgid: number): { rssMb: number; peakMb: number } {
  let rss = 0;
  let peak = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state ppid pgrp …
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended while we read
    }
  }
  return { rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) };
}

/** The published term's report cards for the whole school, one request: time to the last byte and the server's memory. */
async function measureTermPdf(
  server: PortalServer,
  adminCookie: string,
  term: { id: number; title: string },
): Promise<string> {
  const before = server.pid ? groupMemory(server.pid) : null;
  const started = performance.now();
  const res = await fetch(`${server.base}/admin/report-cards?term=${term.id}&scope=school`, {
    headers: { cookie: adminCookie },
  });
  let bytes = 0;
  let first = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!first) first = performance.now() - started;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = server.pid ? groupMemory(server.pid) : null;
  if (res.status !== 200 || bytes === 0) throw new Error(`term report-card PDF answered ${res.status}`);
  const memory =
    before && after
      ? `; server RSS ${before.rssMb} MB before, peak ${after.peakMb} MB (VmHWM of the server's processes)`
      : "";
  const line = `Term report-card PDF, whole school (${term.title}): ${(bytes / 1e6).toFixed(1)} MB, first byte after ${(first / 1000).toFixed(1)} s, last byte after ${seconds.toFixed(1)} s${memory}.`;
  console.log(line);
  return line;
}

/**
 * Parent letters for the whole school in one request (decision 004: target under 10 s on PGlite
 * for 2,000 students). Measured last: printing rotates every guardian's report-card link.
 */
async function measureLetters(server: PortalServer, adminCookie: string): Promise<string> {
  const started = performance.now();
  const res = await fetch(`${server.base}/admin/letters`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
    body: "scope=school",
  });
  const html = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const letters = html.match(/data-testid="parent-letter"/g)?.length ?? 0;
  if (res.status !== 200 || letters === 0)
    throw new Error(`parent letters answered ${res.status} with ${letters} letters`);
  const line = `Parent letters, whole school in one request: ${letters.toLocaleString("en-US")} letters (${(html.length / 2 ** 20).toFixed(1)} MB of HTML with QR codes) in ${seconds.toFixed(1)} s to the last byte.`;
  console.log(line);
  return line;
}

main().catch((err) => {
  console.error(`bench failed: ${(err as Error).message}`);
  process.exit(1);
});
