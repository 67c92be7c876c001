// Two school years of one small school as OneRoster files (issue 41), built in code like
// test-support.ts's: year 1 (2024–25) and year 2 (2025–26), whose bulk files list only year 2's
// classes, sessions and gradebook, as a SIS exports them in September. Not used by the app.
import { classRow, enrollmentRow, smallSchool, userRow } from "./test-support";
import { categoryRow, GRADEBOOK_BULK, lineItemRow, resultRow, smallGradebook } from "./test-support-gradebook";

const teachers = [
  userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
  userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
];
const student = (n: number, agents?: string) =>
  userRow({ id: `s${n}`, role: "student", given: `Student${n}`, family: "Pupil", username: `pupil${n}`, agents });

/**
 * Year 1: Algebra I (ALG1, fall) with s1–s3 and Biology (BIO, both semesters) with s4–s6 and s8;
 * s6's parent p1; a line item in each class, graded (s8, who joined late, has no grade).
 */
export function yearOneRoster(): Record<string, string> {
  return {
    ...smallSchool({
      modes: GRADEBOOK_BULK,
      sessions: [
        ["y1", "", "", "2024–25", "schoolYear", "2024-08-15", "2025-06-10", "", "2025"],
        ["y1f", "", "", "Fall 2024", "semester", "2024-08-15", "2024-12-20", "y1", "2025"],
        ["y1s", "", "", "Spring 2025", "semester", "2025-01-06", "2025-06-10", "y1", "2025"],
      ],
      users: [
        ...teachers,
        ...[1, 2, 3, 4, 5].map((n) => student(n)),
        student(6, "p1"),
        student(8),
        userRow({ id: "p1", role: "parent", given: "Pat", family: "Pupil", agents: "s6" }),
      ],
      classes: [
        classRow({ id: "c1", title: "Algebra I", code: "ALG1", terms: "y1f" }),
        classRow({ id: "c2", title: "Biology", code: "BIO", terms: "y1f,y1s" }),
      ],
      enrollments: [
        enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
        enrollmentRow({ id: "e2", cls: "c2", user: "t2", role: "teacher", primary: "true" }),
        ...[1, 2, 3].map((n) => enrollmentRow({ id: `e1${n}`, cls: "c1", user: `s${n}`, role: "student" })),
        ...[4, 5, 6, 8].map((n) => enrollmentRow({ id: `e2${n}`, cls: "c2", user: `s${n}`, role: "student" })),
      ],
    }),
    ...smallGradebook({
      categories: [categoryRow({ id: "cat1", title: "Homework" })],
      lineItems: [
        lineItemRow({ id: "li1", cls: "c1", title: "Chapter 1", max: 10, category: "cat1", due: "2024-09-20" }),
        lineItemRow({ id: "li2", cls: "c2", title: "Lab report", max: 50, category: "cat1", due: "2024-10-04" }),
      ],
      results: [
        ...[1, 2, 3].map((n) =>
          resultRow({ id: `r1${n}`, item: "li1", student: `s${n}`, score: 5 + n, date: "2024-09-22" }),
        ),
        ...[4, 5, 6].map((n) =>
          resultRow({ id: `r2${n}`, item: "li2", student: `s${n}`, score: 30 + n, date: "2024-10-06" }),
        ),
      ],
      demographics: [],
    }),
  };
}

/**
 * Year 2: s5, s6, s8 and s6's parent left; s7 joined; Algebra II (ALG2) and Chemistry (CHEM) with new
 * sourcedIds; none of year 1's sessions, classes, enrollments, line items or results.
 */
export function yearTwoRoster(): Record<string, string> {
  return {
    ...smallSchool({
      modes: GRADEBOOK_BULK,
      sessions: [
        ["y2", "", "", "2025–26", "schoolYear", "2025-08-15", "2026-06-10", "", "2026"],
        ["y2f", "", "", "Fall 2025", "semester", "2025-08-15", "2025-12-19", "y2", "2026"],
        ["y2s", "", "", "Spring 2026", "semester", "2026-01-05", "2026-06-10", "y2", "2026"],
      ],
      users: [...teachers, ...[1, 2, 3, 4, 7].map((n) => student(n))],
      classes: [
        classRow({ id: "c3", title: "Algebra II", code: "ALG2", terms: "y2f" }),
        classRow({ id: "c4", title: "Chemistry", code: "CHEM", terms: "y2f,y2s" }),
      ],
      enrollments: [
        enrollmentRow({ id: "e3", cls: "c3", user: "t1", role: "teacher", primary: "true" }),
        enrollmentRow({ id: "e4", cls: "c4", user: "t2", role: "teacher", primary: "true" }),
        ...[1, 2, 3].map((n) => enrollmentRow({ id: `e3${n}`, cls: "c3", user: `s${n}`, role: "student" })),
        ...[4, 7].map((n) => enrollmentRow({ id: `e4${n}`, cls: "c4", user: `s${n}`, role: "student" })),
      ],
    }),
    ...smallGradebook({
      categories: [categoryRow({ id: "cat1", title: "Homework" })],
      lineItems: [
        lineItemRow({ id: "li3", cls: "c3", title: "Chapter 1", max: 10, category: "cat1", due: "2025-09-19" }),
      ],
      results: [resultRow({ id: "r31", item: "li3", student: "s1", score: 9, date: "2025-09-21" })],
      demographics: [],
    }),
  };
}
