// A small school's gradebook as roster files for tests: categories, line items, results and
// birth dates (to go with test-support.ts's smallSchool). Not used by the app.
import { csv, type ManifestModes } from "./test-support";

export const CATEGORIES_HEADER = ["sourcedId", "status", "dateLastModified", "title"];
export const LINEITEMS_HEADER = [
  "sourcedId",
  "status",
  "dateLastModified",
  "title",
  "description",
  "assignDate",
  "dueDate",
  "classSourcedId",
  "categorySourcedId",
  "gradingPeriodSourcedId",
  "resultValueMin",
  "resultValueMax",
];
export const RESULTS_HEADER = [
  "sourcedId",
  "status",
  "dateLastModified",
  "lineItemSourcedId",
  "studentSourcedId",
  "scoreStatus",
  "score",
  "scoreDate",
  "comment",
];
export const DEMOGRAPHICS_HEADER = ["sourcedId", "status", "dateLastModified", "birthDate", "sex"];
export const categoryRow = (c: { id: string; title: string; status?: string }) => [c.id, c.status ?? "", "", c.title];
export const lineItemRow = (l: {
  id: string;
  cls: string;
  title: string;
  max: string | number;
  category?: string;
  due?: string;
  assigned?: string;
  description?: string;
  status?: string;
  min?: string;
}) => [
  l.id,
  l.status ?? "",
  "",
  l.title,
  l.description ?? "",
  l.assigned ?? "",
  l.due ?? "",
  l.cls,
  l.category ?? "",
  "",
  l.min ?? "0",
  String(l.max),
];
export const resultRow = (r: {
  id: string;
  item: string;
  student: string;
  score: string | number;
  date?: string;
  comment?: string;
  scoreStatus?: string;
  status?: string;
}) => [
  r.id,
  r.status ?? "",
  "",
  r.item,
  r.student,
  r.scoreStatus ?? "fully graded",
  String(r.score),
  r.date ?? "",
  r.comment ?? "",
];

/** A small school's gradebook in OneRoster 1.1 (to go with smallSchool): two categories, three line items, five results, two birth dates. */
export function smallGradebook(
  over: { categories?: string[][]; lineItems?: string[][]; results?: string[][]; demographics?: string[][] } = {},
): Record<string, string> {
  const categories = over.categories ?? [
    categoryRow({ id: "cat1", title: "Homework" }),
    categoryRow({ id: "cat2", title: "Test" }),
  ];
  const lineItems = over.lineItems ?? [
    lineItemRow({
      id: "li1",
      cls: "c1",
      title: "Chapter 1",
      max: 10,
      category: "cat1",
      due: "2024-09-20T23:59:00Z",
      assigned: "2024-09-13T08:00:00.000Z",
      description: "Exercises 1–20, show your working",
    }),
    lineItemRow({ id: "li2", cls: "c1", title: "Unit test", max: "20.0", category: "cat2", due: "2024-10-01" }),
    lineItemRow({ id: "li3", cls: "c2", title: "Lab report", max: 50 }),
  ];
  const results = over.results ?? [
    resultRow({
      id: "r1",
      item: "li1",
      student: "s1",
      score: "8.5",
      date: "2024-09-22",
      comment: "Good, but check Q7",
    }),
    resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
    resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
    resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
    resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
  ];
  const demographics = over.demographics ?? [
    ["s1", "", "", "2010-04-02", "female"],
    ["s2", "", "", "2011-12-30", ""],
  ];
  return {
    "categories.csv": csv([CATEGORIES_HEADER, ...categories]),
    "lineItems.csv": csv([LINEITEMS_HEADER, ...lineItems]),
    "results.csv": csv([RESULTS_HEADER, ...results]),
    "demographics.csv": csv([DEMOGRAPHICS_HEADER, ...demographics]),
  };
}

export const GRADEBOOK_BULK: ManifestModes = {
  users: "bulk",
  classes: "bulk",
  enrollments: "bulk",
  academicSessions: "bulk",
  orgs: "bulk",
  courses: "bulk",
  demographics: "bulk",
  categories: "bulk",
  lineItems: "bulk",
  results: "bulk",
};
