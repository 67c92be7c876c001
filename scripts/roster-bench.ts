// npm exec tsx -- --conditions=react-server scripts/roster-bench.ts [--students 2000] [--line-items 36] [--no-postgres]
// The roster import at the school preset's size (issue 18): generates a OneRoster 1.1 zip (2,000
// students, 120 staff, 100 classes, 10,000 student enrollments, 2,000 guardians, and the
// gradebook: 4 categories, 36 line items per class and a result for every enrolled student on
// each, 360,000 results, and 2,000 birth dates), then on PGlite (a temporary data folder) and on
// PostgreSQL (a fresh database on the server named by BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) measures the dry run, the apply, a second identical
// import (expected: 0 changes) and the export of the school it made, with the process's peak RSS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { Client } from "pg";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { oneRosterZip } from "@/lib/export/oneroster";
import { applyRosterImport, previewRosterImport, type RosterRun } from "@/lib/roster/import";
import { problemText } from "@/lib/roster/problems";
import type { RosterUpload } from "@/lib/roster/read-upload";
import {
  CLASSES_HEADER,
  csv,
  ENROLLMENTS_HEADER,
  manifest,
  SESSIONS_HEADER,
  USERS_HEADER,
} from "@/lib/roster/test-support";
import {
  CATEGORIES_HEADER,
  DEMOGRAPHICS_HEADER,
  LINEITEMS_HEADER,
  RESULTS_HEADER,
} from "@/lib/roster/test-support-gradebook";

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const STUDENTS = option("students", 2_000);
const CLASSES = option("classes", 100);
const TEACHERS = 110;
const ADMINS = 10;
const PER_STUDENT = 5;
const LINE_ITEMS = option("line-items", 36);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const FIRST = [
  "Ava",
  "Liam",
  "Maya",
  "Noah",
  "Zoë",
  "Omar",
  "Ines",
  "Kai",
  "Lena",
  "Ravi",
  "Sofía",
  "Theo",
  "Yuki",
  "Ben",
  "Chloé",
  "Dara",
];
const LAST = [
  "Johnson",
  "Kim",
  "García",
  "Nguyen",
  "O'Brien",
  "Smith, Jr.",
  "Müller",
  "Rossi",
  "Haddad",
  "Okafor",
  "Silva",
  "Novak",
];
const pad = (n: number, w = 5) => String(n).padStart(w, "0");
const person = (i: number): [string, string] => [
  FIRST[i % FIRST.length]!,
  LAST[Math.floor(i / FIRST.length) % LAST.length]!,
];

/** A school's OneRoster 1.1 bulk export, as a zip. */
function generateZip(): { upload: RosterUpload; counts: Record<string, number>; bytes: number } {
  const users: string[][] = [USERS_HEADER];
  const row = (
    id: string,
    role: string,
    i: number,
    extra: { username?: string; email?: string; phone?: string; agents?: string } = {},
  ) => {
    const [given, family] = person(i);
    return [
      id,
      "",
      "2024-08-01T00:00:00.000Z",
      "true",
      "org1",
      role,
      extra.username ?? "",
      "",
      given,
      family,
      "",
      "",
      extra.email ?? "",
      "",
      extra.phone ?? "",
      extra.agents ?? "",
      "",
      "sis-password",
    ];
  };
  for (let t = 1; t <= TEACHERS; t++)
    users.push(
      row(`tch-${pad(t)}`, "teacher", t * 7, {
        username: `teacher${pad(t, 3)}`,
        email: `teacher${pad(t, 3)}@school.example`,
      }),
    );
  for (let a = 1; a <= ADMINS; a++)
    users.push(row(`adm-${pad(a)}`, "administrator", a * 11, { username: `admin${pad(a, 2)}` }));
  for (let s = 1; s <= STUDENTS; s++)
    users.push(row(`stu-${pad(s)}`, "student", s, { username: `student${pad(s)}`, agents: `par-${pad(s)}` }));
  for (let p = 1; p <= STUDENTS; p++)
    users.push(
      row(`par-${pad(p)}`, p % 10 === 0 ? "relative" : p % 2 ? "parent" : "guardian", p + 3, {
        phone: `555-7${pad(p, 6)}`,
        agents: `stu-${pad(p)}`,
        email: `family${pad(p)}@mail.example`,
      }),
    );

  const classes: string[][] = [CLASSES_HEADER];
  for (let c = 0; c < CLASSES; c++)
    classes.push([
      `cls-${pad(c)}`,
      "",
      "2024-08-01T00:00:00.000Z",
      `Course ${c % 20} section ${Math.floor(c / 20) + 1}`,
      String(9 + (c % 4)),
      `crs-${c % 20}`,
      `C${pad(c, 3)}`,
      "scheduled",
      "",
      "org1",
      "sem1",
      "",
      "",
      String((c % 5) + 1),
    ]);

  const enrollments: string[][] = [ENROLLMENTS_HEADER];
  let e = 0;
  for (let c = 0; c < CLASSES; c++)
    enrollments.push([
      `enr-${pad(++e, 6)}`,
      "",
      "",
      `cls-${pad(c)}`,
      "org1",
      `tch-${pad((c % TEACHERS) + 1)}`,
      "teacher",
      "true",
      "2024-08-15",
      "",
    ]);
  const blocks = CLASSES / PER_STUDENT;
  for (let s = 1; s <= STUDENTS; s++) {
    for (let k = 0; k < PER_STUDENT; k++)
      enrollments.push([
        `enr-${pad(++e, 6)}`,
        "",
        "",
        `cls-${pad(k * blocks + (s % blocks))}`,
        "org1",
        `stu-${pad(s)}`,
        "student",
        "false",
        "2024-08-15",
        "",
      ]);
  }
  // The gradebook: line items per class, a result for each enrolled student on each (360,000 at the preset).
  const categories = [
    CATEGORIES_HEADER,
    ["cat-hw", "", "", "Homework"],
    ["cat-quiz", "", "", "Quiz"],
    ["cat-test", "", "", "Test"],
    ["cat-proj", "", "", "Project"],
  ];
  const categoryIds = ["cat-hw", "cat-quiz", "cat-test", "cat-proj"];
  const lineItems: string[][] = [LINEITEMS_HEADER];
  const maxOf = (i: number) => [10, 20, 50, 100][i % 4]!;
  const day = (n: number) => new Date(Date.UTC(2024, 8, 2) + n * 86_400_000).toISOString().slice(0, 10);
  for (let c = 0; c < CLASSES; c++) {
    for (let i = 0; i < LINE_ITEMS; i++) {
      lineItems.push([
        `li-${pad(c, 3)}-${pad(i, 2)}`,
        "",
        "",
        `Assignment ${i + 1}`,
        `Work ${i + 1} of course ${c % 20}`,
        `${day(i * 4)}T08:00:00.000Z`,
        `${day(i * 4 + 7)}T23:59:00.000Z`,
        `cls-${pad(c)}`,
        categoryIds[i % 4]!,
        i < 18 ? "sem1" : "sem2",
        "0",
        String(maxOf(i)),
      ]);
    }
  }
  const rosters: string[][] = Array.from({ length: CLASSES }, () => []);
  for (let s = 1; s <= STUDENTS; s++)
    for (let k = 0; k < PER_STUDENT; k++) rosters[k * blocks + (s % blocks)]!.push(`stu-${pad(s)}`);
  const results: string[][] = [RESULTS_HEADER];
  for (let c = 0; c < CLASSES; c++) {
    for (let i = 0; i < LINE_ITEMS; i++) {
      const max = maxOf(i);
      for (const [n, student] of rosters[c]!.entries()) {
        const score = ((n * 7 + i * 13 + c) % (max * 2 + 1)) / 2;
        results.push([
          `res-${pad(c, 3)}-${pad(i, 2)}-${student}`,
          "",
          "",
          `li-${pad(c, 3)}-${pad(i, 2)}`,
          student,
          "fully graded",
          String(score),
          day(i * 4 + 9),
          n % 5 === 0 ? "Good work, see comments" : "",
        ]);
      }
    }
  }
  const demographics = [
    DEMOGRAPHICS_HEADER,
    ...Array.from({ length: STUDENTS }, (_, i) => [
      `stu-${pad(i + 1)}`,
      "",
      "",
      `20${10 + (i % 2)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      "",
    ]),
  ];

  const sessions = [
    SESSIONS_HEADER,
    ["sy", "", "", "2024-25", "schoolYear", "2024-08-15", "2025-06-10", "", "2025"],
    ["sem1", "", "", "Fall", "semester", "2024-08-15", "2024-12-20", "sy", "2025"],
    ["sem2", "", "", "Spring", "semester", "2025-01-06", "2025-06-10", "sy", "2025"],
  ];
  const courses = [
    [
      "sourcedId",
      "status",
      "dateLastModified",
      "schoolYearSourcedId",
      "title",
      "courseCode",
      "grades",
      "orgSourcedId",
      "subjects",
      "subjectCodes",
    ],
    ...Array.from({ length: 20 }, (_, i) => [`crs-${i}`, "", "", "sy", `Course ${i}`, `CRS${i}`, "", "org1", "", ""]),
  ];
  const files: Record<string, string> = {
    "manifest.csv": manifest({
      users: "bulk",
      classes: "bulk",
      enrollments: "bulk",
      academicSessions: "bulk",
      orgs: "bulk",
      courses: "bulk",
      demographics: "bulk",
      categories: "bulk",
      lineItems: "bulk",
      results: "bulk",
    }),
    "orgs.csv": csv([
      ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
      ["org1", "", "", "Bench High", "school", "", ""],
    ]),
    "academicSessions.csv": csv(sessions),
    "courses.csv": csv(courses),
    "users.csv": csv(users, { bom: true, eol: "\r\n" }),
    "classes.csv": csv(classes),
    "enrollments.csv": csv(enrollments),
    "demographics.csv": csv(demographics),
    "categories.csv": csv(categories),
    "lineItems.csv": csv(lineItems),
    "results.csv": csv(results),
  };
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])));
  return {
    upload: { label: "bench-oneroster.zip", files: [{ name: "bench-oneroster.zip", bytes: zip }] },
    counts: {
      users: users.length - 1,
      students: STUDENTS,
      staff: TEACHERS + ADMINS,
      guardians: STUDENTS,
      classes: CLASSES,
      enrollments: enrollments.length - 1,
      lineItems: lineItems.length - 1,
      results: results.length - 1,
    },
    bytes: zip.length,
  };
}

/** Runs fn, sampling the process's RSS every 5 ms and at every progress report. */
async function measured<T extends RosterRun>(
  fn: (sample: () => void) => Promise<T>,
): Promise<{ run: T; ms: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  const start = performance.now();
  try {
    const run = await fn(sample);
    sample();
    return { run, ms: performance.now() - start, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

interface Figures {
  engine: string;
  /** RSS with the database open and migrated, before the import (PGlite's WASM heap is in-process). */
  baseMb: number;
  dryRun: { ms: number; peakMb: number; changes: number };
  apply: { ms: number; peakMb: number; changes: number; created: number };
  second: { ms: number; peakMb: number; changes: number };
  secondDryRun: { ms: number; peakMb: number; changes: number };
  exported: { ms: number; peakMb: number; bytes: number };
}

async function bench(engine: string, handle: DbHandle, upload: RosterUpload): Promise<Figures> {
  await runMigrations(handle);
  setDbHandle(handle);
  // The school preset has 10 administrators: a first import creates them only when allowed (issue 29).
  const opts = { actorId: null, source: "cli" as const, allowNewAdmins: true };
  global.gc?.();
  const baseMb = process.memoryUsage().rss / 1024 / 1024;
  const dry = await measured((sample) => previewRosterImport(upload, { ...opts, onProgress: sample }));
  if (!dry.run.ok)
    throw new Error(
      `dry run refused: ${dry.run.problems
        .slice(0, 5)
        .map((p) => problemText(p, "en"))
        .join("; ")}`,
    );
  const apply = await measured((sample) =>
    applyRosterImport(upload, { ...opts, onProgress: sample, expectFingerprint: dry.run.fingerprint }),
  );
  if (!apply.run.applied) throw new Error("apply refused");
  const secondDry = await measured((sample) => previewRosterImport(upload, { ...opts, onProgress: sample }));
  const second = await measured((sample) => applyRosterImport(upload, { ...opts, onProgress: sample }));
  // The export of the school the import made (the gradebook included).
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const exportStart = performance.now();
  const zip = await oneRosterZip({ schoolName: "Bench High", timeZone: "UTC" });
  const exported = {
    ms: performance.now() - exportStart,
    peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024,
    bytes: zip.byteLength,
  };
  clearInterval(timer);
  setDbHandle(undefined);
  const f = (m: { ms: number; peakMb: number; run: RosterRun }) => ({
    ms: m.ms,
    peakMb: m.peakMb,
    changes: m.run.changes,
  });
  return {
    engine,
    baseMb,
    dryRun: f(dry),
    apply: { ...f(apply), created: apply.run.createdUserIds.length },
    secondDryRun: f(secondDry),
    second: f(second),
    exported,
  };
}

const started = performance.now();
const gen = performance.now();
const { upload, counts, bytes } = generateZip();
console.log(
  `OneRoster zip: ${(bytes / 1024).toFixed(0)} kB (${Object.entries(counts)
    .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
    .join(", ")}), made in ${(performance.now() - gen).toFixed(0)} ms`,
);
const results: Figures[] = [];

// PostgreSQL first, so its memory figures do not carry PGlite's in-process heap.
if (!process.argv.includes("--no-postgres")) {
  const name = `roster_bench_${process.pid}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  try {
    results.push(await bench("PostgreSQL", handle, upload));
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "roster-bench-"));
try {
  const handle = openPglite(dir);
  try {
    results.push(await bench("PGlite", handle, upload));
  } finally {
    await handle.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const peak = (r: Figures) => Math.max(r.dryRun.peakMb, r.apply.peakMb, r.second.peakMb, r.secondDryRun.peakMb);
console.log(
  "\n| engine | dry run (empty portal) | apply | second import, dry run | second import, apply | peak RSS (import) | export (time, zip, peak RSS) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of results) {
  console.log(
    `| ${r.engine} | ${s(r.dryRun.ms)} (${r.dryRun.changes.toLocaleString("en-US")} changes) | ${s(r.apply.ms)} (${r.apply.created.toLocaleString("en-US")} users created) | ${s(r.secondDryRun.ms)} (${r.secondDryRun.changes} changes) | ${s(r.second.ms)} (${r.second.changes} changes) | ${peak(r).toFixed(0)} MB (+${(peak(r) - r.baseMb).toFixed(0)} MB over ${r.baseMb.toFixed(0)} MB before) | ${s(r.exported.ms)}, ${(r.exported.bytes / 1024 / 1024).toFixed(1)} MB, ${r.exported.peakMb.toFixed(0)} MB |`,
  );
}
console.log(
  `\nTotal ${s(performance.now() - started)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.`,
);
process.exit(0);
