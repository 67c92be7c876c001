import { describe, expect, it } from "vitest";
import { generatedId, manifestRows, ONEROSTER_HEADERS, oneRosterRole, splitName } from "./oneroster-format";

describe("OneRoster 1.1 format", () => {
  it("every file starts with sourcedId,status,dateLastModified", () => {
    for (const header of Object.values(ONEROSTER_HEADERS))
      expect(header.slice(0, 3)).toEqual(["sourcedId", "status", "dateLastModified"]);
    expect(ONEROSTER_HEADERS["users.csv"].join(",")).toBe(
      "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password," +
        "ext_portal_parent1Phone,ext_portal_parent2Phone,ext_portal_agentRelationships",
    );
    expect(ONEROSTER_HEADERS["results.csv"].join(",")).toBe(
      "sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score,scoreDate,comment",
    );
  });
  it("the manifest marks written files bulk and the others absent", () => {
    const rows = manifestRows(["users.csv", "orgs.csv"], { systemName: "Classroom Portal", systemCode: "Demo" });
    expect(rows.slice(0, 3)).toEqual([
      ["propertyName", "value"],
      ["manifest.version", "1.0"],
      ["oneroster.version", "1.1"],
    ]);
    expect(rows).toContainEqual(["file.users", "bulk"]);
    expect(rows).toContainEqual(["file.orgs", "bulk"]);
    expect(rows).toContainEqual(["file.results", "absent"]);
    expect(rows).toContainEqual(["file.classResources", "absent"]);
  });
  it("maps roles to OneRoster's words", () => {
    expect(oneRosterRole("admin")).toBe("administrator");
    expect(oneRosterRole("instructor")).toBe("teacher");
    expect(oneRosterRole("teacher")).toBe("teacher");
    expect(oneRosterRole("student")).toBe("student");
    expect(oneRosterRole("parent", ["mother"])).toBe("parent");
    expect(oneRosterRole("parent", ["guardian"])).toBe("guardian");
    expect(oneRosterRole("parent", ["grandparent"])).toBe("relative");
    expect(oneRosterRole("parent")).toBe("parent");
  });
  it("splits a name so that given + ' ' + family gives it back", () => {
    expect(splitName("Ava Johnson")).toEqual({ givenName: "Ava", familyName: "Johnson" });
    expect(splitName("Mary Ann van der Berg")).toEqual({ givenName: "Mary Ann van der", familyName: "Berg" });
    expect(splitName("Cher")).toEqual({ givenName: "Cher", familyName: "" });
  });
  it("generates stable ids from the rows' own keys", () => {
    expect(generatedId.user(7)).toBe("user-7");
    expect(generatedId.class("BIO-P2")).toBe("class-BIO-P2");
    expect(generatedId.enrollment("class-BIO-P2", "user-7")).toBe("enrollment-class-BIO-P2-user-7");
    expect(generatedId.session("2025-08-20", "2026-06-10")).toBe("session-2025-2026");
  });
});
