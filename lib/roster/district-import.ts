import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db, queryRows, type Db } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { schoolTimeZone } from "@/lib/env";
import { holdImportGradeWrites } from "@/lib/gradebook/imported-grades";
import { msg } from "@/lib/i18n/message";
import { applyPlan, type ApplyOutcome } from "./apply";
import { readRoster, type ReadRoster } from "./dataset";
import { datasetOfSchool, rowsOfNoSchool, schoolOrgs, usersOfNoSchool } from "./district";
import { recordImport } from "./history";
import { classCodesBySchool, ownClassCodes } from "./state";
import {
  DELETION_SHARE,
  LOCK,
  type DeletionGuard,
  type RosterRun,
  type RosterRunOptions,
  deletionGuardOf,
  fingerprintOf,
  planIn,
  refusalOf,
  reportOf,
  runOf,
  summaryOf,
  touchesGrades,
  guardProblem,
  recordApplied,
  staleProblem,
} from "./import-run";
import type { RosterOrg } from "./model";
import type { Plan } from "./plan";
import { quote, type RosterProblem } from "./problems";
import type { RosterUpload } from "./read-upload";

// The district's roster (issue 42, decision 036): one OneRoster set whose orgs.csv names the
// district's schools. Each school's part (its classes by schoolSourcedId, their enrollments and
// gradebook, its people) is planned and applied in that school, one after another in one
// transaction, so a person the first school's part creates is matched, not made twice, by the
// next (one account across the district: a membership is added). Each school has its own
// problems, skip rules and removal guard: a school whose guard trips is left as it is, the others
// are applied. The preview does the same and rolls back, so its counts are the apply's.

export interface DistrictSchoolRun {
  /** The portal's school (null: the import would make it). */
  schoolId: number | null;
  orgSourcedId: string;
  name: string;
  /** The import makes the school (no school of the portal has its sourcedId or name). */
  isNew: boolean;
  run: RosterRun;
}

export interface DistrictRun {
  ok: boolean;
  applied: boolean;
  dryRun: boolean;
  schools: DistrictSchoolRun[];
  /** The set's own problems (a class of no school of the set): nothing is applied while there is one. */
  problems: RosterProblem[];
  /** People of the set in none of its schools: not imported. */
  warnings: RosterProblem[];
  /** Pass it to the apply: it refuses when the portal changed since the preview. */
  fingerprint: string;
  changes: number;
  durationMs: number;
}

class Rollback extends Error {}

interface SchoolRow {
  id: number;
  name: string;
  sourcedId: string | null;
}

interface Outcome {
  org: RosterOrg;
  school: SchoolRow;
  isNew: boolean;
  plan: Plan;
  fingerprint: string;
  guard: DeletionGuard | null;
  result: (ApplyOutcome & { importId: number }) | null;
}

export async function runDistrictImport(
  upload: RosterUpload,
  opts: RosterRunOptions & { apply: boolean; expectFingerprint?: string },
): Promise<DistrictRun> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => {});
  // Each school's time zone below is its own setting as it is now, whoever started the run.
  await refreshSchoolSettings();
  const timeZone = opts.timeZone ?? schoolTimeZone();
  const read = readRoster(upload, "oneroster", { timeZone });
  const orgs = schoolOrgs(read.dataset);
  const parts = orgs.map((org, i) => ({
    org,
    first: i === 0,
    read: { ...read, dataset: datasetOfSchool(read.dataset, org.sourcedId, i === 0) } satisfies ReadRoster,
  }));
  // A date without a zone in the set (a line item's due date) is its own school's day (decision
  // 037): a part whose school keeps another time zone than the one the set was read in is read
  // again in that zone, once per zone.
  const readsByZone = new Map<string, ReadRoster>([[timeZone, read]]);
  const readInZone = (part: (typeof parts)[number], zone: string): ReadRoster => {
    if (zone === timeZone) return part.read;
    let again = readsByZone.get(zone);
    if (!again) readsByZone.set(zone, (again = readRoster(upload, "oneroster", { timeZone: zone })));
    return { ...again, dataset: datasetOfSchool(again.dataset, part.org.sourcedId, part.first) };
  };
  const problems = [
    ...unrouted(read, orgs),
    ...rowsOfNoSchool(
      read.dataset,
      parts.map((p) => p.read.dataset),
    ).map((r): RosterProblem => ({
      file: r.file,
      line: r.line,
      column: r.what === "enrollment" ? "schoolSourcedId" : "classSourcedId",
      message: msg(
        r.what === "enrollment"
          ? "admin.rosterReport.text.enrollmentOfNoSchool"
          : "admin.rosterReport.text.lineItemOfNoSchool",
      ),
      fix: msg("admin.rosterReport.text.addClassRowDistrict"),
    })),
  ];
  const warnings = usersOfNoSchool(
    read.dataset,
    parts.map((p) => p.read.dataset),
  ).map((u): RosterProblem => ({
    file: u.ref.file,
    line: u.ref.line,
    column: "orgSourcedIds",
    message: msg("admin.rosterReport.text.personOfNoSchool"),
    fix: msg("admin.rosterReport.text.nameTheirSchool"),
  }));
  const share = opts.deletionShare ?? DELETION_SHARE;
  const setOk = problems.length === 0 || (opts.skipInvalid === true && problems.every((p) => !p.blocking));
  const outcomes: Outcome[] = [];
  let stale = false;
  let fingerprint = "";
  try {
    await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
      const schools = await queryRows<SchoolRow>(
        sql`select id, name, sourced_id as "sourcedId" from schools order by id`,
        tx,
      );
      // Every school of the set first: each part's plan knows the whole set's schools and people.
      const placed: { part: (typeof parts)[number]; school: SchoolRow; isNew: boolean }[] = [];
      for (const part of parts) {
        const { school, isNew } = await schoolOfOrg(tx, schools, part.org);
        // The org above the school (the district), which the school's own export writes back.
        const parent = read.dataset.orgs.find((o) => o.sourcedId === part.org.parentSourcedId);
        await tx.execute(
          sql`update schools set parent_sourced_id = ${parent?.sourcedId ?? null}, parent_name = ${parent?.name ?? null} where id = ${school.id} and (parent_sourced_id, parent_name) is distinct from (${parent?.sourcedId ?? null}, ${parent?.name ?? null})`,
        );
        placed.push({ part, school, isNew });
      }
      const districtSet = {
        sourcedIds: new Set(read.dataset.users.flatMap((u) => (u.sourcedId === null ? [] : [u.sourcedId]))),
        schoolIds: new Set(placed.map((p) => p.school.id)),
      };
      // Every school's class codes once (not once per part): a new class takes a code no other
      // school holds, the parts' new classes included.
      const codes = await classCodesBySchool(tx);
      const codesElsewhere = (schoolId: number) =>
        new Set([...codes].flatMap(([id, own]) => (id === schoolId ? [] : [...own])));
      for (const [i, { part, school, isNew }] of placed.entries()) {
        progress({ phase: "checking", done: i, total: placed.length });
        // The rest of the transaction is that school's: row-level security follows the setting.
        await tx.execute(sql.raw(`set local app.school_id = '${school.id}'`));
        await withSchool(school.id, async () => {
          // Each school's dates (enrolment days, due dates) in its own time zone (decision 037).
          const zone = opts.timeZone ?? schoolTimeZone();
          const own = readInZone(part, zone);
          await holdImportGradeWrites(tx, { gradebook: touchesGrades(own) });
          const plan = await planIn(
            tx,
            own,
            opts.actorId,
            zone,
            opts.allowNewAdmins,
            districtSet,
            codesElsewhere(school.id),
          );
          const guard = deletionGuardOf(plan, share);
          const tripped = guard && (opts.allowDeletions ?? 0) < guard.people ? guard : null;
          if (tripped) plan.problems.add(guardProblem(upload.label, tripped, share, opts.source));
          const ok = plan.problems.total === 0 || (opts.skipInvalid === true && plan.problems.blocking === 0);
          // Applied in the preview too (then rolled back): the next school's plan sees this one's people.
          const fingerprint = fingerprintOf(plan);
          let result: Outcome["result"] = null;
          let failed = false;
          if (ok && setOk) {
            try {
              // A savepoint: a school whose part fails (a row another school holds) is refused alone.
              result = await tx.transaction(async (sp) => {
                const applied = await applyPlan(sp, plan, opts.actorId);
                const importId = opts.apply
                  ? await recordApplied(sp, {
                      fileName: upload.label,
                      opts,
                      plan,
                      fingerprint,
                      applied,
                      durationMs: performance.now() - started,
                      extra: { district: true },
                    })
                  : 0;
                return { ...applied, importId };
              });
            } catch (err) {
              console.error(`district roster: the part of ${part.org.sourcedId} failed:`, err);
              failed = true;
              plan.problems.add({
                file: upload.label,
                line: 0,
                column: "file",
                message: msg("admin.rosterReport.text.schoolPartFailed"),
                fix: msg("admin.rosterReport.text.schoolPartFailedFix"),
                blocking: true,
              });
            }
          }
          // The school's codes as its part left them (new classes', and removed classes' freed).
          if (result && !failed) codes.set(school.id, await ownClassCodes(tx));
          outcomes.push({
            org: part.org,
            school,
            isNew,
            plan,
            fingerprint,
            guard: tripped,
            result: failed ? null : result,
          });
        });
      }
      fingerprint = districtFingerprint(outcomes);
      stale = opts.expectFingerprint !== undefined && opts.expectFingerprint !== fingerprint;
      if (!opts.apply || stale || !setOk) throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  const applied = opts.apply && !stale && setOk;
  const durationMs = performance.now() - started;
  const schools: DistrictSchoolRun[] = [];
  for (const o of outcomes) {
    if (stale) o.plan.problems.add(staleProblem(upload.label));
    const done = applied && o.result !== null;
    const ok = done || (!opts.apply && o.result !== null);
    let importId = done ? o.result!.importId : 0;
    // A school the preview would make has no history yet: its run is told, not recorded.
    if (!done && !(o.isNew && !applied))
      importId = await withSchool(o.school.id, () =>
        recordImport(db(), {
          actorId: opts.actorId,
          source: opts.source,
          fileName: upload.label,
          dryRun: !opts.apply,
          status: ok ? "previewed" : "refused",
          summary: summaryOf(
            o.plan,
            o.fingerprint,
            opts.filesFingerprint,
            ok ? undefined : refusalOf(o.plan, { guard: o.guard, share, stale }),
          ),
          report: reportOf(o.plan),
          problems: o.plan.problems.total,
          warnings: o.plan.warnings.total,
          newUserIds: [],
          durationMs,
        }),
      );
    schools.push({
      schoolId: o.isNew && !done ? null : o.school.id,
      orgSourcedId: o.org.sourcedId,
      name: o.school.name,
      isNew: o.isNew,
      run: runOf(
        o.plan,
        {
          ok,
          applied: done,
          dryRun: !opts.apply,
          importId,
          createdUserIds: done ? o.result!.createdUserIds : [],
          reactivatedUserIds: done ? o.result!.reactivatedUserIds : [],
          durationMs,
        },
        o.fingerprint,
      ),
    });
  }
  return {
    ok: setOk && !stale && schools.every((s) => s.run.ok),
    applied,
    dryRun: !opts.apply,
    schools,
    problems,
    warnings,
    fingerprint,
    changes: schools.reduce((n, s) => n + s.run.changes, 0),
    durationMs,
  };
}

/** The portal's school of an org: its sourcedId, else the same name on a school without one, else a new school. */
async function schoolOfOrg(
  tx: Db,
  schools: SchoolRow[],
  org: RosterOrg,
): Promise<{ school: SchoolRow; isNew: boolean }> {
  const bySourced = schools.find((s) => s.sourcedId === org.sourcedId);
  if (bySourced) return { school: bySourced, isNew: false };
  const name = org.name || org.sourcedId;
  const byName = schools.find((s) => s.sourcedId === null && s.name.toLowerCase() === name.toLowerCase());
  if (byName) {
    await tx.execute(sql`update schools set sourced_id = ${org.sourcedId} where id = ${byName.id}`);
    byName.sourcedId = org.sourcedId;
    return { school: byName, isNew: false };
  }
  const [made] = await queryRows<{ id: number }>(
    sql`insert into schools (name, sourced_id) values (${name}, ${org.sourcedId}) returning id`,
    tx,
  );
  const school = { id: Number(made!.id), name, sourcedId: org.sourcedId };
  schools.push(school);
  return { school, isNew: true };
}

/** Classes of no school of the set: the set's own problem (no school's import can take them). */
function unrouted(read: ReadRoster, orgs: RosterOrg[]): RosterProblem[] {
  const known = new Set(orgs.map((o) => o.sourcedId));
  return read.dataset.classes
    .filter((c) => c.schoolId === undefined || !known.has(c.schoolId))
    .map((c) => ({
      file: c.ref.file,
      line: c.ref.line,
      column: "schoolSourcedId",
      message: c.schoolId
        ? msg("admin.rosterReport.text.classOfNoSchool", { a: quote(c.schoolId) })
        : msg("admin.rosterReport.text.classNamesNoSchool"),
      fix: msg("admin.rosterReport.text.nameClassSchool"),
    }));
}

/**
 * What the admin saw of each school in the preview: its counts, removals and new administrators.
 * Not the plans themselves: a person made by an earlier school's part gets a new id at every run
 * (a rolled-back preview does not give its sequence numbers back), and later parts name that id.
 */
const districtFingerprint = (outcomes: Outcome[]) =>
  crypto
    .createHash("sha256")
    .update(
      JSON.stringify(
        outcomes.map((o) => [
          o.org.sourcedId,
          o.plan.counts,
          o.plan.deletions.map((d) => [d.entity, d.id, d.kept]),
          o.plan.newAdmins,
        ]),
      ),
    )
    .digest("base64url")
    .slice(0, 32);
