// npm run bench:district-roster -- [schools 20] [students per school 500]
// The district's roster (issue 42, decision 036) beside one school's, on PGlite in temporary data
// folders: the same number of students (5 classes each, a teacher for every 20) imported as one
// school's set, then as a district's set of that many schools: the apply, and the same files again
// (expected: 0 changes). Then one school's own file, into a school added beside the district's
// and into an install of its own. Prints seconds; the district's own preview too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, setDbHandle } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { forgetOverrides } from "@/lib/school-overrides";
import { runMigrations } from "@/lib/db/migrate";
import { runDistrictImport } from "@/lib/roster/district-import";
import { applyRosterImport } from "@/lib/roster/import";
import { zipUpload } from "@/lib/roster/test-support";
import { classOf, districtFiles, enrolled, personOf } from "@/lib/roster/test-support-district";

const SCHOOLS = Number(process.argv[2] ?? 20);
const PER = Number(process.argv[3] ?? 500);
/**
 * A district's set of `schools` schools of `per` students each (one school: an ordinary set), the
 * schools numbered from `first` (their people's sourcedIds and usernames follow the number).
 */
function set(schools: number, per: number, first = 0) {
  const orgs = [["d1", "", "", "District", "district", "", ""]];
  const users: string[][] = [];
  const classes: string[][] = [];
  const enrollments: string[][] = [];
  for (let s = first; s < first + schools; s++) {
    const org = `sch${s}`;
    orgs.push([org, "", "", `School ${s}`, "school", "", "d1"]);
    for (let c = 0; c < per / 20; c++) {
      const teacher = `t${s}-${c}`;
      users.push(
        personOf(org, { id: teacher, role: "teacher", given: "T", family: `${s}x${c}`, username: `teach${s}x${c}` }),
      );
      classes.push(classOf(org, { id: `c${s}-${c}`, title: `Class ${c}`, code: `C${s}X${c}` }));
      enrollments.push(
        enrolled(org, { id: `et${s}-${c}`, cls: `c${s}-${c}`, user: teacher, role: "teacher", primary: "true" }),
      );
    }
    for (let i = 0; i < per; i++) {
      const student = `s${s}-${i}`;
      users.push(
        personOf(org, { id: student, role: "student", given: "S", family: `${s}x${i}`, username: `stu${s}x${i}` }),
      );
      for (let k = 0; k < 5; k++)
        enrollments.push(
          enrolled(org, {
            id: `e${s}-${i}-${k}`,
            cls: `c${s}-${(i + k * 7) % (per / 20)}`,
            user: student,
            role: "student",
          }),
        );
    }
  }
  return districtFiles(orgs, users, classes, enrollments);
}
const opts = { actorId: null, source: "cli" as const, allowNewAdmins: true, allowDeletions: 1e9 };
async function fresh() {
  // Each install reads its own schools' settings (the process's copy would be the last one's).
  forgetOverrides();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dbench-"));
  const h = openPglite(dir);
  await runMigrations(h);
  setDbHandle(h);
  return h;
}
/** Times one run, prints it with its outcome, and returns its seconds. */
const t = async (label: string, fn: () => Promise<unknown>) => {
  const s = performance.now();
  const r = (await fn()) as { ok?: boolean; changes?: number };
  const seconds = (performance.now() - s) / 1000;
  console.log(`${label}: ${seconds.toFixed(2)} s (ok ${r.ok}, changes ${r.changes})`);
  return seconds;
};
const one: number[] = [];
{
  const h = await fresh();
  const files = set(1, SCHOOLS * PER);
  one.push(await t(`one school of ${SCHOOLS * PER} students: apply`, () => applyRosterImport(zipUpload(files), opts)));
  one.push(await t(`one school: same file again`, () => applyRosterImport(zipUpload(files), opts)));
  await h.close();
}
const district: number[] = [];
{
  const h = await fresh();
  const files = set(SCHOOLS, PER);
  await t(`${SCHOOLS} schools x ${PER}: preview`, () => runDistrictImport(zipUpload(files), { ...opts, apply: false }));
  district.push(
    await t(`${SCHOOLS} schools x ${PER}: apply`, () => runDistrictImport(zipUpload(files), { ...opts, apply: true })),
  );
  district.push(
    await t(`${SCHOOLS} schools x ${PER}: same set again`, () =>
      runDistrictImport(zipUpload(files), { ...opts, apply: true }),
    ),
  );
  // One school's own file into a school added beside the twenty (their people in the install).
  const [school] = (
    (await h.ownerDb.execute(sql`insert into schools (name) values ('Newcomer') returning id`)) as {
      rows: { id: number }[];
    }
  ).rows;
  const own = set(1, PER, SCHOOLS);
  await withSchool(Number(school!.id), async () => {
    district.push(await t(`a school of ${PER} in the district: apply`, () => applyRosterImport(zipUpload(own), opts)));
    district.push(await t(`a school in the district: same file again`, () => applyRosterImport(zipUpload(own), opts)));
  });
  await h.close();
}
{
  const h = await fresh();
  const own = set(1, PER, SCHOOLS);
  one.push(await t(`a school of ${PER} alone: apply`, () => applyRosterImport(zipUpload(own), opts)));
  one.push(await t(`a school alone: same file again`, () => applyRosterImport(zipUpload(own), opts)));
  await h.close();
}
const beside = (d: number, o: number) =>
  `${d.toFixed(1)} s against ${o.toFixed(1)} s (${d >= o ? "+" : ""}${(((d - o) / o) * 100).toFixed(0)} %)`;
console.log(`\nThe district's set beside one school's of as many students:`);
console.log(`  apply: ${beside(district[0]!, one[0]!)}`);
console.log(`  the same files again: ${beside(district[1]!, one[1]!)}`);
console.log(`One school's own file in a school of the district beside the same file in an install of its own:`);
console.log(`  apply: ${beside(district[2]!, one[2]!)}`);
console.log(`  the same file again: ${beside(district[3]!, one[3]!)}`);
