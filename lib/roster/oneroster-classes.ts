import { FIELD_LIMITS } from "./limits";
import { COMMON, eachRow, refuse, type FileReader } from "./oneroster-rows";
import { quote } from "./problems";
import { CLASS_CODE_SHAPE, isDate, parseBoolean, slugCode, splitList } from "./values";
import { msg, type Message } from "@/lib/i18n/message";

// OneRoster's class files (decision 012): academicSessions.csv (terms), classes.csv and
// enrollments.csv. Pure.

const TERM_TYPES = new Set(["calendaryear", "gradingperiod", "schoolyear", "semester", "term"]);
const ENROLLMENT_ROLES_IGNORED = new Set([
  "administrator",
  "aide",
  "proctor",
  "parent",
  "guardian",
  "relative",
  "districtadministrator",
  "siteadministrator",
  "systemadministrator",
  "principal",
]);

export const academicSessionsFile: FileReader = {
  base: "academicsessions.csv",
  entity: "terms",
  columns: () => [
    ...COMMON,
    { name: "title", required: true },
    { name: "type", aliases: ["sessionType"] },
    { name: "startDate", required: true },
    { name: "endDate", required: true },
    { name: "parentSourcedId", aliases: ["parent"] },
    { name: "schoolYear" },
  ],
  read: (file, ctx) => {
    const { data } = ctx;
    eachRow(file, ctx, "terms", (start, row) => {
      const title = row.value("title");
      if (title === "")
        row.problem(
          "title",
          msg("admin.rosterReport.text.sessionHasNoTitle"),
          msg("admin.rosterReport.text.fillTitle"),
        );
      else row.tooLong("title", title, FIELD_LIMITS.title);
      const dates: Record<"startDate" | "endDate", string> = { startDate: "", endDate: "" };
      for (const column of ["startDate", "endDate"] as const) {
        const v = row.value(column);
        if (!isDate(v))
          row.problem(
            column,
            v === ""
              ? msg("admin.rosterReport.text.dateEmpty")
              : msg("admin.rosterReport.text.notDate", { a: quote(v) }),
            msg("admin.rosterReport.text.writeAsYYYYMM"),
          );
        dates[column] = v;
      }
      if (row.ok && dates.endDate < dates.startDate)
        row.problem(
          "endDate",
          msg("admin.rosterReport.text.sessionEndsBeforeStarts", { a: dates.endDate, b: dates.startDate }),
          msg("admin.rosterReport.text.correctDates"),
        );
      const type = row.value("type") || "term";
      if (!TERM_TYPES.has(type.toLowerCase()) && !/^ext:/i.test(type))
        row.warn(
          "type",
          msg("admin.rosterReport.text.notOneRosterSessionType", { a: quote(type) }),
          msg("admin.rosterReport.text.nothingKeptAsWritten"),
        );
      const yearText = row.value("schoolYear");
      let schoolYear: number | null = null;
      if (yearText !== "") {
        if (!/^\d{4}$/.test(yearText))
          row.problem(
            "schoolYear",
            msg("admin.rosterReport.text.notYear", { a: quote(yearText) }),
            msg("admin.rosterReport.text.writeYearSchoolYear"),
          );
        else schoolYear = Number(yearText);
      } else if (row.ok) schoolYear = Number(dates.endDate.slice(0, 4));
      if (!row.ok) return;
      data.terms.push({
        ref: start.ref,
        sourcedId: start.sourcedId,
        title,
        type,
        startDate: dates.startDate,
        endDate: dates.endDate,
        parentSourcedId: row.value("parentSourcedId") || null,
        schoolYear,
      });
    });
    if (file.mode === "bulk") ctx.termIds = new Set(data.terms.map((t) => t.sourcedId));
  },
};

export const classesFile: FileReader = {
  base: "classes.csv",
  entity: "classes",
  columns: () => [
    ...COMMON,
    { name: "title", aliases: ["classTitle", "name"], required: true },
    { name: "classCode", aliases: ["code"] },
    { name: "periods", aliases: ["period"] },
    { name: "grades", aliases: ["grade"] },
    { name: "courseSourcedId", aliases: ["courseSourcedIds"] },
    { name: "schoolSourcedId", aliases: ["schoolSourcedIds", "orgSourcedId"] },
    { name: "termSourcedIds", aliases: ["termSourcedId", "academicSessionSourcedIds"] },
  ],
  read: (file, ctx) => {
    const { data } = ctx;
    const b = file.bound;
    const courseTitles = ctx.coursesBulk ? ctx.courseTitles : undefined;
    eachRow(file, ctx, "classes", (start, row) => {
      const key = `s:${start.sourcedId}`;
      const course = row.value("courseSourcedId");
      if (course && courseTitles && !courseTitles.has(course))
        row.warn(
          "courseSourcedId",
          msg("admin.rosterReport.text.noCourseCoursesCsv", { a: quote(course) }),
          msg("admin.rosterReport.text.addCourseCoursesCsv"),
        );
      const school = row.value("schoolSourcedId");
      if (school && ctx.orgIds && !ctx.orgIds.has(school))
        row.warn(
          "schoolSourcedId",
          msg("admin.rosterReport.text.noOrgOrgsCsv", { a: quote(school) }),
          msg("admin.rosterReport.text.addSchoolOrgsCsv"),
        );
      const termIds = splitList(row.value("termSourcedIds"));
      for (const term of termIds) {
        if (ctx.termIds && !ctx.termIds.has(term))
          row.warn(
            "termSourcedIds",
            msg("admin.rosterReport.text.noAcademicSessionAcademicSessions", { a: quote(term) }),
            msg("admin.rosterReport.text.addTermAcademicSessionsCsv"),
          );
      }
      const title = row.value("title") || ctx.courseTitles?.get(course) || "";
      if (title === "")
        row.problem(
          "title",
          msg("admin.rosterReport.text.classHasNoTitle"),
          msg("admin.rosterReport.text.fillTitleClassS"),
        );
      else row.tooLong("title", title, FIELD_LIMITS.title);
      // The level code: classCode as written when a class code can be that; otherwise made from it,
      // or from the sourcedId when there is no classCode (decision 012).
      const classCode = row.value("classCode");
      let code: string;
      let codeFromFile = false;
      let codeNote: { message: Message; fix: Message } | undefined;
      if (CLASS_CODE_SHAPE.test(classCode)) {
        code = classCode;
        codeFromFile = true;
      } else {
        code = slugCode(classCode) || slugCode(start.sourcedId) || "class";
        // Said by the plan, and only when the class is new: an existing class keeps its code.
        if (classCode)
          codeNote = {
            message: msg("admin.rosterReport.text.cannotBeClassCode", { a: quote(classCode) }),
            fix: msg("admin.rosterReport.text.nothingClassGetsCode", { a: quote(code) }),
          };
      }
      const period = b.has("periods") ? splitList(row.value("periods")).join(", ") || null : undefined;
      const level = b.has("grades") ? splitList(row.value("grades")).join(", ") || null : undefined;
      if (period) row.tooLong("periods", period, FIELD_LIMITS.period);
      if (level) row.tooLong("grades", level, FIELD_LIMITS.level);
      if (!row.ok) {
        refuse(data, "classes", key, start.ref);
        return;
      }
      data.classes.push({
        ref: start.ref,
        key,
        sourcedId: start.sourcedId,
        code,
        codeFromFile,
        codeNote,
        name: title,
        period,
        level,
        termIds: termIds.length ? termIds : undefined,
        schoolId: school || undefined,
        labels: { code: b.label("classCode"), name: b.label("title") },
      });
    });
  },
};

export const enrollmentsFile: FileReader = {
  base: "enrollments.csv",
  entity: "enrollments",
  columns: () => [
    ...COMMON,
    { name: "classSourcedId", aliases: ["classSourcedIds"], required: true },
    { name: "userSourcedId", aliases: ["userSourcedIds"], required: true },
    { name: "role", aliases: ["roles"], required: true },
    { name: "primary", aliases: ["isPrimary"] },
    { name: "schoolSourcedId", aliases: ["schoolSourcedIds"] },
    { name: "beginDate", aliases: ["startDate"] },
    { name: "endDate" },
  ],
  read: (file, ctx) => {
    const { data } = ctx;
    const b = file.bound;
    eachRow(file, ctx, "enrollments", (start, row) => {
      const cls = row.required("classSourcedId");
      const user = row.required("userSourcedId");
      const rawRole = row.value("role").toLowerCase();
      let role: "student" | "teacher" | null = null;
      if (rawRole === "student" || rawRole === "teacher") role = rawRole;
      else if (!ENROLLMENT_ROLES_IGNORED.has(rawRole))
        row.problem(
          "role",
          msg("admin.rosterReport.text.notEnrollmentRole", { a: quote(row.value("role")) }),
          msg("admin.rosterReport.text.writeStudentTeacherAnother"),
        );
      const primaryText = row.value("primary");
      const primary = parseBoolean(primaryText);
      if (primary === undefined)
        row.problem(
          "primary",
          msg("admin.rosterReport.text.notTrueFalse", { a: quote(primaryText) }),
          msg("admin.rosterReport.text.writeTrueFalse"),
        );
      for (const column of ["beginDate", "endDate"] as const) {
        const v = row.value(column);
        if (v !== "" && !isDate(v))
          row.problem(
            column,
            msg("admin.rosterReport.text.notDate", { a: quote(v) }),
            msg("admin.rosterReport.text.writeAsYYYYMM"),
          );
      }
      const beginDate = row.value("beginDate") || undefined;
      if (!row.ok) return;
      if (role === null) {
        data.ignored.enrollments = (data.ignored.enrollments ?? 0) + 1;
        return;
      }
      data.enrollments.push({
        ref: start.ref,
        sourcedId: start.sourcedId,
        userKey: `s:${user}`,
        classKey: `s:${cls}`,
        schoolId: row.value("schoolSourcedId") || undefined,
        role,
        primary: primary ?? false,
        beginDate,
        labels: { user: b.label("userSourcedId"), class: b.label("classSourcedId"), role: b.label("role") },
      });
    });
  },
};
