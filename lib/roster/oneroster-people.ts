import { z } from "zod";
import { FIELD_LIMITS } from "./limits";
import type { PortalRole, Relationship } from "./model";
import { COMMON, eachRow, refuse, idsOf, type FileReader, type RoleRow } from "./oneroster-rows";
import { quote } from "./problems";
import { looksLikeExcelNumber, slugUsername, splitList } from "./values";
import { msg } from "@/lib/i18n/message";

// OneRoster's people files (decision 012): orgs.csv and roles.csv (read for users.csv's sake),
// and users.csv (demographics.csv in oneroster-demographics.ts). Pure.

/** OneRoster roles → portal roles. Aides and proctors have no portal role: a problem, not a guess. */
const ROLE_MAP: Record<string, { role: PortalRole; relationship?: Relationship }> = {
  student: { role: "student" },
  teacher: { role: "instructor" },
  administrator: { role: "admin" },
  siteadministrator: { role: "admin" },
  districtadministrator: { role: "admin" },
  systemadministrator: { role: "admin" },
  principal: { role: "admin" },
  parent: { role: "parent", relationship: "guardian" },
  guardian: { role: "parent", relationship: "guardian" },
  relative: { role: "parent", relationship: "other" },
};
const ROLE_HELP = msg("admin.rosterReport.text.useStudentTeacherAdministrator");
const RELATIONSHIPS = new Set<Relationship>(["mother", "father", "guardian", "grandparent", "other"]);

export const orgsFile: FileReader = {
  base: "orgs.csv",
  columns: () => [...COMMON, { name: "name" }, { name: "type" }, { name: "parentSourcedId" }],
  read: ({ bound, mode }, ctx) => {
    if (mode === "bulk") ctx.orgIds = idsOf(bound);
    for (const row of bound.table.rows) {
      const sourcedId = bound.get(row, "sourcedId") ?? "";
      if (!sourcedId || (bound.get(row, "status") ?? "").toLowerCase() === "tobedeleted") continue;
      ctx.data.orgs.push({
        ref: { file: bound.table.file, line: row.line },
        sourcedId,
        name: (bound.get(row, "name") ?? "").slice(0, 200),
        type: (bound.get(row, "type") ?? "").toLowerCase(),
        parentSourcedId: bound.get(row, "parentSourcedId") || null,
      });
    }
  },
};

export const coursesFile: FileReader = {
  base: "courses.csv",
  columns: () => [...COMMON, { name: "title" }],
  read: ({ bound, mode }, ctx) => {
    ctx.courseTitles = new Map(
      bound.table.rows.map((r) => [bound.get(r, "sourcedId") ?? "", bound.get(r, "title") ?? ""]),
    );
    ctx.coursesBulk = mode === "bulk";
  },
};

/**
 * roles.csv (OneRoster 1.2): each user's role, the primary one first. A secondary row never gives
 * or changes a person's role (the portal has one role a person): it is read with a warning when it
 * says another role than the one the person takes.
 */
export const rolesFile: FileReader = {
  base: "roles.csv",
  columns: () => [
    { name: "sourcedId" },
    { name: "status" },
    { name: "dateLastModified" },
    { name: "userSourcedId", aliases: ["userSourcedIds"], required: true },
    { name: "role", required: true },
    { name: "roleType" },
  ],
  read: ({ bound: b }, ctx) => {
    const out = new Map<string, RoleRow & { primary: boolean }>();
    const secondary: { user: string; value: string; line: number }[] = [];
    for (const row of b.table.rows) {
      if ((b.get(row, "status") ?? "").toLowerCase() === "tobedeleted") continue;
      const user = b.get(row, "userSourcedId") ?? "";
      const value = b.get(row, "role") ?? "";
      if (!user || !value) {
        ctx.problems.add({
          file: b.table.file,
          line: row.line,
          column: b.label(user ? "role" : "userSourcedId"),
          message: msg("admin.rosterReport.text.empty", { a: user ? "role" : "userSourcedId" }),
          fix: msg("admin.rosterReport.text.fillRemoveRow"),
        });
        continue;
      }
      const type = (b.get(row, "roleType") ?? "").toLowerCase();
      if (type === "secondary") {
        secondary.push({ user, value, line: row.line });
        continue;
      }
      const primary = type === "primary";
      const had = out.get(user);
      if (!had || (primary && !had.primary))
        out.set(user, { value, ref: { file: b.table.file, line: row.line }, column: b.label("role"), primary });
    }
    for (const s of secondary) {
      const taken = out.get(s.user);
      const portalRole = (v: string) => ROLE_MAP[v.toLowerCase()]?.role ?? v.toLowerCase();
      if (taken && portalRole(taken.value) === portalRole(s.value)) continue;
      ctx.warnings.add({
        file: b.table.file,
        line: s.line,
        column: b.label("roleType"),
        message: msg("admin.rosterReport.text.secondaryRoleDoesNot", { a: quote(s.value), b: quote(s.user) }),
        fix: taken
          ? msg("admin.rosterReport.text.nothingPersonSRole", { a: quote(taken.value), b: taken.ref.line })
          : msg("admin.rosterReport.text.nothingPersonKeepsPortal"),
      });
    }
    ctx.roleOf = out;
    ctx.hasRoles = true;
  },
};

const USER_COLUMNS = [
  ...COMMON,
  { name: "role", aliases: ["roles"] },
  { name: "username", aliases: ["userName", "login"] },
  { name: "givenName", aliases: ["firstName", "first_name"], required: true },
  { name: "familyName", aliases: ["lastName", "last_name", "surname"], required: true },
  { name: "preferredGivenName", aliases: ["preferredFirstName"] },
  { name: "email", aliases: ["emailAddress", "mail"] },
  { name: "phone", aliases: ["phoneNumber", "phones"] },
  { name: "sms" },
  { name: "agentSourcedIds", aliases: ["agentSourcedId", "agents", "agent", "agentIds", "agentId"] },
  { name: "orgSourcedIds", aliases: ["orgSourcedId"] },
  // The portal's own extension columns (its exports write them); other ext_* columns are ignored.
  { name: "ext_portal_parent1Phone" },
  { name: "ext_portal_parent2Phone" },
  { name: "ext_portal_agentRelationships" },
];

export const usersFile: FileReader = {
  base: "users.csv",
  entity: "users",
  // The role column is required unless a roles.csv gives the roles.
  columns: (ctx) => USER_COLUMNS.map((s) => (s.name === "role" ? { ...s, required: !ctx.hasRoles } : s)),
  orRolesFile: (ctx) => !ctx.hasRoles,
  read: (file, ctx) => {
    const { data } = ctx;
    const b = file.bound;
    data.agentsCarried = b.has("agentSourcedIds");
    eachRow(file, ctx, "users", (start, row) => {
      const key = `s:${start.sourcedId}`;
      // The role: users.csv's own column (1.1), else roles.csv (1.2); none in a delta keeps the portal's.
      const own = row.value("role");
      const fromRoles = ctx.roleOf.get(start.sourcedId);
      const rawRole = own || fromRoles?.value || "";
      const roleColumn = own
        ? b.label("role")
        : fromRoles
          ? `${fromRoles.column} (${fromRoles.ref.file}:${fromRoles.ref.line})`
          : b.label("role");
      let role: PortalRole | null = null;
      let relationship: Relationship | undefined;
      if (rawRole) {
        const mapped = ROLE_MAP[rawRole.toLowerCase()];
        if (!mapped)
          row.problemAt(roleColumn, msg("admin.rosterReport.text.notRolePortalHas", { a: quote(rawRole) }), ROLE_HELP);
        else {
          role = mapped.role;
          relationship = mapped.relationship;
        }
      }
      // The given name shown is the preferred one when there is one; both parts are kept as written.
      const given = (row.value("preferredGivenName") || row.value("givenName")).trim().replace(/\s+/g, " ");
      const family = row.value("familyName").trim().replace(/\s+/g, " ");
      const name = `${given} ${family}`.trim();
      if (name === "")
        row.problem(
          "givenName",
          msg("admin.rosterReport.text.userHasNoName"),
          msg("admin.rosterReport.text.fillGivenNameFamilyName"),
        );
      else row.tooLong("givenName", name, FIELD_LIMITS.name);
      const username = row.value("username");
      row.tooLong("username", username, FIELD_LIMITS.username);
      let email: string | null | undefined;
      if (b.has("email")) {
        email = row.value("email") || null;
        if (email && !row.tooLong("email", email, FIELD_LIMITS.email) && !z.email().safeParse(email).success)
          row.problem(
            "email",
            msg("admin.rosterReport.text.notEMailAddress", { a: quote(email) }),
            msg("admin.rosterReport.text.correctNameSchoolExample"),
          );
      }
      // A phone number is anyone's own (a parent's is what the phone sync of decision 004 matches).
      const phone = (column: string): string | null | undefined => {
        if (!b.has(column)) return undefined;
        const value = row.value(column) || null;
        if (value && looksLikeExcelNumber(value)) {
          row.problem(
            column,
            msg("admin.rosterReport.text.numberSpreadsheetRewroteNot", { a: quote(value) }),
            msg("admin.rosterReport.text.formatColumnAsText"),
          );
        } else if (value) row.tooLong(column, value, FIELD_LIMITS.phone);
        return value;
      };
      let phoneNumber: string | null | undefined;
      if (b.has("phone") || b.has("sms"))
        phoneNumber = row.value("phone") ? phone("phone") : row.value("sms") ? phone("sms") : null;
      // A student's parent numbers: the portal's own columns (OneRoster has none).
      let parent1Number: string | null | undefined;
      let parent2Number: string | null | undefined;
      if (role === "student") {
        parent1Number = phone("ext_portal_parent1Phone");
        parent2Number = phone("ext_portal_parent2Phone");
      } else {
        for (const column of ["ext_portal_parent1Phone", "ext_portal_parent2Phone"]) {
          if (row.value(column))
            row.warn(
              column,
              msg("admin.rosterReport.text.onlyStudentHasParent"),
              msg("admin.rosterReport.text.nothingNumberNotKept"),
            );
        }
      }
      let agents: { key: string; id: string; relationship?: Relationship }[] | undefined;
      if (data.agentsCarried) {
        const list: { key: string; id: string; relationship?: Relationship }[] = [];
        const relationships = b.has("ext_portal_agentRelationships")
          ? row
              .value("ext_portal_agentRelationships")
              .split(",")
              .map((r) => r.trim().toLowerCase())
          : [];
        splitList(row.value("agentSourcedIds")).forEach((id, i) => {
          if (id === start.sourcedId) {
            row.warn(
              "agentSourcedIds",
              msg("admin.rosterReport.text.userListedAsTheir"),
              msg("admin.rosterReport.text.removeTheirOwnSourcedId"),
            );
            return;
          }
          const said = relationships[i] ?? "";
          const known = RELATIONSHIPS.has(said as Relationship);
          if (said !== "" && !known)
            row.warn(
              "ext_portal_agentRelationships",
              msg("admin.rosterReport.text.notRelationshipPortalHas", { a: quote(said) }),
              msg("admin.rosterReport.text.nothingNewLinkGuardian"),
            );
          list.push(known ? { key: `s:${id}`, id, relationship: said as Relationship } : { key: `s:${id}`, id });
        });
        agents = list;
      }
      const orgIds = b.has("orgSourcedIds") ? splitList(row.value("orgSourcedIds")) : undefined;
      if (ctx.orgIds && orgIds) {
        for (const org of orgIds) {
          if (!ctx.orgIds.has(org))
            row.warn(
              "orgSourcedIds",
              msg("admin.rosterReport.text.noOrgOrgsCsv", { a: quote(org) }),
              msg("admin.rosterReport.text.addOrgOrgsCsv"),
            );
        }
      }
      if (!row.ok) {
        refuse(data, "users", key, start.ref);
        return;
      }
      const hint = (email ?? "") || slugUsername(name) || slugUsername(start.sourcedId) || "user";
      data.users.push({
        ref: start.ref,
        key,
        sourcedId: start.sourcedId,
        role,
        name,
        nameParts: { given, family },
        username: username || null,
        usernameHint: hint,
        email,
        phoneNumber,
        parent1Number,
        parent2Number,
        relationship,
        agents,
        orgIds,
        labels: {
          role: roleColumn,
          username: b.label("username"),
          agents: b.label("agentSourcedIds"),
          name: b.label("givenName"),
        },
      });
    });
  },
};
