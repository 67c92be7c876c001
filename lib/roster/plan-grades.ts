// The grades of the plan (OneRoster's results.csv), refused in a published term (decision 012, issue 19).
import type { PortalRole } from "./model";
import { isBulk, type AssignmentRef, type PlanContext, type StateGrade, type UserRef } from "./plan-context";
import { keptSourcedId, ownId } from "./own-ids";
import { quote } from "./problems";
import { keptText, scoreText } from "./values";
import { dateInTimeZone } from "@/lib/domain/dates";
import { assignmentTerm, type Term } from "@/lib/domain/terms";
import { msg, type Message } from "@/lib/i18n/message";
import { ROLE_WORD } from "./words";
import { leaveConcludedRow } from "./plan-years";

/** A (assignment, student) cell as one Map key: a number for existing rows (hundreds of thousands of them), else text. */
const cellKey = (assignment: AssignmentRef, student: UserRef): number | string =>
  typeof assignment === "number" && typeof student === "number" && student < 2 ** 31
    ? assignment * 2 ** 31 + student
    : `${assignment}|${student}`;

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
  // A closed year's grades stay as they are (issue 41), whatever the file leaves out or deletes.
  const classOf = new Map(state.assignments.map((a) => [a.id, a.levelCode]));
  const closedGrade = (g: StateGrade) => ctx.concludedCodes.has(classOf.get(g.assignmentId) ?? "");
  if (file && isBulk(ctx, "grades")) {
    const listed = new Set<string>();
    for (const r of data.results) listed.add(r.sourcedId);
    for (const id of data.skippedResults) listed.add(id);
    for (const g of state.grades) {
      if (g.sourcedId === null || claimed.has(g.id) || listed.has(g.sourcedId)) continue;
      if (closedGrade(g)) {
        ctx.shielded.add(classOf.get(g.assignmentId)!);
        continue;
      }
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
      if (closedGrade(g)) {
        const code = classOf.get(g.assignmentId)!;
        ctx.shielded.add(code);
        leaveConcludedRow(ctx, d.ref, "status", code);
        continue;
      }
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
