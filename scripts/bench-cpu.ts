// PROF_DB=<database> [CPU_N=120] [CPU_PAGES=roll,admin] [CPU_PROF=folder] npx tsx --conditions=react-server scripts/bench-cpu.ts
// Issue 30: the server's own CPU time per request (utime + stime of its one process, from /proc)
// for the everyday pages, on a school made by `npm run bench -- --preset school --terms` with
// BENCH_DB=<database>. On a machine shared with other work a rate (req/s) measures the neighbours;
// the CPU a page costs the server moves much less. Uncompressed, as the bench's autocannon asks. Run it from each checkout, alternating.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { Client } from "pg";
import { codeHash, openCode } from "@/lib/auth/code-store";
import { GENERATED_CODES } from "@/lib/db/generate-school";

process.env.CODE_KEY ||= "bench-only access-code key, never a real school's";
const db = process.env.PROF_DB!;
const port = process.env.PROF_PORT ?? "3293";
const base = `http://localhost:${port}`;
const url = `postgres://postgres@127.0.0.1:5432/${db}`;
const N = Number(process.env.CPU_N ?? 150);
const cpuMs = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // clock ticks (100/s)
};
/** The CPU of every PostgreSQL process on this machine (the server's share of each page). */
const postgresCpuMs = () => {
  let ms = 0;
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") ms += cpuMs(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return ms;
};

async function main() {
  const c = new Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: number; phone: string; code: string; tcode: string; pcode: string }>(
    `select s.id, s.parent1_number as phone, l.code, t.code_sealed as tcode,
       (select p.code_sealed from guardian_links g join users p on p.id = g.parent_id where g.student_id = s.id and g.removed_at is null order by g.id limit 1) as pcode
     from users s join student_enrollment e on e.student_id = s.id join levels l on l.code = e.level_code and l.period = '1' join users t on t.id = l.teacher_id where s.code_hash = $1`,
    [codeHash(GENERATED_CODES.student(1))],
  );
  const token = "zzcpu" + Date.now();
  await c.query(
    `insert into report_card_links (school_id, guardian_link_id, token_hash, expires_at) select school_id, id, encode(sha256($1::bytea), 'hex'), now() + interval '1 day' from guardian_links where student_id = $2 and removed_at is null order by id limit 1`,
    [token, rows[0]!.id],
  );
  // A school made without --terms has none: its published-term page is left out.
  const term = (await c.query<{ id: number }>(`select id from school_terms order by start_date, id limit 1`)).rows[0]
    ?.id;
  const { id, phone, code: h, tcode, pcode } = rows[0]!;
  // The grading queue (issue 44): one of the homeroom's assignments, opened on the measured student.
  const queued = (
    await c.query<{ id: number }>(`select id from assignments where level_code = $1 order by id limit 1`, [h])
  ).rows[0]!.id;
  await c.end();
  // CPU_PROF=<folder>: the server also writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  const child = spawn("node", [...profile, "scripts/start.mjs", "-p", port], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      SESSION_SECRET: "s".repeat(40),
      WORKERS: "off",
      SEED_DEMO: "off",
      PARENT_PORTAL: "open",
      PARENT_LOOKUPS_PER_MINUTE: "10000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((r) => child.stdout.on("data", (d: Buffer) => /ready/i.test(d.toString()) && r()));
  await new Promise((r) => setTimeout(r, 1000));
  const signIn = async (code: string) => {
    const res = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ code }),
    });
    return res.headers.get("set-cookie")!.split(";")[0]!;
  };
  const d = new Date();
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  const teacher = await signIn(openCode(tcode)!);
  const student = await signIn(GENERATED_CODES.student(1));
  const admin = await signIn(GENERATED_CODES.admin);
  const parent = await signIn(openCode(pcode)!);
  const day = d.toISOString().slice(0, 10);
  // A roll-call tap as the form posts it before hydration (the same action as the list's); the
  // statuses alternate so every request writes.
  let tap = 0;
  const mark = () =>
    new URLSearchParams({ mark: `${id}:${++tap % 2 ? "late" : "present"}`, date: day, levelCode: h }).toString();
  const pages: [string, string, string, (string | (() => string))?][] = [
    ["report-card link", `/r/${token}`, ""],
    ["parent report card", `/api/parent/report`, "", JSON.stringify({ phone, studentId: id })],
    // Issue 42: the lookup reads the school's students by their parent numbers (a district's own).
    ["parent lookup", `/api/parent/lookup`, "", JSON.stringify({ phone })],
    ["roll call", `/level/${h}/update?tab=attendance&day=${day}`, teacher],
    ["roll-call mark (POST)", `/api/roll-call`, teacher, mark],
    // Issue 44: the queue's next-student step is this page for the next student.
    ["grading queue · next student", `/level/${h}/update/queue?assignment=${queued}&student=${id}&filter=all`, teacher],
    ["home · student", `/`, student],
    ["class grades · student", `/level/${h}?tab=grades`, student],
    ["admin Classes tab", `/admin`, admin],
    ["home · instructor", `/`, teacher],
    ["class page · student", `/level/${h}`, student],
    ["dashboard Summary", `/level/${h}/update`, teacher],
    ...(term === undefined
      ? []
      : [["Summary · published term", `/level/${h}/update?term=${term}`, teacher] as [string, string, string]]),
    ["report card · parent", `/children/${id}`, parent],
    // The framework's floor: a route handler that answers at once, and a page that reads nothing.
    ["floor · route handler", `/api/query-stats`, "", undefined],
    ["floor · not-found page", `/no-such-page`, ""],
  ];
  const only = process.env.CPU_PAGES?.split(",");
  for (const [name, path, cookie, body] of pages) {
    if (only && !only.some((o) => name.includes(o))) continue;
    const get = async () => {
      const form = typeof body === "function";
      const res = await fetch(
        base + path,
        body
          ? {
              method: "POST",
              body: form ? body() : body,
              redirect: "manual",
              headers: {
                cookie,
                "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
                "accept-encoding": "identity",
                origin: base,
                "x-forwarded-for": `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
              },
            }
          : { headers: { cookie, "accept-encoding": "identity" } },
      );
      const t = await res.text();
      const refused = form && (res.headers.get("location") ?? "").includes("rollcall=refused");
      if ((res.status !== (form ? 303 : 200) || refused) && !name.startsWith("floor"))
        throw new Error(`${name}: ${res.status}`);
      return t.length;
    };
    for (let i = 0; i < 25; i++) await get();
    const before = cpuMs(child.pid!);
    const dbBefore = postgresCpuMs();
    let bytes = 0;
    // 4 at a time: the server is kept busy, and its own CPU is what is counted.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < N / 4; i++) bytes = await get();
      }),
    );
    const ms = (cpuMs(child.pid!) - before) / N;
    const dbMs = (postgresCpuMs() - dbBefore) / N;
    const round = (x: number) => Math.round(x * 100) / 100;
    console.log(JSON.stringify({ page: name, cpuMsPerRequest: round(ms), postgresMsPerRequest: round(dbMs), bytes }));
  }
  process.kill(child.pid!, "SIGTERM");
  await new Promise((r) => child.on("exit", r));
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
