import type { PortalRole, RosterUser } from "./model";
import { isBulk, type PlanContext, type StateUser, type UserRef, type UserValues } from "./plan-context";
import { namePartsOf } from "@/lib/export/oneroster-format";
import { keptSourcedId, ownId } from "./own-ids";
import { quote } from "./problems";
import { keptText, nameReadBack, usernameBase } from "./values";
import { msg } from "@/lib/i18n/message";
import { ROLE_WORD } from "./words";

// Users of the plan (decision 012). People are matched on sourcedId, else a
// portal user made by hand with the same username and role is adopted; a role is never changed
// by an import; someone the roster deletes who has academic records is kept without a code.
// Guardian links are planned in plan-guardians.ts, demographics' birth dates in plan-birth-dates.ts.

/** Someone of another school only, or a district admin: a school's own roster does not take them over. */
function refuseOutsider(ctx: PlanContext, u: RosterUser): void {
  ctx.problems.add({
    file: u.ref.file,
    line: u.ref.line,
    column: u.sourcedId !== null ? "sourcedId" : u.labels.username,
    message: msg("admin.rosterReport.text.personOfAnotherSchool"),
    fix: msg("admin.rosterReport.text.districtRosterAddsThem"),
  });
  refuseUser(ctx, u);
}

/** A row the plan refuses: references to it name it as their cause. */
function refuseUser(ctx: PlanContext, u: RosterUser): void {
  ctx.refusedUsers.add(u.key);
  ctx.causes.users.set(u.key, u.ref);
}

export function planUsers(ctx: PlanContext): void {
  const { data, state, problems } = ctx;
  const bySourced = new Map(state.users.filter((u) => u.sourcedId !== null).map((u) => [u.sourcedId!, u]));
  const byUsername = new Map(state.users.map((u) => [u.username, u]));
  const matched = new Map<number, RosterUser>();
  const kept: { u: RosterUser; db?: StateUser; role: PortalRole }[] = [];

  for (const u of data.users) {
    let db: StateUser | undefined;
    if (u.sourcedId !== null) db = bySourced.get(u.sourcedId);
    if (!db && u.username !== null) {
      const holder = byUsername.get(u.username);
      // A person typed into the portal before the school had a roster: the roster takes them over.
      if (holder && (holder.sourcedId === null || u.sourcedId === null)) {
        // Never someone of another school only, nor a district admin: named by no word of theirs.
        if ((holder.member === false && !ctx.district) || holder.districtAdmin) {
          refuseOutsider(ctx, u);
          continue;
        }
        if (u.role !== null && holder.role !== u.role) {
          problems.add({
            file: u.ref.file,
            line: u.ref.line,
            column: u.labels.username,
            message: msg("admin.rosterReport.text.alreadyUsernamePortal", {
              a: quote(u.username),
              b: holder.name,
              c: ROLE_WORD[holder.role],
            }),
            fix: msg("admin.rosterReport.text.giveThisPersonAnother"),
          });
          refuseUser(ctx, u);
          continue;
        }
        db = holder;
      }
    }
    if (db && matched.has(db.id)) {
      const first = matched.get(db.id)!;
      problems.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.username,
        message: msg("admin.rosterReport.text.thisSamePortalUser", { a: db.name, b: first.ref.line }),
        fix: msg("admin.rosterReport.text.listEachPersonOnce"),
      });
      refuseUser(ctx, u);
      continue;
    }
    // Matched even when refused below, so a bulk file's refused row does not read as a removal.
    if (db) matched.set(db.id, u);
    // Someone of another school only (issue 42): the district's roster brings them here (one
    // account across the district); a school's own roster is not theirs to take over.
    if (db && ((db.member === false && !ctx.district) || db.districtAdmin)) {
      refuseOutsider(ctx, u);
      continue;
    }
    const role = u.role ?? db?.role ?? null;
    if (role === null) {
      problems.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.role,
        message: msg("admin.rosterReport.text.userHasNoRole"),
        fix: msg("admin.rosterReport.text.giveUserRoleUsers"),
      });
      refuseUser(ctx, u);
      continue;
    }
    if (db && db.role !== role) {
      problems.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.role,
        message: msg("admin.rosterReport.text.portalHasAsFile", {
          a: db.name,
          b: ROLE_WORD[db.role],
          c: ROLE_WORD[role],
        }),
        fix: msg("admin.rosterReport.text.importDoesNotChange"),
      });
      refuseUser(ctx, u);
      continue;
    }
    // An import never makes an administrator unless the admin said so (issue 29): a new person
    // with an administrator role is refused, and listed when allowed.
    if (!db && role === "admin") {
      if (!ctx.allowNewAdmins) {
        problems.add({
          file: u.ref.file,
          line: u.ref.line,
          column: u.labels.role,
          message: msg("admin.rosterReport.text.wouldBeNewAdministrator", {
            a: u.name ?? u.sourcedId ?? msg("admin.rosterReport.parts.thisPerson"),
          }),
          fix: msg("admin.rosterReport.text.tickAllowNewAdministrators"),
        });
        refuseUser(ctx, u);
        continue;
      }
      ctx.newAdmins.push({ name: u.name ?? "", sourcedId: u.sourcedId });
    }
    if (!db && u.name === null) {
      problems.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.name,
        message: msg("admin.rosterReport.text.newPersonNeedsName"),
        fix: msg("admin.rosterReport.text.fillPersonSName"),
      });
      refuseUser(ctx, u);
      continue;
    }
    kept.push({ u, db, role });
  }

  // Removals: a bulk file lists everyone, so roster people missing from it go; a delta says whom.
  const candidates: StateUser[] = [];
  const set = ctx.districtSet;
  /** Someone of several schools whom the district's whole set no longer lists: kept without access. */
  const leftDistrict = (db: StateUser) =>
    set !== undefined &&
    db.onlyHere === false &&
    !db.districtAdmin &&
    (db.schools ?? []).every((s) => set.schoolIds.has(s));
  if (isBulk(ctx, "users")) {
    for (const db of state.users)
      if (
        db.sourcedId !== null &&
        db.member !== false &&
        !db.rosterDeleted &&
        (db.onlyHere !== false || leftDistrict(db)) &&
        // Another school's part of the district's set lists them (a student who moved): not gone.
        !set?.sourcedIds.has(db.sourcedId) &&
        !matched.has(db.id) &&
        !ctx.refusedUsers.has(`s:${db.sourcedId}`)
      )
        candidates.push(db);
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.users) {
      const db = bySourced.get(d.sourcedId);
      if (db && !db.rosterDeleted && db.onlyHere !== false && db.member !== false && !matched.has(db.id))
        candidates.push(db);
    }
  }
  for (const db of candidates) {
    if (db.id === ctx.actorId) {
      const row = data.deleted.users.find((d) => d.sourcedId === db.sourcedId)?.ref ?? {
        file: data.users[0]?.ref.file ?? "users.csv",
        line: 0,
      };
      problems.add({
        file: row.file,
        line: row.line,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.importWouldRemoveYour", { a: db.name, b: quote(db.sourcedId ?? "") }),
        fix: msg("admin.rosterReport.text.keepYourselfUsersFile"),
        blocking: true,
      });
      continue;
    }
    // Someone of several schools keeps their row (their other schools' records name it).
    const hasRecords = state.usersWithRecords.has(db.id) || db.onlyHere === false;
    ctx.usersGone.add(db.id);
    (hasRecords ? ctx.changes.users.keep : ctx.changes.users.delete).push(db.id);
    ctx.counts.users[hasRecords ? "kept" : "delete"] += 1;
    ctx.deletions.push({
      entity: "users",
      id: db.id,
      name: db.name,
      username: db.username,
      role: db.role,
      sourcedId: db.sourcedId,
      kept: hasRecords,
    });
  }

  // Usernames as the import leaves them: each must be one person's.
  const holderOf = new Map<string, { line?: number; name: string; elsewhere?: boolean }>();
  for (const db of state.users)
    if (!matched.has(db.id) && !(ctx.usersGone.has(db.id) && !state.usersWithRecords.has(db.id)))
      holderOf.set(db.username, { name: db.name, elsewhere: db.member === false || db.districtAdmin === true });
  for (const username of state.usernamesElsewhere) holderOf.set(username, { name: "", elsewhere: true });
  const usernames = new Map<RosterUser, string>();
  for (const { u, db } of kept) {
    const wanted = u.username ?? db?.username;
    if (wanted === undefined) continue;
    const holder = holderOf.get(wanted);
    if (holder) {
      problems.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.username,
        message: msg("admin.rosterReport.text.alreadyUsername", {
          a: quote(wanted),
          b: holder.line
            ? msg("admin.rosterReport.parts.userOnLine", { a: holder.line })
            : holder.elsewhere
              ? msg("admin.rosterReport.parts.someoneElsewhere")
              : msg("admin.rosterReport.parts.portal", { a: holder.name }),
        }),
        fix: msg("admin.rosterReport.text.giveEachPersonTheir"),
      });
      refuseUser(ctx, u);
      continue;
    }
    holderOf.set(wanted, { line: u.ref.line, name: u.name ?? "" });
    usernames.set(u, wanted);
  }
  for (const { u, db } of kept) {
    if (db || u.username !== null || ctx.refusedUsers.has(u.key)) continue;
    const base = usernameBase(u.usernameHint);
    let candidate = base;
    for (let n = 2; holderOf.has(candidate); n++) candidate = `${base}-${n}`;
    holderOf.set(candidate, { line: u.ref.line, name: u.name ?? "" });
    usernames.set(u, candidate);
  }

  const finalByKey = new Map<string, { ref: UserRef; role: PortalRole }>();
  const currentUsernames = new Set(state.users.map((s) => s.username));
  for (const { u, db, role } of kept) {
    if (ctx.refusedUsers.has(u.key)) continue;
    const username = usernames.get(u)!;
    const name = u.name === null ? db!.name : (keptText(db?.name, u.name, nameReadBack) ?? u.name);
    const parts = namePartsKept(u, db, name);
    // A carried field the file says as the portal has it (after the reader's tidying) is the portal's.
    const carried = (file: string | null | undefined, portal: string | null | undefined) =>
      file === undefined ? (portal ?? null) : keptText(portal, file);
    const values: UserValues = {
      name,
      givenName: parts.given,
      familyName: parts.family,
      username,
      email: carried(u.email, db?.email),
      role,
      phoneNumber: carried(u.phoneNumber, db?.phoneNumber),
      parent1Number: carried(u.parent1Number, db?.parent1Number),
      parent2Number: carried(u.parent2Number, db?.parent2Number),
      dateOfBirth: u.dateOfBirth === undefined ? (db?.dateOfBirth ?? null) : u.dateOfBirth,
      sourcedId: keptSourcedId(u.sourcedId, db, db && ownId.user(db)),
    };
    if (!db) {
      ctx.changes.users.create.push({ ...values, key: u.key });
      ctx.counts.users.create += 1;
      finalByKey.set(u.key, { ref: u.key, role });
      continue;
    }
    finalByKey.set(u.key, { ref: db.id, role });
    if (data.agentsCarried) ctx.fileUserIds.add(db.id);
    let changed = (Object.keys(values) as (keyof UserValues)[]).some((k) => values[k] !== db[k]);
    // Someone who also belongs to another school signs in to all of them: only the district's roster
    // (or a district admin) changes their account; a school's own file matches them, no more.
    if (db.onlyHere === false && !ctx.district && (changed || db.rosterDeleted)) {
      ctx.warnings.add({
        file: u.ref.file,
        line: u.ref.line,
        column: u.labels.name,
        message: msg("admin.rosterReport.text.sharedPersonKept"),
        fix: msg("admin.rosterReport.text.districtRosterChangesThem"),
      });
      changed = false;
      if (db.rosterDeleted) {
        ctx.counts.users.unchanged += 1;
        continue;
      }
    }
    const joins = db.member === false;
    if (joins) ctx.changes.users.join.push(db.id);
    if (changed || db.rosterDeleted) {
      ctx.changes.users.update.push({ ...values, id: db.id, reactivate: db.rosterDeleted });
      ctx.counts.users.update += 1;
      if (username !== db.username && currentUsernames.has(username)) ctx.changes.users.parkUsernames = true;
    } else ctx.counts.users[joins ? "update" : "unchanged"] += 1;
  }

  const liveBySourced = (id: string) => {
    const db = bySourced.get(id);
    return db && !db.rosterDeleted && !ctx.usersGone.has(db.id) ? db : undefined;
  };
  ctx.userFinal = (key) => {
    const own = finalByKey.get(key);
    if (own) return own;
    if (ctx.refusedUsers.has(key)) return undefined;
    const db = key.startsWith("s:")
      ? liveBySourced(key.slice(2))
      : key.startsWith("u:")
        ? byUsername.get(key.slice(2))
        : undefined;
    if (!db || ctx.usersGone.has(db.id) || db.rosterDeleted) return undefined;
    // Someone of another school only is none of this school's rows' to name (issue 42).
    if (db.member === false && !matched.has(db.id)) return undefined;
    // A row of this upload that took this person over (by username) speaks for them.
    const taken = matched.get(db.id);
    if (taken) return finalByKey.get(taken.key);
    return { ref: db.id, role: db.role };
  };
}

/**
 * The given and family names a row leaves: parts travel with the name, so a row that keeps the
 * portal's name keeps its parts too; and parts that say what the portal already shows (the
 * export's split of a name made in the portal, whose parts are not stored) change nothing.
 */
function namePartsKept(
  u: RosterUser,
  db: StateUser | undefined,
  name: string,
): { given: string | null; family: string | null } {
  if (u.name === null) return { given: db?.givenName ?? null, family: db?.familyName ?? null };
  if (!u.nameParts) return { given: null, family: null };
  if (db && db.name === name) {
    const shown = namePartsOf(db.name, db.givenName, db.familyName);
    if (shown.givenName === u.nameParts.given && shown.familyName === u.nameParts.family)
      return { given: db.givenName, family: db.familyName };
  }
  return { given: u.nameParts.given, family: u.nameParts.family };
}
