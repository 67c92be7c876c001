// Not in classes-tab.tsx: a client module's exports reach a server component as references, not values.

/**
 * The tab's words, translated by the page on the server (catalog `admin.classes`) and passed down
 * as plain strings: this tab is benchmarked, so it sends no client catalog, only what it shows.
 */
export const CLASS_LABELS = [
  "intro",
  "newClass",
  "class",
  "code",
  "teacher",
  "students",
  "assignments",
  "average",
  "attendance",
  "actions",
  "period",
  "none",
  "high",
  "fair",
  "low",
  "viewStudents",
  "ofName",
  "viewClass",
  "edit",
  "studentsIn",
  "noStudents",
  "figures",
  "student",
  "gradeAverage",
  "present",
  "excused",
  "late",
  "absent",
  "totalDays",
  "editName",
  "name",
  "periodLabel",
  "level",
  "noTeacher",
  "saveClass",
  "createClass",
  "saving",
  "cancel",
] as const;
export type ClassLabels = Record<(typeof CLASS_LABELS)[number], string>;
