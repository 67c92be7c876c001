// The plan's birth dates from demographics.csv for people the users file does not list.
import { type PlanContext } from "./plan-context";
import { quote } from "./problems";
import { msg } from "@/lib/i18n/message";

/**
 * Birth dates from demographics.csv for people the users file does not list (those it lists carry
 * theirs on their row): an update of the person's date of birth only.
 */
export function planBirthDates(ctx: PlanContext): void {
  const { data, state } = ctx;
  if (data.birthDates.length === 0) return;
  const byId = new Map(state.users.map((u) => [u.id, u]));
  const bySourced = new Map(state.users.filter((u) => u.sourcedId !== null).map((u) => [u.sourcedId!, u]));
  const pending = new Map(ctx.changes.users.update.map((u) => [u.id, u]));
  for (const b of data.birthDates) {
    const final = ctx.userFinal(b.key);
    if (!final || typeof final.ref !== "number") {
      const db = bySourced.get(b.sourcedId);
      // Someone this import removes (or the roster removed before) has no birth date to keep in step.
      if (db && (ctx.usersGone.has(db.id) || db.rosterDeleted)) continue;
      if (!ctx.refusedUsers.has(b.key) && !ctx.brokenUsers) {
        ctx.problems.add({
          file: b.ref.file,
          line: b.ref.line,
          column: "sourcedId",
          message: msg("admin.rosterReport.text.noUserUsersCsv", { a: quote(b.sourcedId) }),
          fix: msg("admin.rosterReport.text.addUserUsersCsv"),
        });
      }
      continue;
    }
    const db = byId.get(final.ref)!;
    const update = pending.get(db.id);
    if (update) {
      update.dateOfBirth = b.dateOfBirth;
      continue;
    }
    if (db.dateOfBirth === b.dateOfBirth) continue;
    const row = { ...db, dateOfBirth: b.dateOfBirth, reactivate: false };
    ctx.changes.users.update.push({
      id: row.id,
      name: row.name,
      givenName: row.givenName,
      familyName: row.familyName,
      username: row.username,
      email: row.email,
      role: row.role,
      phoneNumber: row.phoneNumber,
      parent1Number: row.parent1Number,
      parent2Number: row.parent2Number,
      dateOfBirth: row.dateOfBirth,
      sourcedId: row.sourcedId,
      reactivate: false,
    });
    pending.set(db.id, ctx.changes.users.update[ctx.changes.users.update.length - 1]!);
    ctx.counts.users.update += 1;
  }
}
