import { messagesFor, type Messages } from "./catalog";
import type { AnyLocale } from "./locales";

/** Namespaces that client components read with useTranslations; the rest stay on the server. */
export const CLIENT_NAMESPACES = [
  "common",
  "header",
  "home",
  "signIn",
  "states",
  "parent",
  "reportCard",
  "settings",
  "classPage",
] as const satisfies readonly (keyof Messages)[];

export function clientMessages(locale: AnyLocale): Partial<Messages> {
  const all = messagesFor(locale);
  return Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, all[ns]]));
}
