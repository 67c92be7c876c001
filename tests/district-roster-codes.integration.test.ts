import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { runDistrictImport } from "@/lib/roster/district-import";
import { formatProblem } from "@/lib/roster/problems";
import { zipUpload } from "@/lib/roster/test-support";
import { DISTRICT_ORGS, classOf, districtFiles, enrolled, personOf } from "@/lib/roster/test-support-district";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// A class code is the class's address across the install (issue 42): a district's run reads the
// schools' codes once, and each school's part leaves them as it found them for the next part,
// codes it made taken, codes it freed free. A class that moves from North to South keeps its code.

useTestDatabase();

const orgs = DISTRICT_ORGS.slice(0, 3);
const set = (historyAt: "north" | "south") =>
  districtFiles(
    orgs,
    [
      personOf("north", { id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
      personOf("south", { id: "t2", role: "teacher", given: "Sam", family: "Stone", username: "sstone" }),
    ],
    [
      classOf("north", { id: "c-alg", title: "Algebra I", code: "ALG1" }),
      classOf("south", { id: "c-sci", title: "Science 7", code: "SCI7" }),
      classOf(historyAt, { id: "c-hist", title: "History", code: "HIST" }),
    ],
    [
      enrolled("north", { id: "en1", cls: "c-alg", user: "t1", role: "teacher", primary: "true" }),
      enrolled("south", { id: "en2", cls: "c-sci", user: "t2", role: "teacher", primary: "true" }),
    ],
  );
const run = (files: Record<string, string>) =>
  runDistrictImport(zipUpload(files), { ...cli, allowDeletions: 10, apply: true });
const codesOf = async (sourcedId: string) => {
  const [school] = await queryRows<{ id: number }>(sql`select id from schools where sourced_id = ${sourcedId}`);
  return withSchool(school!.id, () =>
    queryRows<{ code: string }>(sql`select code from levels order by code`).then((r) => r.map((x) => x.code)),
  );
};

describe("a class that moves from one school of the district to another", () => {
  it("keeps its code: the school it left frees it before the next school's part plans", async () => {
    const first = await run(set("north"));
    expect(first.schools.flatMap((s) => s.run.problemGroups)).toEqual([]);
    expect(await codesOf("north")).toEqual(["ALG1", "HIST"]);
    const moved = await run(set("south"));
    const said = moved.schools.flatMap((s) => [...s.run.problems, ...s.run.warnings].map(formatProblem));
    expect(said).toEqual([]);
    expect(await codesOf("north")).toEqual(["ALG1"]);
    expect(await codesOf("south")).toEqual(["HIST", "SCI7"]);
  });
});
