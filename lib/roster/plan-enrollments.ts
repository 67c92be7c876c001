// The plan's enrollments: students' classes, and each class's teacher from its teacher enrollments (decision 012).
import type { RosterEnrollment } from "./model";
import { isBulk, type PlanContext, type UserRef } from "./plan-context";
import { ownId } from "./own-ids";
import { quote } from "./problems";
import { msg } from "@/lib/i18n/message";
import { ROLE_WORD } from "./words";
import { planClassRows } from "./plan-classes";
import { leaveConcludedRow } from "./plan-years";

/** Student enrollments, and each class's teacher from its teacher enrollments; then the class rows. */
export function planEnrollments(ctx: PlanContext): void {
  const { data, state, problems, counts, changes } = ctx;
  const wanted: {
    student: UserRef;
    levelCode: string;
    sourcedId: string | null;
    enrolledDay: string | null;
    e: RosterEnrollment;
  }[] = [];
  const pairs = new Map<string, RosterEnrollment>();
  const teachers = new Map<string, { teacher: UserRef; e: RosterEnrollment }[]>();
  let closedPairs: Set<string> | undefined;
  for (const e of data.enrollments) {
    const user = ctx.userFinal(e.userKey);
    const cls = ctx.classFinal(e.classKey);
    const id = (key: string) => key.slice(2);
    if (!user || !cls) {
      // A row this upload refused or marks tobedeleted is the cause: name it, and skip this one.
      const which = !user ? ("users" as const) : ("classes" as const);
      const key = which === "users" ? e.userKey : e.classKey;
      const refusedAt = ctx.causes[which].get(key);
      const deletedAt = data.causes.deleted[which].get(key);
      const column = which === "users" ? e.labels.user : e.labels.class;
      if (refusedAt || deletedAt) {
        ctx.warnings.add({
          file: e.ref.file,
          line: e.ref.line,
          column,
          message: refusedAt
            ? msg(
                which === "users"
                  ? "admin.rosterReport.text.skippedUserRefused"
                  : "admin.rosterReport.text.skippedClassRefused",
                { a: quote(id(key)), b: refusedAt.file, c: refusedAt.line },
              )
            : msg(
                which === "users"
                  ? "admin.rosterReport.text.skippedUserDeleted"
                  : "admin.rosterReport.text.skippedClassDeleted",
                { a: quote(id(key)), b: deletedAt!.file, c: deletedAt!.line },
              ),
          fix: refusedAt
            ? msg(which === "users" ? "admin.rosterReport.text.fixUserRow" : "admin.rosterReport.text.fixClassRow")
            : msg("admin.rosterReport.text.nothingEnrollmentGoesWith"),
        });
        counts.enrollments.ignored += 1;
      } else if (!(which === "users" ? ctx.brokenUsers : ctx.brokenClasses))
        problems.add({
          file: e.ref.file,
          line: e.ref.line,
          column,
          message: msg(
            which === "users" ? "admin.rosterReport.text.noUserInFile" : "admin.rosterReport.text.noClassInFile",
            {
              a: quote(id(key)),
            },
          ),
          fix:
            which === "users"
              ? msg("admin.rosterReport.text.addUserRemoveEnrollment")
              : data.format === "spreadsheet"
                ? msg("admin.rosterReport.text.addClassStaffClasses")
                : msg("admin.rosterReport.text.addClassRemoveEnrollment"),
        });
      continue;
    }
    // A class of a closed year keeps its students and teacher as they were (issue 41).
    if (ctx.concludedCodes.has(cls.code)) {
      closedPairs ??= new Set(
        state.enrollments
          .filter((x) => ctx.concludedCodes.has(x.levelCode))
          .map((x) => `${x.studentId}|${x.levelCode}`),
      );
      const existing = e.role === "student" && closedPairs.has(`${user.ref}|${cls.code}`);
      if (existing) counts.enrollments.unchanged += 1;
      else {
        leaveConcludedRow(ctx, e.ref, e.labels.class, cls.code);
        counts.enrollments.ignored += 1;
      }
      continue;
    }
    if (e.role === "student") {
      if (user.role === "instructor" || user.role === "admin") {
        // One role a person (decision 012): staff enrolled as a student somewhere stay staff.
        ctx.warnings.add({
          file: e.ref.file,
          line: e.ref.line,
          column: e.labels.role,
          message: msg("admin.rosterReport.text.enrolledAsStudentStaff", {
            a: quote(id(e.userKey)),
            b: ROLE_WORD[user.role],
          }),
          fix: msg("admin.rosterReport.text.nothingThisStudentEnrollment"),
        });
        counts.enrollments.ignored += 1;
        continue;
      }
      if (user.role !== "student") {
        problems.add({
          file: e.ref.file,
          line: e.ref.line,
          column: e.labels.role,
          message: msg("admin.rosterReport.text.enrolledAsStudent", {
            a: quote(id(e.userKey)),
            b: ROLE_WORD[user.role],
          }),
          fix: msg("admin.rosterReport.text.correctEnrollmentSRole"),
        });
        continue;
      }
      const pair = `${user.ref}|${cls.code}`;
      const first = pairs.get(pair);
      if (first) {
        ctx.warnings.add({
          file: e.ref.file,
          line: e.ref.line,
          column: e.labels.class,
          message: msg("admin.rosterReport.text.sameStudentEnrolledSame", { a: first.ref.line }),
          fix: msg("admin.rosterReport.text.nothingEnrollmentCountedOnce"),
        });
        continue;
      }
      pairs.set(pair, e);
      wanted.push({
        student: user.ref,
        levelCode: cls.code,
        sourcedId: e.sourcedId,
        enrolledDay: e.beginDate ?? null,
        e,
      });
    } else if (user.role === "instructor") {
      const list = teachers.get(cls.code) ?? [];
      list.push({ teacher: user.ref, e });
      teachers.set(cls.code, list);
    } else if (user.role === "admin") {
      ctx.warnings.add({
        file: e.ref.file,
        line: e.ref.line,
        column: e.labels.user,
        message: msg("admin.rosterReport.text.administratorClassSTeacher", { a: quote(id(e.userKey)) }),
        fix: msg("admin.rosterReport.text.nothingThisTeacherEnrollment"),
      });
      counts.enrollments.ignored += 1;
    } else {
      problems.add({
        file: e.ref.file,
        line: e.ref.line,
        column: e.labels.role,
        message: msg("admin.rosterReport.text.enrolledAsTeacher", { a: quote(id(e.userKey)), b: ROLE_WORD[user.role] }),
        fix: msg("admin.rosterReport.text.correctEnrollmentSRole"),
      });
    }
  }

  // Student enrollments against the portal's.
  const userById = new Map(state.users.map((u) => [u.id, u]));
  const levelByCode = new Map(state.levels.map((l) => [l.code, l]));
  const ownEnrollmentId = (studentId: number, levelCode: string) => {
    const [u, l] = [userById.get(studentId), levelByCode.get(levelCode)];
    return u && l ? ownId.enrollment(ownId.class(l), ownId.user(u)) : undefined;
  };
  const byPair = new Map(state.enrollments.map((x) => [`${x.studentId}|${x.levelCode}`, x]));
  const bySourced = new Map(state.enrollments.filter((x) => x.sourcedId !== null).map((x) => [x.sourcedId!, x]));
  const gone = new Set<number>();
  const kept = new Set<number>();
  const moved: number[] = [];
  for (const w of wanted) {
    const existing = typeof w.student === "number" ? byPair.get(`${w.student}|${w.levelCode}`) : undefined;
    let sourcedId = w.sourcedId;
    if (sourcedId !== null) {
      const holder = bySourced.get(sourcedId);
      // The enrollment moved to another class or student; one in a closed year's class stays there,
      // with its sourcedId, and the new one goes without.
      if (holder && holder !== existing) {
        if (ctx.concludedCodes.has(holder.levelCode)) sourcedId = null;
        else moved.push(holder.id);
      }
    }
    if (!existing) {
      changes.enrollments.create.push({
        student: w.student,
        levelCode: w.levelCode,
        sourcedId,
        enrolledDay: w.enrolledDay,
      });
      counts.enrollments.create += 1;
    } else {
      kept.add(existing.id);
      // beginDate → enrolled_at, compared as a day in the school's time zone (the export writes the day).
      const own =
        existing.sourcedId === null && w.sourcedId === ownEnrollmentId(existing.studentId, existing.levelCode);
      const newSourcedId = w.sourcedId !== null && existing.sourcedId !== w.sourcedId && !own ? w.sourcedId : null;
      const newDay = w.enrolledDay !== null && w.enrolledDay !== existing.enrolledDay ? w.enrolledDay : null;
      if (newSourcedId !== null || newDay !== null) {
        changes.enrollments.update.push({ id: existing.id, sourcedId: newSourcedId, enrolledDay: newDay });
        counts.enrollments.update += 1;
      } else counts.enrollments.unchanged += 1;
    }
  }
  for (const id of moved) if (!kept.has(id)) gone.add(id);
  const wantedIds = new Set(wanted.map((w) => w.sourcedId).filter((s): s is string => s !== null));
  if (isBulk(ctx, "enrollments")) {
    for (const x of state.enrollments)
      if (x.sourcedId !== null && !wantedIds.has(x.sourcedId) && !kept.has(x.id)) gone.add(x.id);
  } else if (!data.upsertOnly) {
    for (const d of data.deleted.enrollments) {
      const x = bySourced.get(d.sourcedId);
      if (x && !kept.has(x.id)) gone.add(x.id);
    }
  }
  const goneCodes = new Set(state.levels.filter((l) => ctx.levelsGone.has(l.id)).map((l) => l.code));
  for (const x of state.enrollments) if (ctx.usersGone.has(x.studentId) || goneCodes.has(x.levelCode)) gone.add(x.id);
  // A closed year's enrollments stay, whoever or whatever else goes (issue 41).
  for (const x of state.enrollments)
    if (ctx.concludedCodes.has(x.levelCode) && gone.delete(x.id)) ctx.shielded.add(x.levelCode);
  changes.enrollments.delete.push(...gone);
  counts.enrollments.delete += gone.size;

  planClassRows(ctx, teachers);
}
