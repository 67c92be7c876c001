import type { PortalRole, RosterCategory } from "./model";
import {
  isBulk,
  type AssignmentRef,
  type AssignmentValues,
  type CategoryRef,
  type PlanContext,
  type StateAssignment,
  type StateGrade,
  type UserRef,
} from "./plan-context";
import { keptSourcedId, ownId, ownIdNumber } from "./own-ids";
import { quote } from "./problems";
import { keptText, scoreText } from "./values";
import { dateInTimeZone } from "@/lib/domain/dates";
import { assignmentTerm, type Term } from "@/lib/domain/terms";
import { msg, type Message } from "@/lib/i18n/message";
import { ROLE_WORD } from "./words";

// Categories, assignments and grades of the plan (decision 012): OneRoster's categories.csv,
// lineItems.csv and results.csv, keyed on sourcedId like everything else. Categories are the
// portal's school-wide names (rows with one title are one category); a line item is an assignment
// of one class; a result is one student's grade on it. An import never removes a grade it is not
// told to remove: a delta's tobedeleted result deletes the grade (each one listed and audited),
// a bulk results file that no longer lists a grade leaves it to the portal. An assignment or a
// category the roster removes is deleted only when nothing refers to it any more.

const at = (ref: { file: string; line: number }) => ({ file: ref.file, line: ref.line });

/** A (assignment, student) cell as one Map key: a number for existing rows (hundreds of thousands of them), else text. */
const cellKey = (assignment: AssignmentRef, student: UserRef): number | string =>
  typeof assignment === "number" && typeof student === "number" && student < 2 ** 31
    ? assignment * 2 ** 31 + student
    : `${assignment}|${student}`;

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
  for (const li of data.lineItems) {
    const key = `s:${li.sourcedId}`;
    const cls = ctx.classFinal(li.classKey);
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
      if (a && !claimed.has(a.id) && !removing.has(a.id)) {
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

/** A published term's refusal: its report cards are out and its grades locked (issue 19). */
const lockedProblem = (term: Term) => ({
  message: msg("admin.rosterReport.text.gradeFallsTermWhich", { a: quote(term.title) }),
  fix: msg("admin.rosterReport.text.leaveResultOutUnlock"),
});

/** The published term an assignment (as this import leaves it) falls in, or null. */
function lockedTermOf(ctx: PlanContext): (ref: AssignmentRef) => Term | null {
  const { state, changes } = ctx;
  if (state.publishedTermIds.size === 0) return () => null;
  const day = (iso: string | null) => (iso === null ? null : dateInTimeZone(new Date(iso), ctx.timeZone));
  const byId = new Map(state.assignments.map((a) => [a.id, a]));
  const updated = new Map(changes.assignments.update.map((a) => [a.id, a]));
  const created = new Map(changes.assignments.create.map((a) => [`s:${a.sourcedId}`, a]));
  const memo = new Map<AssignmentRef, Term | null>();
  return (ref) => {
    if (memo.has(ref)) return memo.get(ref)!;
    let due: string | null = null;
    let made: string = dateInTimeZone(new Date(), ctx.timeZone);
    if (typeof ref === "number") {
      const a = byId.get(ref);
      const u = updated.get(ref);
      due = u ? u.dueDate : (a?.dueDate ?? null);
      if (a) made = day(a.createdAt)!;
    } else {
      const c = created.get(ref);
      due = c?.dueDate ?? null;
      if (c?.createdAt) made = day(c.createdAt)!;
    }
    const term = assignmentTerm(day(due), made, state.gradingTerms);
    const locked = term && state.publishedTermIds.has(term.id) ? term : null;
    memo.set(ref, locked);
    return locked;
  };
}

export function planGrades(ctx: PlanContext): void {
  const { data, state, problems, warnings, counts, changes } = ctx;
  const lockedTerm = lockedTermOf(ctx);
  const file = data.resultsFile;
  const bySourced = new Map<string, StateGrade>();
  const byPair = new Map<number | string, StateGrade>();
  for (const g of state.grades) {
    if (g.sourcedId !== null) bySourced.set(g.sourcedId, g);
    byPair.set(cellKey(g.assignmentId, g.studentId), g);
  }
  const claimed = new Set<number>();
  const updatedScore = new Map<number, number>();
  if (file) {
    const pairLine = new Map<number | string, number>();
    const userOf = new Map<string, { ref: UserRef; role: string } | undefined>();
    for (const r of data.results) {
      const where = { file: file.name, line: r.line };
      const li = ctx.lineItemFinal(r.lineItemId);
      if (!li) {
        if (!data.refused.lineItems.has(`s:${r.lineItemId}`) && !data.broken.has("assignments")) {
          problems.add({
            ...where,
            column: file.labels.lineItem,
            message: msg("admin.rosterReport.text.noLineItemLineItems", { a: quote(r.lineItemId) }),
            fix: msg("admin.rosterReport.text.addLineItemRemove"),
          });
        }
        continue;
      }
      const studentKey = `s:${r.studentId}`;
      let student = userOf.get(studentKey);
      if (!userOf.has(studentKey)) userOf.set(studentKey, (student = ctx.userFinal(studentKey)));
      if (!student) {
        if (!ctx.refusedUsers.has(studentKey) && !ctx.brokenUsers) {
          problems.add({
            ...where,
            column: file.labels.student,
            message: msg("admin.rosterReport.text.noUserUsersCsv", { a: quote(r.studentId) }),
            fix: msg("admin.rosterReport.text.addStudentRemoveResult"),
          });
        }
        continue;
      }
      if (student.role !== "student") {
        problems.add({
          ...where,
          column: file.labels.student,
          message: msg("admin.rosterReport.text.resultStudentS", {
            a: quote(r.studentId),
            b: ROLE_WORD[student.role as PortalRole],
          }),
          fix: msg("admin.rosterReport.text.correctStudentSourcedId"),
        });
        continue;
      }
      if (r.score100 > li.maxScore * 100) {
        problems.add({
          ...where,
          column: file.labels.score,
          message: msg("admin.rosterReport.text.moreThanLineItem", { a: scoreText(r.score100), b: li.maxScore }),
          fix: msg("admin.rosterReport.text.correctScoreRaiseLine"),
        });
        continue;
      }
      const pair = cellKey(li.ref, student.ref);
      const first = pairLine.get(pair);
      if (first !== undefined) {
        problems.add({
          ...where,
          column: file.labels.student,
          message: msg("admin.rosterReport.text.studentAlreadyHasResult", { a: first }),
          fix: msg("admin.rosterReport.text.listOneResultPer"),
        });
        continue;
      }
      pairLine.set(pair, r.line);
      let db = bySourced.get(r.sourcedId);
      if (db && (db.assignmentId !== li.ref || db.studentId !== student.ref)) {
        problems.add({
          ...where,
          column: file.labels.sourcedId,
          message: msg("admin.rosterReport.text.resultAnotherStudentS", { a: quote(r.sourcedId) }),
          fix: msg("admin.rosterReport.text.resultCannotMoveAnother"),
        });
        continue;
      }
      // A grade already given for the same student and assignment (in the portal, or by an earlier result) is that result's.
      if (!db && typeof li.ref === "number" && typeof student.ref === "number") db = byPair.get(pair);
      const locked = lockedTerm(li.ref);
      const feedback = r.comment === undefined ? (db?.feedback ?? null) : keptText(db?.feedback, r.comment);
      const gradedDay = r.scoreDate ?? null;
      const sourcedId = keptSourcedId(r.sourcedId, db, db && ownId.result(db.assignmentId, db.studentId));
      const values = {
        sourcedId: r.sourcedId,
        assignment: li.ref,
        student: student.ref,
        score100: r.score100,
        feedback,
        gradedDay,
      };
      if (db) claimed.add(db.id);
      const same =
        db !== undefined &&
        db.score100 === r.score100 &&
        db.feedback === feedback &&
        db.sourcedId === sourcedId &&
        (gradedDay === null || gradedDay === db.gradedDay);
      if (!same && locked) {
        problems.add({ ...where, column: file.labels.score, ...lockedProblem(locked) });
        continue;
      }
      if (!db) {
        changes.grades.create.push(values);
        counts.grades.create += 1;
        continue;
      }
      if (same) counts.grades.unchanged += 1;
      else {
        changes.grades.update.push({
          ...values,
          sourcedId,
          gradedDay: gradedDay === db.gradedDay ? null : gradedDay,
          id: db.id,
          oldScore100: db.score100,
        });
        counts.grades.update += 1;
        updatedScore.set(db.id, r.score100);
      }
    }
  }

  // Removals. A delta's tobedeleted result deletes its grade, listed and audited; a bulk results
  // file that no longer lists a roster grade leaves it in the portal as the portal's own.
  const titleOf = new Map(state.assignments.map((a) => [a.id, a.title]));
  const names = new Map(state.users.map((u) => [u.id, u.name]));
  const nameOf = (id: number): Message | string => names.get(id) ?? msg("admin.rosterReport.parts.user", { a: id });
  const describe = (g: StateGrade) => {
    const title = titleOf.get(g.assignmentId);
    return msg("admin.rosterReport.parts.sGradeOn", {
      a: nameOf(g.studentId),
      b: title !== undefined ? quote(title) : msg("admin.rosterReport.parts.assignment", { a: g.assignmentId }),
      c: scoreText(g.score100),
    });
  };
  const deleted = new Set<number>();
  if (file && isBulk(ctx, "grades")) {
    const listed = new Set<string>();
    for (const r of data.results) listed.add(r.sourcedId);
    for (const id of data.skippedResults) listed.add(id);
    for (const g of state.grades) {
      if (g.sourcedId === null || claimed.has(g.id) || listed.has(g.sourcedId)) continue;
      changes.grades.detach.push(g.id);
      counts.grades.kept += 1;
      warnings.add({
        file: file.name,
        line: 0,
        column: file.labels.sourcedId,
        message: msg("admin.rosterReport.text.resultNotFile", { a: describe(g), b: quote(g.sourcedId) }),
        fix: msg("admin.rosterReport.text.nothingGradeStaysAs"),
      });
    }
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.results) {
      const g = bySourced.get(d.sourcedId);
      if (!g || claimed.has(g.id) || deleted.has(g.id)) continue;
      const locked = lockedTerm(g.assignmentId);
      if (locked) {
        problems.add({ file: d.ref.file, line: d.ref.line, column: "status", ...lockedProblem(locked) });
        continue;
      }
      deleted.add(g.id);
      changes.grades.delete.push(g.id);
      counts.grades.delete += 1;
      ctx.gradesDeletedOn.set(g.assignmentId, (ctx.gradesDeletedOn.get(g.assignmentId) ?? 0) + 1);
      warnings.add({
        file: d.ref.file,
        line: d.ref.line,
        column: "status",
        message: msg("admin.rosterReport.text.willBeDeleted", { a: describe(g) }),
        fix: msg("admin.rosterReport.text.nothingIfSISRemoved"),
      });
    }
  }

  // A lowered maximum must stay at or above every grade the assignment keeps.
  const lowered = changes.assignments.update.filter((u) => {
    const db = state.assignments.find((a) => a.id === u.id);
    return db !== undefined && u.maxScore < db.maxScore && db.topScore100 !== null && db.topScore100 > u.maxScore * 100;
  });
  if (lowered.length) {
    const loaded = data.resultsFile !== null; // every grade was loaded (lib/roster/state.ts)
    for (const u of lowered) {
      const row = data.lineItems.find((li) => ctx.lineItemFinal(li.sourcedId)?.ref === u.id)!;
      let over: { score: number; who: Message | string } | undefined;
      if (loaded) {
        for (const g of state.grades) {
          if (g.assignmentId !== u.id || deleted.has(g.id)) continue;
          const score = updatedScore.get(g.id) ?? g.score100;
          if (score > u.maxScore * 100 && (!over || score > over.score)) over = { score, who: nameOf(g.studentId) };
        }
      } else
        over = {
          score: state.assignments.find((a) => a.id === u.id)!.topScore100!,
          who: msg("admin.rosterReport.parts.student"),
        };
      if (over) {
        problems.add({
          file: row.ref.file,
          line: row.ref.line,
          column: row.labels.max,
          message: msg("admin.rosterReport.text.portalHasGradeAbove", {
            a: u.maxScore,
            b: scoreText(over.score),
            c: over.who,
          }),
          fix: msg("admin.rosterReport.text.keepResultValueMaxAtAbove"),
        });
      }
    }
  }
}

/** Assignments and categories the roster removes: deleted when nothing refers to them, else kept as the portal's own. */
export function planGradebookRemovals(ctx: PlanContext): void {
  const { state, counts, changes, warnings } = ctx;
  const byId = new Map(state.assignments.map((a) => [a.id, a]));
  const gone = new Set<number>();
  for (const p of ctx.pending.assignments) {
    const a = byId.get(p.id)!;
    const remaining = a.grades - (ctx.gradesDeletedOn.get(a.id) ?? 0);
    const what = msg("admin.rosterReport.parts.assignment2", { a: quote(a.title), b: quote(a.levelCode) });
    if (a.submitted || remaining > 0) {
      changes.assignments.detach.push(a.id);
      counts.assignments.kept += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.noLongerRosterBut", {
          a: what,
          b:
            remaining > 0
              ? msg(remaining === 1 ? "admin.rosterReport.parts.grade" : "admin.rosterReport.parts.grades", {
                  count: remaining,
                })
              : msg("admin.rosterReport.parts.submissions"),
        }),
        fix: msg("admin.rosterReport.text.nothingStaysAsPortal"),
      });
    } else {
      gone.add(a.id);
      changes.assignments.delete.push(a.id);
      counts.assignments.delete += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.willBeDeletedHas", { a: what }),
        fix: msg("admin.rosterReport.text.nothingIfSISRemoved2"),
      });
    }
  }
  if (ctx.pending.categories.length === 0) return;
  // Which categories assignments use once this import is done.
  const used = new Set<CategoryRef>();
  const updated = new Map(changes.assignments.update.map((u) => [u.id, u.category]));
  for (const a of state.assignments) {
    if (gone.has(a.id)) continue;
    const category = updated.has(a.id) ? updated.get(a.id)! : a.categoryId;
    if (category !== null) used.add(category);
  }
  for (const c of changes.assignments.create) if (c.category !== null) used.add(c.category);
  const nameOf = new Map(state.categories.map((c) => [c.id, c.name]));
  for (const p of ctx.pending.categories) {
    if (used.has(p.id)) {
      changes.categories.detach.push(p.id);
      counts.categories.kept += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.categoryNoLongerRoster", { a: quote(nameOf.get(p.id) ?? "") }),
        fix: msg("admin.rosterReport.text.nothingStaysAsPortal2"),
      });
    } else {
      changes.categories.delete.push(p.id);
      counts.categories.delete += 1;
    }
  }
}
