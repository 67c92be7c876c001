import { messagesFor, type Messages } from "./catalog";
import type { AnyLocale } from "./locales";

// Namespaces that client components read with useTranslations; the rest stay on the server. The
// root layout sends the ones any page may show (header, sign-in, states); a page adds its own
// screen's (components/page-messages.tsx), so the parent portal's, the report card's and the class
// page's messages (about 9 kB of the 14.7 kB) are not in every page's HTML.

/** On every page. */
export const BASE_NAMESPACES = [
  "common",
  "header",
  "home",
  "signIn",
  "states",
] as const satisfies readonly (keyof Messages)[];

/** Added by the pages that show them. */
export const PAGE_NAMESPACES = [
  "parent",
  "reportCard",
  "settings",
  "classPage",
  "calendarFeed",
  // The admin's screens (issue 31): each tab sends only its own client components' words.
  "adminUser",
  "adminStudents",
  "adminTerms",
  "adminRoster",
  "adminMail",
  "adminSecurity",
  "adminGuardians",
  // The class dashboard's tabs (PageMessages around each tab): each tab adds only its own.
  "teacherShared",
  "teacherGuardians",
  "teacherUpdates",
  "teacherAssignments",
  "teacherStudents",
  "teacherAttendance",
  // The district page (issue 42): its form to add a school.
  "district",
  // A school's own settings (issue 42, /admin → School).
  "schoolSettings",
  // The grading queue (issue 44).
  "gradingQueue",
  // Private comments on a student's work (issue 44): the class page, View Responses, the admin's setting.
  "privateComments",
  // Drafts and return (issue 44): the grid's "Draft", the assignment form's choice, the Return buttons.
  "returns",
  // Issue 44: the rubric editor, bank and scorer (the Assignments tab, the grading screens).
  "rubrics",
  // Issue 42: the school's letter scale on /admin → Terms.
  "letterScale",
] as const satisfies readonly (keyof Messages)[];
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

/**
 * The teacher's grade screens' client words (issue 31), added around the part of a screen that shows
 * them (components/grades-messages.tsx): `shared` and the screen's own part, so the dashboard's
 * Summary carries only its rows' words, not the grid's or the settings form's.
 */
export type GradesPart = Exclude<keyof Messages["grades"], "shared">;

export function gradesMessages(locale: AnyLocale, parts: readonly GradesPart[]): Partial<Messages> {
  const all = messagesFor(locale).grades;
  return {
    grades: Object.fromEntries([["shared", all.shared], ...parts.map((p) => [p, all[p]])]) as Messages["grades"],
  };
}

export function clientMessages(locale: AnyLocale, extra: readonly PageNamespace[] = []): Partial<Messages> {
  const all = messagesFor(locale);
  return Object.fromEntries([...BASE_NAMESPACES, ...extra].map((ns) => [ns, all[ns]]));
}

/** Only these namespaces, for a provider that adds them to the page's (components/screen-messages.tsx). */
export function extraMessages(locale: AnyLocale, namespaces: readonly PageNamespace[]): Partial<Messages> {
  const all = messagesFor(locale);
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
}
