import { FIELD_LIMITS, MAX_SCORE_LIMIT } from "./limits";
import { COMMON, eachRow, type FileReader } from "./oneroster-rows";
import { quote } from "./problems";
import { instantOf, isDate, isDateTime, parseMaxScore, parseScore } from "./values";
import { msg } from "@/lib/i18n/message";

// OneRoster's gradebook files (decision 012): categories.csv, lineItems.csv (assignments) and
// results.csv (grades). Pure.

/** OneRoster 1.1 scoreStatus values. Only a fully graded result is a grade in the portal (decision 012). */
const SCORE_STATUSES_SKIPPED = new Set(["exempt", "not submitted", "partially graded", "submitted"]);

/** categories.csv → grade categories (school-wide names in the portal). */
export const categoriesFile: FileReader = {
  base: "categories.csv",
  entity: "categories",
  columns: () => [...COMMON, { name: "title", aliases: ["name"], required: true }],
  read: (file, ctx) => {
    const { data } = ctx;
    eachRow(file, ctx, "categories", (start, row) => {
      const key = `s:${start.sourcedId}`;
      const title = row.value("title").replace(/\s+/g, " ");
      if (title === "")
        row.problem(
          "title",
          msg("admin.rosterReport.text.categoryHasNoTitle"),
          msg("admin.rosterReport.text.fillTitleCategoryS"),
        );
      else row.tooLong("title", title, FIELD_LIMITS.title);
      if (!row.ok) {
        data.refused.categories.add(key);
        return;
      }
      data.categories.push({
        ref: start.ref,
        sourcedId: start.sourcedId,
        title,
        labels: { title: file.bound.label("title") },
      });
    });
  },
};

/** lineItems.csv → assignments. */
export const lineItemsFile: FileReader = {
  base: "lineitems.csv",
  entity: "assignments",
  columns: () => [
    ...COMMON,
    { name: "title", required: true },
    { name: "description" },
    { name: "assignDate" },
    { name: "dueDate" },
    { name: "classSourcedId", aliases: ["classSourcedIds", "class"], required: true },
    { name: "categorySourcedId", aliases: ["categorySourcedIds", "category"] },
    { name: "gradingPeriodSourcedId", aliases: ["gradingPeriodSourcedIds", "gradingPeriod"] },
    { name: "resultValueMin" },
    { name: "resultValueMax", required: true },
  ],
  read: (file, ctx) => {
    const { data } = ctx;
    const b = file.bound;
    eachRow(file, ctx, "lineItems", (start, row) => {
      const key = `s:${start.sourcedId}`;
      const title = row.value("title");
      if (title === "")
        row.problem(
          "title",
          msg("admin.rosterReport.text.lineItemHasNo"),
          msg("admin.rosterReport.text.fillTitleAssignmentS"),
        );
      else row.tooLong("title", title, FIELD_LIMITS.title);
      const cls = row.required("classSourcedId", msg("admin.rosterReport.text.fillClassSourcedIdClassLine"));
      const instant = (column: "dueDate" | "assignDate", dateOnly: "start" | "end"): string | null | undefined => {
        if (!b.has(column)) return undefined;
        const v = row.value(column);
        if (v === "") return null;
        const at = instantOf(v, ctx.options.timeZone, dateOnly);
        if (at === null)
          row.problem(
            column,
            msg("admin.rosterReport.text.notDateTime", { a: quote(v) }),
            msg("admin.rosterReport.text.writeAsISO8601"),
          );
        return at;
      };
      const dueDate = instant("dueDate", "end");
      const assignDate = instant("assignDate", "start");
      const max = parseMaxScore(row.value("resultValueMax"), MAX_SCORE_LIMIT);
      if (!max.ok) row.problem("resultValueMax", max.message, max.fix);
      const min = row.value("resultValueMin");
      if (min !== "" && !/^0*(\.0*)?$/.test(min))
        row.warn(
          "resultValueMin",
          msg("admin.rosterReport.text.portalSScoresStart", { a: quote(min) }),
          msg("admin.rosterReport.text.nothingMinimumNotKept"),
        );
      if (!row.ok || !max.ok) {
        data.refused.lineItems.add(key);
        return;
      }
      data.lineItems.push({
        ref: start.ref,
        sourcedId: start.sourcedId,
        classKey: `s:${cls}`,
        title,
        description: b.has("description") ? row.value("description") : undefined,
        dueDate,
        assignDate,
        categoryId: b.has("categorySourcedId") ? row.value("categorySourcedId") || null : undefined,
        maxScore: max.value,
        labels: {
          class: b.label("classSourcedId"),
          category: b.label("categorySourcedId"),
          max: b.label("resultValueMax"),
          title: b.label("title"),
        },
      });
    });
  },
};

/** results.csv → grades. Rows are kept small: a school has hundreds of thousands. */
export const resultsFile: FileReader = {
  base: "results.csv",
  entity: "grades",
  columns: () => [
    ...COMMON,
    { name: "lineItemSourcedId", aliases: ["lineItemSourcedIds", "lineItem"], required: true },
    { name: "studentSourcedId", aliases: ["studentSourcedIds", "userSourcedId", "student"], required: true },
    { name: "scoreStatus" },
    { name: "score", required: true },
    { name: "scoreDate" },
    { name: "comment", aliases: ["comments"] },
  ],
  read: (file, ctx) => {
    const { data } = ctx;
    const b = file.bound;
    data.resultsFile = {
      name: b.table.file,
      labels: {
        sourcedId: b.label("sourcedId"),
        lineItem: b.label("lineItemSourcedId"),
        student: b.label("studentSourcedId"),
        score: b.label("score"),
        status: b.label("scoreStatus"),
      },
    };
    // Scores and dates repeat across hundreds of thousands of rows: each distinct text is checked once.
    const scores = new Map<string, ReturnType<typeof parseScore>>();
    const dates = new Map<string, boolean>();
    const hasComment = b.has("comment");
    eachRow(file, ctx, "results", (start, row) => {
      const lineItemId = row.required("lineItemSourcedId");
      const studentId = row.required("studentSourcedId");
      const statusText = row.value("scoreStatus");
      const status = statusText.toLowerCase().replace(/\s+/g, " ");
      if (status !== "" && status !== "fully graded") {
        if (SCORE_STATUSES_SKIPPED.has(status)) {
          // Not a grade (yet): the row is read, its grade (if any) left as it is, and it is never a removal.
          row.warn(
            "scoreStatus",
            msg("admin.rosterReport.text.portalKeepsFullyGraded", { a: quote(statusText) }),
            msg("admin.rosterReport.text.nothingRowSkippedGrade"),
          );
          data.ignored.grades = (data.ignored.grades ?? 0) + 1;
          data.skippedResults.add(start.sourcedId);
          return;
        }
        row.problem(
          "scoreStatus",
          msg("admin.rosterReport.text.notScoreStatus", { a: quote(statusText) }),
          msg("admin.rosterReport.text.writeFullyGradedExempt"),
        );
      }
      const scoreText = row.value("score");
      let score100 = 0;
      if (scoreText === "") {
        row.problem("score", msg("admin.rosterReport.text.scoreEmpty"), msg("admin.rosterReport.text.fillScoreEG"));
      } else {
        let score = scores.get(scoreText);
        if (!score) scores.set(scoreText, (score = parseScore(scoreText)));
        if (!score.ok) row.problem("score", score.message, score.fix);
        else score100 = score.value;
      }
      const dateText = row.value("scoreDate");
      let dateOk = dateText === "" || dates.get(dateText);
      if (dateOk === undefined)
        dates.set(dateText, (dateOk = isDate(dateText) || (isDateTime(dateText) && dateText.length > 10)));
      if (!dateOk)
        row.problem(
          "scoreDate",
          msg("admin.rosterReport.text.notDate", { a: quote(dateText) }),
          msg("admin.rosterReport.text.writeAsYYYYMM"),
        );
      if (!row.ok) return;
      data.results.push({
        line: row.line,
        sourcedId: start.sourcedId,
        lineItemId,
        studentId,
        score100,
        comment: hasComment ? row.value("comment") || null : undefined,
        scoreDate: dateText === "" ? undefined : dateText.slice(0, 10),
      });
    });
  },
};
