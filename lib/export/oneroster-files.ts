// Each file of the OneRoster export as rows, produced lazily, with the school's terms as its
// academic sessions: the mapping lib/export/oneroster.ts describes (decision 012).
import "server-only";
import { dateInTimeZone } from "@/lib/domain/dates";
import { type Cell } from "./csv";
import { generatedId, oneRosterRole, namePartsOf, type OneRosterFile } from "./oneroster-format";
import { SID_SEPARATOR, type Snapshot } from "./oneroster-read";

interface Session {
  sourcedId: string;
  title: string;
  type: string;
  startDate: string;
  endDate: string;
  parentSourcedId: string;
  schoolYear: string;
}

/** The school's terms; without any, one school year spanning the data, since classes and line items need a term. */
function sessionsOf(s: Snapshot, timeZone: string): Session[] {
  if (s.terms.length) {
    return s.terms.map((t) => ({
      sourcedId: t.sourced_id ?? generatedId.term(Number(t.id)),
      title: t.title,
      type: t.type,
      startDate: t.start_date,
      endDate: t.end_date,
      parentSourcedId: t.parent_sourced_id ?? "",
      schoolYear: t.school_year === null ? "" : String(t.school_year),
    }));
  }
  const today = dateInTimeZone(new Date(), timeZone);
  const [start, end] = [s.span.first ?? today, s.span.last ?? today];
  const [startYear, endYear] = [start.slice(0, 4), end.slice(0, 4)];
  const title = startYear === endYear ? `School year ${startYear}` : `School year ${startYear}-${endYear}`;
  return [
    {
      sourcedId: generatedId.session(start, end),
      title,
      type: "schoolYear",
      startDate: start,
      endDate: end,
      parentSourcedId: "",
      schoolYear: endYear,
    },
  ];
}

/** Where classes and line items point: the school years (else the top-level terms), and the shortest session holding a day. */
function sessionPlan(sessions: readonly Session[]) {
  const years = sessions.filter((s) => s.type === "schoolYear");
  const roots = years.length ? years : sessions.filter((s) => !s.parentSourcedId);
  const classTerms = (roots.length ? roots : sessions).map((s) => s.sourcedId);
  const span = (s: Session) => Date.parse(s.endDate) - Date.parse(s.startDate);
  const holding = (day: string) => {
    let best: Session | undefined;
    for (const s of sessions) if (s.startDate <= day && day <= s.endDate && (!best || span(s) < span(best))) best = s;
    return best?.sourcedId ?? classTerms[0]!;
  };
  return { schoolYear: (years[0] ?? roots[0] ?? sessions[0])!.sourcedId, classTerms: classTerms.join(","), holding };
}

/** Each file's rows (without the header), produced lazily. */
export function fileRows(
  s: Snapshot,
  options: { schoolName: string; timeZone: string },
): Record<OneRosterFile, () => Iterable<Cell[]>> {
  // The district's ids when its files named the school (issue 42), so the district reads it back.
  const orgId = s.org?.sid ?? generatedId.org();
  const parent = s.org?.parent_sid ? { id: s.org.parent_sid, name: s.org.parent_name ?? "" } : null;
  const userSid = new Map(s.users.map((u) => [Number(u.id), u.sid ?? generatedId.user(Number(u.id))]));
  const classSid = new Map(s.levels.map((l) => [l.code, l.sid ?? generatedId.class(l.code)]));
  const sessions = sessionsOf(s, options.timeZone);
  const plan = sessionPlan(sessions);
  const feedback = new Map(s.feedback.map((f) => [`${f.assignment_id}|${f.student_id}`, f.feedback]));
  const lineItemSid = new Map(s.assignments.map((a) => [Number(a.id), a.sid ?? generatedId.lineItem(Number(a.id))]));
  const categorySid = new Map(s.categories.map((c) => [Number(c.id), c.sid ?? generatedId.category(Number(c.id))]));
  return {
    "orgs.csv": () => [
      ...(parent ? [[parent.id, "", "", parent.name, "district", "", ""]] : []),
      [orgId, "", "", options.schoolName, "school", "", parent?.id ?? ""],
    ],
    "academicSessions.csv": () =>
      sessions.map((x) => [
        x.sourcedId,
        "",
        "",
        x.title,
        x.type,
        x.startDate,
        x.endDate,
        x.parentSourcedId,
        x.schoolYear,
      ]),
    "courses.csv": () =>
      s.levels.map((l) => [
        generatedId.course(classSid.get(l.code)!),
        "",
        "",
        plan.schoolYear,
        l.name,
        l.code,
        l.level ?? "",
        orgId,
        "",
        "",
      ]),
    "classes.csv": () =>
      s.levels.map((l) => {
        const cls = classSid.get(l.code)!;
        return [
          cls,
          "",
          "",
          l.name,
          l.level ?? "",
          generatedId.course(cls),
          l.code,
          "scheduled",
          "",
          orgId,
          plan.classTerms,
          "",
          "",
          l.period ?? "",
        ];
      }),
    "users.csv": () =>
      s.users.map((u) => {
        const { givenName, familyName } = namePartsOf(u.name, u.given_name, u.family_name);
        const student = u.role === "student";
        const agents =
          student && u.agents
            ? u.agents
                .split(",")
                .map((id) => userSid.get(Number(id))!)
                .join(",")
            : "";
        const relationships = student && u.agents ? (u.agent_relationships ?? "") : "";
        const role = oneRosterRole(u.role, u.relationships ? u.relationships.split(",") : []);
        return [
          userSid.get(Number(u.id))!,
          "",
          "",
          "true",
          orgId,
          role,
          u.username,
          "",
          givenName,
          familyName,
          "",
          "",
          u.email ?? "",
          "",
          u.phone ?? "",
          agents,
          "",
          "",
          student ? (u.parent1 ?? "") : "",
          student ? (u.parent2 ?? "") : "",
          relationships,
        ];
      }),
    "enrollments.csv": function* () {
      for (const l of s.levels) {
        if (l.teacher_id === null) continue;
        const cls = classSid.get(l.code)!;
        const teacher = userSid.get(Number(l.teacher_id))!;
        yield [
          l.teacher_enrollment_sid ?? generatedId.enrollment(cls, teacher),
          "",
          "",
          cls,
          orgId,
          teacher,
          "teacher",
          "true",
          "",
          "",
        ];
      }
      for (const e of s.enrollments) {
        const cls = classSid.get(e.level_code)!;
        const student = userSid.get(Number(e.student_id))!;
        yield [
          e.sid ?? generatedId.enrollment(cls, student),
          "",
          "",
          cls,
          orgId,
          student,
          "student",
          "false",
          e.day,
          "",
        ];
      }
    },
    "demographics.csv": () =>
      s.users.filter((u) => u.dob).map((u) => [userSid.get(Number(u.id))!, "", "", u.dob, ...Array<Cell>(12).fill("")]),
    "categories.csv": () => s.categories.map((c) => [categorySid.get(Number(c.id))!, "", "", c.name]),
    "lineItems.csv": () =>
      s.assignments.map((a) => [
        lineItemSid.get(Number(a.id))!,
        "",
        "",
        a.title,
        a.description,
        // The exact instants (ISO 8601, UTC, milliseconds): a date alone would move a 23:59 deadline.
        a.assigned_at,
        a.due_at ?? "",
        classSid.get(a.level_code)!,
        a.category_id === null ? "" : categorySid.get(Number(a.category_id))!,
        plan.holding(a.due_day ?? a.assigned),
        0,
        Number(a.max_score),
      ]),
    "results.csv": function* () {
      for (const g of s.gradeGroups) {
        const assignment = Number(g.assignment_id);
        const lineItem = lineItemSid.get(assignment)!;
        const [students, scores, days, sids] = [
          g.students.split(","),
          g.scores.split(","),
          g.days.split(","),
          g.sids.split(SID_SEPARATOR),
        ];
        for (let i = 0; i < students.length; i++) {
          const student = Number(students[i]);
          const comment = feedback.get(`${assignment}|${student}`) ?? "";
          yield [
            sids[i] || generatedId.result(assignment, student),
            "",
            "",
            lineItem,
            userSid.get(student)!,
            "fully graded",
            Number(scores[i]),
            days[i]!,
            comment,
          ];
        }
      }
    },
  };
}
