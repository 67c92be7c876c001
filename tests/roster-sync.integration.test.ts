import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { zonedTime } from "@/lib/domain/dates";
import { resetEnvCache } from "@/lib/env";
import { render } from "@/lib/i18n/render";
import { runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { closeMail } from "@/lib/mail/transport";
import { listRosterImports } from "@/lib/roster/history";
import { scheduleRosterSync } from "@/lib/roster/sync";
import { saveSyncPolicyAction } from "@/app/admin/roster-actions";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { codeColumns } from "@/lib/auth/code-store";
import { users } from "@/lib/db/schema";
import { smallSchool, userRow } from "@/lib/roster/test-support";
import { databaseChecksum } from "./support/fixtures";
import { SCHOOL_TABLES } from "./support/roster";
import { startTestSmtp, type TestSmtp } from "./support/smtp";
import { useTestDatabase } from "./support/test-db";

// Issue 29's scheduled sync: files the SIS drops into ROSTER_SYNC_DIR are imported by the job queue
// at ROSTER_SYNC_AT (default 02:00), school time, once. The clock is the test's: the schedule and
// the queue are given `now` (no sleeping). E-mail goes to a real SMTP server on loopback.

useTestDatabase();
const TZ = "Europe/Paris";
const ADMIN_CODE = "sync-admin-7Q4";
let smtp: TestSmtp;
let dir: string;
const ENV = [
  "ROSTER_SYNC_DIR",
  "ROSTER_SYNC_AT",
  "SCHOOL_TIMEZONE",
  "SCHOOL_NAME",
  "SMTP_URL",
  "MAIL_FROM",
  "PORTAL_URL",
  "SCHOOL_LOCALE",
];

const admin = userRow({
  id: "a1",
  role: "administrator",
  given: "Ada",
  family: "Admin",
  username: "aadmin",
  email: "ada@school.example",
});
const school = () => {
  const files = smallSchool();
  // The admin with an address on file (the sync's e-mails go to the admins).
  files["users.csv"] = files["users.csv"]!.replace(/^a1,.*$/m, admin.join(","));
  return files;
};
function drop(files: Record<string, string>): void {
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}
/** School time on a day far from the real clock: only the given `now` makes a job due. */
const at = (day: string, hour: number, minute = 0) => new Date(zonedTime(day, hour, TZ).getTime() + minute * 60_000);
const people = async () => Number((await queryRows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n);

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "roster-sync-"));
  Object.assign(process.env, {
    ROSTER_SYNC_DIR: dir,
    SCHOOL_TIMEZONE: TZ,
    SCHOOL_NAME: "Test High",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Test High <portal@school.example>",
    PORTAL_URL: "https://portal.test",
  });
  delete process.env.ROSTER_SYNC_AT; // the default: 02:00
  resetEnvCache();
});
afterAll(async () => {
  closeMail();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
  for (const k of ENV) delete process.env[k];
  resetEnvCache();
});

describe("the nightly roster sync", () => {
  it("applies dropped files once at 02:00 school time; the same files again change nothing", async () => {
    // The portal's own admin, whom the roster's a1 row takes over (a sync never creates an admin).
    await db()
      .insert(users)
      .values({ name: "Ada Admin", username: "aadmin", role: "admin", ...codeColumns(ADMIN_CODE) });
    drop(school());
    await scheduleRosterSync(db(), at("2031-03-04", 1));
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-04", 1, 59))).toBe(0);
    expect(await people()).toBe(1);

    expect(await runDueJobs(HANDLERS, 100, at("2031-03-04", 2))).toBe(1);
    expect(await people()).toBe(9);
    const [applied] = await listRosterImports({ limit: 1 });
    expect(applied).toMatchObject({ source: "sync", status: "applied", dryRun: false, actorName: null });

    // The next night, the same files: nothing is imported again; the history says the sync ran.
    const before = await databaseChecksum(SCHOOL_TABLES);
    await scheduleRosterSync(db(), at("2031-03-04", 2, 1));
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-05", 1, 59))).toBe(0);
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-05", 2))).toBe(1);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
    const [again] = await listRosterImports({ limit: 1 });
    expect(again).toMatchObject({ source: "sync", status: "unchanged" });
    expect(smtp.messages).toEqual([]);
  });

  it("a set that removes more than the threshold applies nothing and e-mails the admins", async () => {
    // A users file holding only the admin: everyone else would be removed.
    const files = school();
    files["users.csv"] = files["users.csv"]!.split("\n").slice(0, 1).concat(admin.join(","), "").join("\n");
    files["enrollments.csv"] = files["enrollments.csv"]!.split("\n").slice(0, 1).concat("").join("\n");
    drop(files);
    const before = await databaseChecksum(SCHOOL_TABLES);
    await scheduleRosterSync(db(), at("2031-03-05", 2, 1));
    // The run, then the e-mails it queued (both due by the test's clock).
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-06", 2))).toBe(2);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
    const [refused] = await listRosterImports({ limit: 1 });
    expect(refused).toMatchObject({ source: "sync", status: "refused" });
    // The history says why (issue 39): the removal guard, with its numbers.
    expect(refused!.refusal).toEqual({
      problems: 0,
      stale: false,
      deletions: { people: 8, inPortal: 9, percent: 5, limit: 0, admins: 0 },
    });

    expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([["ada@school.example"]]);
    const mail = smtp.messages[0]!.mail;
    expect(mail.subject).toBe("Roster sync not applied · Test High");
    // In the school's language (SCHOOL_LOCALE, English by default), and its header says so.
    expect(smtp.messages[0]!.header("content-language")).toBe("en");
    expect(mail.text).toContain(
      "The roster sync of 2031-03-06 was not applied: it would remove more people than the saved threshold allows.",
    );
    expect(mail.text).toContain("the import would remove 8 people (88.9 % of the 9 in the portal)");
    expect(mail.text).toContain("Nothing was changed.");
    // What to do is the sync's own setting, not the typed number of a hand import.
    expect(mail.text).toContain('raise its removal threshold under "Nightly roster sync"');
    expect(mail.text).not.toContain("--allow-deletions");
  });

  it("follows the policy the admin saved: with a higher threshold the same set applies the next night", async () => {
    await signInAs(ADMIN_CODE);
    expect(await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "101" }))).toMatchObject({
      ok: false,
      message: "The threshold is a percent from 0 to 100",
    });
    expect(await saveSyncPolicyAction({ ok: true }, form({ deletionPercent: "90" }))).toMatchObject({ ok: true });
    await scheduleRosterSync(db(), at("2031-03-06", 2, 1));
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-07", 2))).toBe(1);
    const [applied] = await listRosterImports({ limit: 1 });
    expect(applied).toMatchObject({ source: "sync", status: "applied" });
    const left = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users where roster_deleted_at is null and role <> 'admin'`,
    );
    expect(left[0]!.n).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("e-mails a refusal in the school's language, its problems too", async () => {
    process.env.SCHOOL_LOCALE = "es";
    resetEnvCache();
    const files = school();
    const coach = userRow({ id: "x9", role: "coach", given: "Cam", family: "Coach", username: "ccoach" });
    files["users.csv"] = `${files["users.csv"]!.trimEnd()}\n${coach.join(",")}\n`;
    drop(files);
    await scheduleRosterSync(db(), at("2031-03-07", 2, 1));
    expect(await runDueJobs(HANDLERS, 100, at("2031-03-08", 2))).toBe(2);
    const [refused] = await listRosterImports({ limit: 1 });
    expect(refused).toMatchObject({ source: "sync", status: "refused" });
    // The history keeps the problem as data: it reads in any language.
    expect(refused!.report.problems.map((p) => render(p.message, "en"))).toEqual([
      '"coach" is not a role the portal has',
    ]);

    expect(smtp.messages).toHaveLength(2);
    const sent = smtp.messages[1]!;
    expect(sent.mail.subject).toBe("Sincronización del padrón no aplicada · Test High");
    expect(sent.header("content-language")).toBe("es");
    expect(sent.mail.text).toContain(
      "La sincronización del padrón del 2031-03-08 no se aplicó: 1 problema en los archivos.",
    );
    expect(sent.mail.text).toContain('role — "coach" no es un rol que tenga el portal — use student, teacher');
    expect(sent.mail.text).toContain("No se cambió nada.");
    expect(sent.mail.text).not.toMatch(/is not a role|Nothing was changed/);
    expect(sent.mail.html).toContain('<html lang="es">');
  });
});
