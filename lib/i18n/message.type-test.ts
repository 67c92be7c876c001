// Checked by `tsc --noEmit` (npm run typecheck), never run: each @ts-expect-error below must be an
// error, or tsc reports it as unused. If the descriptors' typing were loosened (keys as `string`,
// values as a record), these lines would compile and the type check would fail.
import type { Message } from "./message";
import { msg, zmsg } from "./message";

const name = "Biology 9";

// Good: a key of the catalog with exactly its values; a nested message as a word; a plural's number.
export const good: Message[] = [
  msg("admin.actions.saved", { name }),
  msg("admin.actions.studentGone"),
  msg("admin.actions.termsSaved", { count: 3 }),
  msg("admin.actions.saved", { name: msg("admin.actions.studentGone") }),
];
export const goodIssue: string = zmsg("admin.actions.atMost", { max: 50 });

export const bad = [
  // @ts-expect-error a key the catalog does not have
  msg("admin.actions.noSuchMessage"),
  // @ts-expect-error a key the catalog does not have, in a zod schema
  zmsg("admin.actions.noSuchMessage"),
  // @ts-expect-error a missing value ({name})
  msg("admin.actions.saved"),
  // @ts-expect-error a missing value, among others given
  msg("admin.actions.linked", { parent: "Grace" }),
  // @ts-expect-error a word where ICU needs a number (a plural)
  msg("adminRoster.changes", { count: "3" }),
  // @ts-expect-error a value the message does not have
  msg("admin.actions.saved", { name, title: "extra" }),
  // @ts-expect-error values for a message that has none
  msg("admin.actions.studentGone", { name }),
  // @ts-expect-error a message with rich-text tags is for components (t.rich), not a descriptor
  msg("adminRoster.newAdmins", { count: 1 }),
];

// @ts-expect-error a descriptor is made by msg(), which checks it, never written by hand
export const byHand: Message = { key: "admin.actions.linked", values: { parent: "Grace", student: "Liam" } };
// @ts-expect-error a key computed from any string
export const computed = (part: string) => msg(`admin.actions.${part}`);
