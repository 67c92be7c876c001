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
] as const satisfies readonly (keyof Messages)[];
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

/**
 * Added around one part of a screen (components/screen-messages.tsx): the teacher's grade screens
 * (the dashboard's Grades and Summary tabs, grading settings, term grades), so the dashboard's other
 * tabs and the class page do not carry them.
 */
export const SCREEN_NAMESPACES = ["grades"] as const satisfies readonly (keyof Messages)[];
export type ScreenNamespace = (typeof SCREEN_NAMESPACES)[number];

export function screenMessages(locale: AnyLocale, namespace: ScreenNamespace): Partial<Messages> {
  return { [namespace]: messagesFor(locale)[namespace] };
}

export function clientMessages(locale: AnyLocale, extra: readonly PageNamespace[] = []): Partial<Messages> {
  const all = messagesFor(locale);
  return Object.fromEntries([...BASE_NAMESPACES, ...extra].map((ns) => [ns, all[ns]]));
}
