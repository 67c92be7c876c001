import "server-only";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { dateInTimeZone } from "@/lib/domain/dates";
import { INTERCHANGE, toCsv, type Cell } from "./csv";
import {
  generatedId,
  manifestRows,
  ONEROSTER_HEADERS,
  oneRosterRole,
  namePartsOf,
  type OneRosterFile,
} from "./oneroster-format";
import { readSnapshot, SID_SEPARATOR, type Snapshot } from "./oneroster-read";

// The whole school as a OneRoster 1.1 CSV zip (bulk): the rostering files the import reads, and
// lineItems, results and categories so grades go back to a SIS. The mapping is the import's,
// backwards (decision 012): a class's classCode is the level code, periods its period, grades its
// level; the primary teacher enrollment is its teacher; agentSourcedIds on a student are its
// guardians (guardian_links); academicSessions are the school's terms. Each row keeps the
// sourcedId the import stored, else gets a stable one from its own key (user-<id>,
// class-<code>…). Access codes are never written: the password column stays empty. What OneRoster
// has no column for is written in the portal's own ext_portal_* columns of users.csv (a student's
// parent numbers, each guardian link's relationship), which the import reads back: the zip
// re-imports into an empty portal with nothing lost. Announcements, responses, submissions,
// attendance and the audit log have no OneRoster 1.1 file.
//
// The files are written a few thousand rows at a time, yielding between batches, straight into a
// streaming zip: a school's 360,000 results never exist as one array or one string, and other
// requests keep being served while it runs.

export type ExportFileName = OneRosterFile | "manifest.csv";

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
function fileRows(
  s: Snapshot,
  options: { schoolName: string; timeZone: string },
): Record<OneRosterFile, () => Iterable<Cell[]>> {
  const orgId = generatedId.org();
  const userSid = new Map(s.users.map((u) => [Number(u.id), u.sid ?? generatedId.user(Number(u.id))]));
  const classSid = new Map(s.levels.map((l) => [l.code, l.sid ?? generatedId.class(l.code)]));
  const sessions = sessionsOf(s, options.timeZone);
  const plan = sessionPlan(sessions);
  const feedback = new Map(s.feedback.map((f) => [`${f.assignment_id}|${f.student_id}`, f.feedback]));
  const lineItemSid = new Map(s.assignments.map((a) => [Number(a.id), a.sid ?? generatedId.lineItem(Number(a.id))]));
  const categorySid = new Map(s.categories.map((c) => [Number(c.id), c.sid ?? generatedId.category(Number(c.id))]));
  return {
    "orgs.csv": () => [[orgId, "", "", options.schoolName, "school", "", ""]],
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

const BATCH = 5_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes every file, a batch of rows at a time: `write(file, text)` gets the header first, then
 * the rows, the manifest before the others. Returns the number of rows of each file.
 */
export async function writeOneRoster(
  options: { schoolName: string; timeZone: string },
  write: (file: ExportFileName, text: string) => void,
): Promise<Record<OneRosterFile, number>> {
  const snapshot = await readSnapshot(options.timeZone);
  const files = fileRows(snapshot, options);
  const names = Object.keys(files) as OneRosterFile[];
  write(
    "manifest.csv",
    toCsv(manifestRows(names, { systemName: "Classroom Portal", systemCode: options.schoolName }), INTERCHANGE),
  );
  const counts = {} as Record<OneRosterFile, number>;
  for (const name of names) {
    write(name, toCsv([[...ONEROSTER_HEADERS[name]]], INTERCHANGE));
    let batch: Cell[][] = [];
    let n = 0;
    for (const row of files[name]()) {
      batch.push(row);
      if (batch.length === BATCH) {
        write(name, toCsv(batch, INTERCHANGE));
        n += batch.length;
        batch = [];
        await yieldToOthers();
      }
    }
    if (batch.length) write(name, toCsv(batch, INTERCHANGE));
    counts[name] = n + batch.length;
  }
  return counts;
}

/** Every file as one string (tests and small schools). */
export async function buildOneRosterExport(options: {
  schoolName: string;
  timeZone: string;
}): Promise<{ files: Record<ExportFileName, string>; counts: Record<OneRosterFile, number> }> {
  const parts = new Map<ExportFileName, string[]>();
  const counts = await writeOneRoster(options, (file, text) => {
    const list = parts.get(file) ?? [];
    list.push(text);
    parts.set(file, list);
  });
  return {
    files: Object.fromEntries([...parts].map(([f, list]) => [f, list.join("")])) as Record<ExportFileName, string>,
    counts,
  };
}

/** The zip, deflated as the rows are written (the manifest first: readers that stream a zip look for it first). */
export async function oneRosterZip(options: {
  schoolName: string;
  timeZone: string;
}): Promise<Uint8Array<ArrayBuffer>> {
  const out: Uint8Array[] = [];
  // Set from the zip callback: typed so that the compiler does not narrow it to `null` here.
  let failure = null as Error | null;
  const zip = new Zip((err, data) => {
    if (err) failure ??= err;
    else out.push(data);
  });
  const entries = new Map<ExportFileName, ZipDeflate>();
  await writeOneRoster(options, (file, text) => {
    let entry = entries.get(file);
    if (!entry) {
      for (const open of entries.values()) open.push(new Uint8Array(0), true); // the previous file is complete
      entries.clear();
      entry = new ZipDeflate(file, { level: 6 });
      zip.add(entry);
      entries.set(file, entry);
    }
    entry.push(strToU8(text));
  });
  for (const open of entries.values()) open.push(new Uint8Array(0), true);
  zip.end();
  if (failure) throw failure;
  const size = out.reduce((s, c) => s + c.byteLength, 0);
  const result = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of out) {
    result.set(c, at);
    at += c.byteLength;
  }
  return result;
}
