import type { RosterCategory } from "./model";
import {
  isBulk,
  type AssignmentRef,
  type AssignmentValues,
  type CategoryRef,
  type PlanContext,
  type StateAssignment,
  type UserRef,
} from "./plan-context";
import { keptSourcedId, ownId, ownIdNumber } from "./own-ids";
import { quote } from "./problems";
import { keptText } from "./values";
import { msg } from "@/lib/i18n/message";
import { leaveConcludedRow } from "./plan-years";

// Categories, assignments and grades of the plan (decision 012): OneRoster's categories.csv,
// lineItems.csv and results.csv, keyed on sourcedId like everything else. Categories are the
// portal's school-wide names (rows with one title are one category); a line item is an assignment
// of one class; a result is one student's grade on it. An import never removes a grade it is not
// told to remove: a delta's tobedeleted result deletes the grade (each one listed and audited),
// a bulk results file that no longer lists a grade leaves it to the portal. An assignment or a
// category the roster removes is deleted only when nothing refers to it any more. The grades
// themselves are planned in plan-grades.ts, the removals in plan-gradebook-removals.ts.

const at = (ref: { file: string; line: number }) => ({ file: ref.file, line: ref.line });

export function planCategories(ctx: PlanContext): void {
  const { data, state, problems, counts, changes } = ctx;
  const bySourced = new Map(state.categories.filter((c) => c.sourcedId !== null).map((c) => [c.sourcedId!, c]));
  const byName = new Map(state.categories.map((c) => [c.name, c]));
  const groups = new Map<string, RosterCategory[]>();
  for (const c of data.categories) {
    const list = groups.get(c.title);
    if (list) list.push(c);
    else groups.set(c.title, [c]);
  }
  const claimed = new Map<number, string>();
  const refOfSourced = new Map<string, CategoryRef>();
  const renames: { id: number; name: string; row: RosterCategory }[] = [];
  for (const [title, rows] of groups) {
    // Matched on a sourcedId of the group, else on the name: a category made in the portal is taken over.
    let db = rows.map((r) => bySourced.get(r.sourcedId)).find((c) => c !== undefined && !claimed.has(c.id));
    if (!db) {
      const named = byName.get(title);
      if (named && !claimed.has(named.id)) db = named;
    }
    // The category keeps its sourcedId while the file still has it, else takes the group's first;
    // the portal's own category, named by its own id (the portal's export), stays its own.
    const current = db?.sourcedId ?? null;
    const own = db !== undefined && current === null && rows.some((r) => r.sourcedId === ownId.category(db.id));
    const sourcedId = own
      ? null
      : current !== null && rows.some((r) => r.sourcedId === current)
        ? current
        : rows[0]!.sourcedId;
    if (!db) {
      const key = `t:${title}`;
      changes.categories.create.push({ key, name: title, sourcedId: rows[0]!.sourcedId });
      counts.categories.create += 1;
      for (const r of rows) refOfSourced.set(r.sourcedId, key);
      continue;
    }
    claimed.set(db.id, title);
    for (const r of rows) refOfSourced.set(r.sourcedId, db.id);
    if (db.name !== title || db.sourcedId !== sourcedId) {
      changes.categories.update.push({ id: db.id, name: title, sourcedId });
      counts.categories.update += 1;
      if (db.name !== title) renames.push({ id: db.id, name: title, row: rows[0]! });
    } else counts.categories.unchanged += 1;
  }

  // Removals: roster categories a bulk file no longer lists, or a delta marks tobedeleted. Whether
  // one is deleted or kept depends on the assignments (planGradebookRemovals).
  const removing = new Set<number>();
  if (isBulk(ctx, "categories")) {
    for (const c of state.categories) {
      if (c.sourcedId !== null && !claimed.has(c.id) && !data.refused.categories.has(`s:${c.sourcedId}`)) {
        removing.add(c.id);
        ctx.pending.categories.push({
          id: c.id,
          ref: { file: data.categories[0]?.ref.file ?? "categories.csv", line: 0 },
        });
      }
    }
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.categories) {
      const c = bySourced.get(d.sourcedId);
      if (c && !claimed.has(c.id) && !removing.has(c.id)) {
        removing.add(c.id);
        ctx.pending.categories.push({ id: c.id, ref: at(d.ref) });
      }
    }
  }
  // A renamed category's new name must be free: held by a category this import also renames, the
  // names are parked first; held by one it leaves (or may keep), it is a problem.
  for (const r of renames) {
    const holder = byName.get(r.name);
    if (!holder || holder.id === r.id) continue;
    if (claimed.has(holder.id)) changes.categories.parkNames = true;
    else
      problems.add({
        file: r.row.ref.file,
        line: r.row.ref.line,
        column: r.row.labels.title,
        message: msg("admin.rosterReport.text.portalAlreadyHasAnother", { a: quote(r.name) }),
        fix: msg("admin.rosterReport.text.giveCategoryAnotherTitle"),
      });
  }

  ctx.categoryFinal = (sourcedId) => {
    const own = refOfSourced.get(sourcedId);
    if (own !== undefined) return own;
    const c = bySourced.get(sourcedId);
    return c && !removing.has(c.id) ? c.id : undefined;
  };
}

export function planAssignments(ctx: PlanContext): void {
  const { data, state, problems, counts, changes } = ctx;
  const bySourced = new Map(state.assignments.filter((a) => a.sourcedId !== null).map((a) => [a.sourcedId!, a]));
  // Assignments made in the portal, by class and title, for a line item to take over (the school's own export, re-imported).
  const adoptable = new Map<string, StateAssignment[]>();
  for (const a of state.assignments) {
    if (a.sourcedId !== null) continue;
    const key = `${a.levelCode}|${a.title}`;
    const list = adoptable.get(key);
    if (list) list.push(a);
    else adoptable.set(key, [a]);
  }
  const claimed = new Set<number>();
  const finalOf = new Map<string, { ref: AssignmentRef; levelCode: string; maxScore: number; title: string }>();
  const teacherOf = (code: string): UserRef | null => {
    if (ctx.teacherByCode.has(code)) return ctx.teacherByCode.get(code)!;
    const level = state.levels.find((l) => l.code === code);
    return level?.teacherId != null && !ctx.usersGone.has(level.teacherId) ? level.teacherId : null;
  };
  // A closed year's assignments are its history (issue 41): results naming them are left out, and a
  // bulk file that does not list them removes none.
  for (const a of state.assignments)
    if (a.sourcedId !== null && ctx.concludedCodes.has(a.levelCode)) data.refused.lineItems.add(`s:${a.sourcedId}`);
  for (const li of data.lineItems) {
    const key = `s:${li.sourcedId}`;
    const cls = ctx.classFinal(li.classKey);
    if (cls && ctx.concludedCodes.has(cls.code)) {
      leaveConcludedRow(ctx, li.ref, li.labels.class, cls.code);
      counts.assignments.ignored += 1;
      data.refused.lineItems.add(key);
      const db = bySourced.get(li.sourcedId);
      if (db) claimed.add(db.id);
      continue;
    }
    if (!cls) {
      if (!ctx.refusedClasses.has(li.classKey) && !ctx.brokenClasses) {
        problems.add({
          file: li.ref.file,
          line: li.ref.line,
          column: li.labels.class,
          message: msg("admin.rosterReport.text.noClassClassesCsv", { a: quote(li.classKey.slice(2)) }),
          fix: msg("admin.rosterReport.text.addClassRemoveLine"),
        });
      }
      data.refused.lineItems.add(key);
      continue;
    }
    let db = bySourced.get(li.sourcedId);
    if (!db) {
      // The portal's own assignment by its own id first (two may share a title), else the first with the title.
      const candidates = adoptable.get(`${cls.code}|${li.title}`)?.filter((a) => !claimed.has(a.id)) ?? [];
      const own = ownIdNumber("lineItem", li.sourcedId);
      db = candidates.find((a) => a.id === own) ?? candidates[0];
    }
    if (db && db.levelCode !== cls.code) {
      problems.add({
        file: li.ref.file,
        line: li.ref.line,
        column: li.labels.class,
        message: msg("admin.rosterReport.text.lineItemAssignmentClass", { a: quote(db.levelCode), b: quote(cls.code) }),
        fix: msg("admin.rosterReport.text.lineItemCannotMove"),
      });
      data.refused.lineItems.add(key);
      continue;
    }
    let category: CategoryRef | null;
    if (li.categoryId === undefined) category = db?.categoryId ?? null;
    else if (li.categoryId === null) category = null;
    else {
      const found = ctx.categoryFinal(li.categoryId);
      if (found === undefined) {
        if (!data.refused.categories.has(`s:${li.categoryId}`) && !data.broken.has("categories")) {
          problems.add({
            file: li.ref.file,
            line: li.ref.line,
            column: li.labels.category,
            message: msg("admin.rosterReport.text.noCategoryCategoriesCsv", { a: quote(li.categoryId) }),
            fix: msg("admin.rosterReport.text.addCategoryCategoriesCsv"),
          });
        }
        data.refused.lineItems.add(key);
        continue;
      }
      category = found;
    }
    const values: AssignmentValues = {
      sourcedId: li.sourcedId,
      levelCode: cls.code,
      title: keptText(db?.title, li.title) ?? li.title,
      description:
        li.description === undefined ? (db?.description ?? "") : (keptText(db?.description, li.description) ?? ""),
      maxScore: li.maxScore,
      dueDate: li.dueDate === undefined ? (db?.dueDate ?? null) : li.dueDate,
      createdAt: li.assignDate === undefined || li.assignDate === null ? (db?.createdAt ?? null) : li.assignDate,
      category,
    };
    if (!db) {
      changes.assignments.create.push({ ...values, teacher: teacherOf(cls.code) });
      counts.assignments.create += 1;
      finalOf.set(li.sourcedId, { ref: key, levelCode: cls.code, maxScore: li.maxScore, title: li.title });
      continue;
    }
    claimed.add(db.id);
    finalOf.set(li.sourcedId, { ref: db.id, levelCode: cls.code, maxScore: li.maxScore, title: li.title });
    const sourcedId = keptSourcedId(li.sourcedId, db, ownId.lineItem(db.id));
    const same =
      values.title === db.title &&
      values.description === db.description &&
      values.maxScore === db.maxScore &&
      values.dueDate === db.dueDate &&
      values.createdAt === db.createdAt &&
      values.category === db.categoryId &&
      sourcedId === db.sourcedId;
    if (same) counts.assignments.unchanged += 1;
    else {
      changes.assignments.update.push({ ...values, sourcedId, id: db.id });
      counts.assignments.update += 1;
    }
  }

  const removing = new Set<number>();
  if (isBulk(ctx, "assignments")) {
    for (const a of state.assignments) {
      if (a.sourcedId !== null && !claimed.has(a.id) && ctx.concludedCodes.has(a.levelCode)) {
        ctx.shielded.add(a.levelCode);
        continue;
      }
      if (a.sourcedId !== null && !claimed.has(a.id) && !data.refused.lineItems.has(`s:${a.sourcedId}`)) {
        removing.add(a.id);
        ctx.pending.assignments.push({
          id: a.id,
          ref: { file: data.lineItems[0]?.ref.file ?? "lineItems.csv", line: 0 },
        });
      }
    }
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.lineItems) {
      const a = bySourced.get(d.sourcedId);
      if (a && ctx.concludedCodes.has(a.levelCode)) ctx.shielded.add(a.levelCode);
      else if (a && !claimed.has(a.id) && !removing.has(a.id)) {
        removing.add(a.id);
        ctx.pending.assignments.push({ id: a.id, ref: at(d.ref) });
      }
    }
  }
  const liveLevels = new Set(
    state.levels.filter((l) => !l.rosterDeleted && !ctx.levelsGone.has(l.id)).map((l) => l.code),
  );
  ctx.lineItemFinal = (sourcedId) => {
    const own = finalOf.get(sourcedId);
    if (own) return own;
    if (data.refused.lineItems.has(`s:${sourcedId}`)) return undefined;
    const a = bySourced.get(sourcedId);
    if (!a || removing.has(a.id) || !liveLevels.has(a.levelCode)) return undefined;
    return { ref: a.id, levelCode: a.levelCode, maxScore: a.maxScore, title: a.title };
  };
}
