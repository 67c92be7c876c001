import type { RosterClass, RosterEnrollment } from "./model";
import { isBulk, type LevelValues, type PlanContext, type StateLevel, type UserRef } from "./plan-context";
import { keptSourcedId, ownId } from "./own-ids";
import { quote } from "./problems";
import { keptText, listReadBack } from "./values";
import { leaveConcludedRow } from "./plan-years";
import { msg } from "@/lib/i18n/message";

// Classes, enrollments, class teachers and terms of the plan (decision 012). A class keeps the
// code it was given when it was first imported (its address in the portal); the primary teacher
// enrollment sets its teacher; a class the roster deletes that has records is kept. The
// enrollments are planned in plan-enrollments.ts, which then calls planClassRows here.

export function planClasses(ctx: PlanContext): void {
  const { data, state, problems } = ctx;
  const bySourced = new Map(state.levels.filter((l) => l.sourcedId !== null).map((l) => [l.sourcedId!, l]));
  const byCode = new Map(state.levels.map((l) => [l.code, l]));
  const matched = new Map<number, RosterClass>();
  const rows: { c: RosterClass; db?: StateLevel }[] = [];
  const concludedRows = new Map<string, string>();
  for (const c of data.classes) {
    let db = c.sourcedId !== null ? bySourced.get(c.sourcedId) : undefined;
    if (!db && c.codeFromFile) {
      const holder = byCode.get(c.code);
      // A class made in the portal with the roster's code is taken over; a spreadsheet names classes by code.
      if (holder && (holder.sourcedId === null || c.sourcedId === null)) db = holder;
    }
    if (db && matched.has(db.id)) {
      problems.add({
        file: c.ref.file,
        line: c.ref.line,
        column: c.labels.code,
        message: msg("admin.rosterReport.text.thisSamePortalClass", { a: db.code, b: matched.get(db.id)!.ref.line }),
        fix: msg("admin.rosterReport.text.listEachClassOnce"),
      });
      ctx.refusedClasses.add(c.key);
      ctx.causes.classes.set(c.key, c.ref);
      continue;
    }
    if (db) matched.set(db.id, c);
    if (db?.concluded) {
      // A class of a closed year stays as it is (issue 41); rows naming it still find it, and are left out.
      leaveConcludedRow(ctx, c.ref, c.labels.code, db.code);
      ctx.counts.classes.ignored += 1;
      concludedRows.set(c.key, db.code);
      continue;
    }
    if (!db && c.name === null) {
      problems.add({
        file: c.ref.file,
        line: c.ref.line,
        column: c.labels.name,
        message: msg("admin.rosterReport.text.classNewHasNo", { a: quote(c.code) }),
        fix: msg("admin.rosterReport.text.fillClassSName"),
      });
      ctx.refusedClasses.add(c.key);
      ctx.causes.classes.set(c.key, c.ref);
      continue;
    }
    rows.push({ c, db });
  }

  const candidates: StateLevel[] = [];
  if (isBulk(ctx, "classes")) {
    for (const l of state.levels)
      if (l.sourcedId !== null && !l.rosterDeleted && !matched.has(l.id) && !ctx.refusedClasses.has(`s:${l.sourcedId}`))
        candidates.push(l);
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.classes) {
      const l = bySourced.get(d.sourcedId);
      if (l && !l.rosterDeleted && !matched.has(l.id)) candidates.push(l);
    }
  }
  for (const l of candidates) {
    // A class of a closed year stays, whatever the file leaves out or deletes (issue 41).
    if (l.concluded) {
      ctx.shielded.add(l.code);
      continue;
    }
    const hasRecords = state.levelsWithRecords.has(l.id);
    ctx.levelsGone.add(l.id);
    (hasRecords ? ctx.changes.classes.keep : ctx.changes.classes.delete).push(l.id);
    ctx.counts.classes[hasRecords ? "kept" : "delete"] += 1;
    ctx.deletions.push({
      entity: "classes",
      id: l.id,
      name: `${l.name} (${l.code})`,
      username: null,
      role: null,
      sourcedId: l.sourcedId,
      kept: hasRecords,
    });
  }

  // Codes of new classes: the roster's, made unique against every class that stays.
  const taken = new Set(state.codesElsewhere);
  for (const code of state.levels
    .filter((l) => !(ctx.levelsGone.has(l.id) && !state.levelsWithRecords.has(l.id)))
    .map((l) => l.code.toLowerCase()))
    taken.add(code);
  const finalByKey = new Map<string, { code: string }>([...concludedRows].map(([key, code]) => [key, { code }]));
  for (const { c, db } of rows) {
    if (db) {
      finalByKey.set(c.key, { code: db.code });
      continue;
    }
    let code = c.code;
    if (c.codeNote) ctx.warnings.add({ file: c.ref.file, line: c.ref.line, column: c.labels.code, ...c.codeNote });
    if (taken.has(code.toLowerCase())) {
      if (c.sourcedId === null) {
        problems.add({
          file: c.ref.file,
          line: c.ref.line,
          column: c.labels.code,
          message: msg("admin.rosterReport.text.portalAlreadyHasClass", { a: quote(c.code) }),
          fix: msg("admin.rosterReport.text.writeCodeExactlyAs"),
        });
        ctx.refusedClasses.add(c.key);
        ctx.causes.classes.set(c.key, c.ref);
        continue;
      }
      const base = c.code.slice(0, 46);
      for (let n = 2; taken.has(code.toLowerCase()); n++) code = `${base}-${n}`;
      ctx.warnings.add({
        file: c.ref.file,
        line: c.ref.line,
        column: c.labels.code,
        message: msg("admin.rosterReport.text.anotherClassAlreadyHas", { a: quote(c.code) }),
        fix: msg("admin.rosterReport.text.nothingThisClassGets", { a: quote(code) }),
      });
    }
    taken.add(code.toLowerCase());
    finalByKey.set(c.key, { code });
  }
  const liveBySourced = (id: string) => {
    const l = bySourced.get(id);
    return l && !l.rosterDeleted && !ctx.levelsGone.has(l.id) ? l : undefined;
  };
  ctx.classFinal = (key) => {
    const own = finalByKey.get(key);
    if (own) return own;
    if (ctx.refusedClasses.has(key)) return undefined;
    const l = key.startsWith("s:")
      ? liveBySourced(key.slice(2))
      : key.startsWith("c:")
        ? byCode.get(key.slice(2))
        : undefined;
    if (!l || ctx.levelsGone.has(l.id) || l.rosterDeleted) return undefined;
    return { code: l.code };
  };
}

/** Each class's row: its fields from the file, and its teacher from the teacher enrollments. */
export function planClassRows(
  ctx: PlanContext,
  teachers: Map<string, { teacher: UserRef; e: RosterEnrollment }[]>,
): void {
  const { data, state, counts, changes } = ctx;
  const bulkEnrollments = isBulk(ctx, "enrollments");
  const deletedEnrollments = new Set(data.upsertOnly ? [] : data.deleted.enrollments.map((d) => d.sourcedId));
  const rowsByCode = new Map<string, RosterClass>();
  for (const c of data.classes) {
    const final = ctx.classFinal(c.key);
    if (final && !ctx.refusedClasses.has(c.key)) rowsByCode.set(final.code, c);
  }
  const teacherOf = (
    code: string,
    current: { teacherId: number | null; tesid: string | null },
  ): { teacher: UserRef | null; tesid: string | null } => {
    const list = teachers.get(code) ?? [];
    const primaries = list.filter((t) => t.e.primary);
    for (const extra of primaries.slice(1)) {
      ctx.warnings.add({
        file: extra.e.ref.file,
        line: extra.e.ref.line,
        column: extra.e.labels.role,
        message: msg("admin.rosterReport.text.classAlreadyHasPrimary", { a: primaries[0]!.e.ref.line }),
        fix: msg("admin.rosterReport.text.nothingPortalKeepsOne"),
      });
    }
    const currentStays =
      current.teacherId !== null &&
      !(ctx.usersGone.has(current.teacherId) && !state.usersWithRecords.has(current.teacherId));
    const currentFromRoster = current.tesid !== null && !deletedEnrollments.has(current.tesid);
    let chosen = primaries[0];
    // A delta's secondary teacher does not displace a teacher the roster set before.
    if (!chosen && list.length > 0 && (bulkEnrollments || !(currentFromRoster && currentStays))) chosen = list[0];
    if (chosen) return { teacher: chosen.teacher, tesid: chosen.e.sourcedId };
    if (current.tesid !== null && (bulkEnrollments || deletedEnrollments.has(current.tesid)))
      return { teacher: null, tesid: null };
    return { teacher: currentStays ? current.teacherId : null, tesid: currentStays ? current.tesid : null };
  };

  const fileRows = new Set<number>();
  for (const c of data.classes) {
    if (ctx.refusedClasses.has(c.key)) continue;
    const final = ctx.classFinal(c.key);
    if (!final || ctx.concludedCodes.has(final.code)) continue;
    const db = state.levels.find((l) => l.code === final.code && !ctx.levelsGone.has(l.id));
    const t = teacherOf(final.code, {
      teacherId: db?.teacherId ?? null,
      tesid: db?.teacherEnrollmentSourcedId ?? null,
    });
    // The portal's own teacher, named by the export's own enrollment id, stays set by hand.
    if (db && db.teacherEnrollmentSourcedId === null && t.teacher !== null && t.teacher === db.teacherId) {
      const teacher = state.users.find((u) => u.id === db.teacherId);
      if (teacher && t.tesid === ownId.enrollment(ownId.class(db), ownId.user(teacher))) t.tesid = null;
    }
    const values: LevelValues = {
      code: final.code,
      // What the file says as the portal has it (after the reader's tidying) is the portal's.
      name: c.name === null ? db!.name : (keptText(db?.name, c.name) ?? c.name),
      period: c.period === undefined ? (db?.period ?? null) : keptText(db?.period, c.period, listReadBack),
      level: c.level === undefined ? (db?.level ?? null) : keptText(db?.level, c.level, listReadBack),
      teacher: t.teacher,
      teacherEnrollmentSourcedId: t.tesid,
      sourcedId: keptSourcedId(c.sourcedId, db, db && ownId.class(db)),
      yearId: ctx.yearOfClass(c, db),
    };
    ctx.teacherByCode.set(final.code, t.teacher);
    if (!db) {
      changes.classes.create.push(values);
      counts.classes.create += 1;
      continue;
    }
    fileRows.add(db.id);
    const same =
      values.name === db.name &&
      values.period === db.period &&
      values.level === db.level &&
      values.teacher === db.teacherId &&
      values.teacherEnrollmentSourcedId === db.teacherEnrollmentSourcedId &&
      values.sourcedId === db.sourcedId &&
      values.yearId === db.yearId;
    if (same && !db.rosterDeleted) counts.classes.unchanged += 1;
    else {
      changes.classes.update.push({ ...values, id: db.id, reactivate: db.rosterDeleted });
      counts.classes.update += 1;
    }
  }
  // Classes the upload does not list whose teacher still changes (a teacher enrollment, or its removal).
  for (const l of state.levels) {
    // A class the roster removed but its records kept is left as it is.
    // So is a class of a closed year: its teacher is history too.
    if (fileRows.has(l.id) || ctx.levelsGone.has(l.id) || l.rosterDeleted || l.concluded || rowsByCode.has(l.code))
      continue;
    if (
      !teachers.has(l.code) &&
      !(
        l.teacherEnrollmentSourcedId !== null &&
        (bulkEnrollments || deletedEnrollments.has(l.teacherEnrollmentSourcedId))
      ) &&
      !(l.teacherId !== null && ctx.usersGone.has(l.teacherId))
    )
      continue;
    const t = teacherOf(l.code, { teacherId: l.teacherId, tesid: l.teacherEnrollmentSourcedId });
    if (t.teacher === l.teacherId && t.tesid === l.teacherEnrollmentSourcedId) continue;
    ctx.teacherByCode.set(l.code, t.teacher);
    changes.classes.update.push({
      code: l.code,
      name: l.name,
      period: l.period,
      level: l.level,
      teacher: t.teacher,
      teacherEnrollmentSourcedId: t.tesid,
      sourcedId: l.sourcedId,
      yearId: l.yearId,
      id: l.id,
      reactivate: false,
    });
    counts.classes.update += 1;
  }
}
