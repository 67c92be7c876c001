// The plan's removal of assignments and categories the roster no longer lists (decision 012).
import { type CategoryRef, type PlanContext } from "./plan-context";
import { quote } from "./problems";
import { msg } from "@/lib/i18n/message";

/** Assignments and categories the roster removes: deleted when nothing refers to them, else kept as the portal's own. */
export function planGradebookRemovals(ctx: PlanContext): void {
  const { state, counts, changes, warnings } = ctx;
  const byId = new Map(state.assignments.map((a) => [a.id, a]));
  const gone = new Set<number>();
  for (const p of ctx.pending.assignments) {
    const a = byId.get(p.id)!;
    const remaining = a.grades - (ctx.gradesDeletedOn.get(a.id) ?? 0);
    const what = msg("admin.rosterReport.parts.assignment2", { a: quote(a.title), b: quote(a.levelCode) });
    if (a.submitted || remaining > 0) {
      changes.assignments.detach.push(a.id);
      counts.assignments.kept += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.noLongerRosterBut", {
          a: what,
          b:
            remaining > 0
              ? msg(remaining === 1 ? "admin.rosterReport.parts.grade" : "admin.rosterReport.parts.grades", {
                  count: remaining,
                })
              : msg("admin.rosterReport.parts.submissions"),
        }),
        fix: msg("admin.rosterReport.text.nothingStaysAsPortal"),
      });
    } else {
      gone.add(a.id);
      changes.assignments.delete.push(a.id);
      counts.assignments.delete += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.willBeDeletedHas", { a: what }),
        fix: msg("admin.rosterReport.text.nothingIfSISRemoved2"),
      });
    }
  }
  if (ctx.pending.categories.length === 0) return;
  // Which categories assignments use once this import is done.
  const used = new Set<CategoryRef>();
  const updated = new Map(changes.assignments.update.map((u) => [u.id, u.category]));
  for (const a of state.assignments) {
    if (gone.has(a.id)) continue;
    const category = updated.has(a.id) ? updated.get(a.id)! : a.categoryId;
    if (category !== null) used.add(category);
  }
  for (const c of changes.assignments.create) if (c.category !== null) used.add(c.category);
  const nameOf = new Map(state.categories.map((c) => [c.id, c.name]));
  for (const p of ctx.pending.categories) {
    if (used.has(p.id)) {
      changes.categories.detach.push(p.id);
      counts.categories.kept += 1;
      warnings.add({
        ...p.ref,
        column: "sourcedId",
        message: msg("admin.rosterReport.text.categoryNoLongerRoster", { a: quote(nameOf.get(p.id) ?? "") }),
        fix: msg("admin.rosterReport.text.nothingStaysAsPortal2"),
      });
    } else {
      changes.categories.delete.push(p.id);
      counts.categories.delete += 1;
    }
  }
}
