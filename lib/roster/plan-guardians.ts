// The plan's guardian links, read from agentSourcedIds in both directions (decision 012).
import type { Relationship } from "./model";
import { type PlanContext, type UserRef } from "./plan-context";
import { quote } from "./problems";
import { msg } from "@/lib/i18n/message";
import { ROLE_WORD } from "./words";

/**
 * Guardian links from agentSourcedIds, in both directions (a student's agents are their parents; a
 * parent's agents are their children). A link the roster made goes when a row of either person no
 * longer lists the other; links made by hand or by phone numbers are left alone.
 */
export function planGuardians(ctx: PlanContext): void {
  const { data, state, counts, changes } = ctx;
  const linkByPair = new Map(state.links.map((l) => [`${l.parentId}|${l.studentId}`, l]));
  const declared = new Map<string, { parent: UserRef; student: UserRef; relationship: Relationship }>();
  if (data.agentsCarried) {
    const relationshipByKey = new Map(data.users.map((x) => [x.key, x.relationship]));
    for (const u of data.users) {
      if (!u.agents || ctx.refusedUsers.has(u.key)) continue;
      const me = ctx.userFinal(u.key);
      if (!me) continue;
      for (const agent of u.agents) {
        const other = ctx.userFinal(agent.key);
        if (!other) {
          if (!ctx.refusedUsers.has(agent.key) && !ctx.brokenUsers) {
            ctx.problems.add({
              file: u.ref.file,
              line: u.ref.line,
              column: u.labels.agents,
              message: msg("admin.rosterReport.text.noUserUsersCsv", { a: quote(agent.id) }),
              fix: msg("admin.rosterReport.text.addThatUserRemove"),
            });
          }
          continue;
        }
        let pair: { parent: UserRef; student: UserRef; relationship: Relationship } | undefined;
        const relationshipOf = (key: string) => relationshipByKey.get(key) ?? "guardian";
        // The link's own relationship when the file says it (the portal's export), else from the parent's OneRoster role.
        if (me.role === "student" && other.role === "parent")
          pair = { parent: other.ref, student: me.ref, relationship: agent.relationship ?? relationshipOf(agent.key) };
        else if (me.role === "parent" && other.role === "student")
          pair = {
            parent: me.ref,
            student: other.ref,
            relationship: agent.relationship ?? u.relationship ?? "guardian",
          };
        if (!pair) {
          ctx.warnings.add({
            file: u.ref.file,
            line: u.ref.line,
            column: u.labels.agents,
            message: msg("admin.rosterReport.text.thisUserGuardianLink", {
              a: quote(agent.id),
              b: ROLE_WORD[other.role],
              c: ROLE_WORD[me.role],
            }),
            fix: msg("admin.rosterReport.text.nothingThisAgentSkipped"),
          });
          continue;
        }
        const key = `${pair.parent}|${pair.student}`;
        if (!declared.has(key)) declared.set(key, pair);
      }
    }
  }
  // People who stay the portal's own (no sourcedId: the portal's export re-imported) keep their
  // links as they are, phone links too: no SIS is saying anything about them.
  const takenOver = new Set(changes.users.update.filter((u) => u.sourcedId !== null).map((u) => u.id));
  const portalMade = new Set(state.users.filter((u) => u.sourcedId === null).map((u) => u.id));
  const ownPerson = (ref: UserRef) => typeof ref === "number" && portalMade.has(ref) && !takenOver.has(ref);
  for (const [key, pair] of declared) {
    const link = typeof pair.parent === "number" && typeof pair.student === "number" ? linkByPair.get(key) : undefined;
    if (!link) {
      changes.guardians.create.push(pair);
      counts.guardians.create += 1;
    } else if (
      !link.removed &&
      (link.fromRoster || link.source === "admin" || (ownPerson(pair.parent) && ownPerson(pair.student)))
    )
      counts.guardians.unchanged += 1;
    else {
      changes.guardians.update.push(link.id);
      counts.guardians.update += 1;
    }
  }
  const gone = new Set<number>();
  for (const l of state.links) {
    const userDeleted = (id: number) => ctx.usersGone.has(id) && !state.usersWithRecords.has(id);
    if (userDeleted(l.parentId) || userDeleted(l.studentId)) gone.add(l.id);
    else if (!l.fromRoster) continue;
    else if (ctx.usersGone.has(l.parentId) || ctx.usersGone.has(l.studentId)) gone.add(l.id);
    else if (
      !declared.has(`${l.parentId}|${l.studentId}`) &&
      (ctx.fileUserIds.has(l.parentId) || ctx.fileUserIds.has(l.studentId))
    )
      gone.add(l.id);
  }
  changes.guardians.delete.push(...gone);
  counts.guardians.delete += gone.size;
}
