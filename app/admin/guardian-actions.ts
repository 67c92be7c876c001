"use server";

import { and, eq } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { adminFormAction, idSchema } from "@/lib/actions";
import { db } from "@/lib/db/client";
import { portalOrigin } from "@/lib/portal-origin";
import { users } from "@/lib/db/schema";
import { linkGuardian, RELATIONSHIPS, unlinkGuardian } from "@/lib/parent/guardians";
import { settlePendingLink } from "@/lib/parent/pending-links";
import { issueReportLink, reportLinkExpiry, reportLinkPath, revokeReportLink } from "@/lib/parent/report-links";

// Guardian links and report-card links (decision 004): admins only, every change audited in lib/parent.

const relationship = z.enum(RELATIONSHIPS, { message: "Choose a relationship" });
const username = z.string().trim().min(1, "Enter a username").max(100, "Username is too long");
const linkId = z.object({ linkId: idSchema });

async function idByUsername(name: string, role: "parent" | "student"): Promise<number | null> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, name), eq(users.role, role)));
  return row?.id ?? null;
}

/** The student's and the parent's admin pages, which both list the links. */
function refreshPeoplePages() {
  revalidatePath("/admin/students/[id]", "page");
  revalidatePath("/admin/parents/[id]", "page");
}

/** Link a guardian: from a student's page (parent's username) or a parent's page (student's username). */
export const linkGuardianAction = adminFormAction(
  z.union([
    z.object({ studentId: idSchema, parentUsername: username, relationship }),
    z.object({ parentId: idSchema, studentUsername: username, relationship }),
  ]),
  async (v, admin) => {
    const parentId = "parentId" in v ? v.parentId : await idByUsername(v.parentUsername, "parent");
    const studentId = "studentId" in v ? v.studentId : await idByUsername(v.studentUsername, "student");
    if (parentId === null) return { ok: false, message: "No parent account has that username." };
    if (studentId === null) return { ok: false, message: "No student has that username." };
    return linkGuardian({ parentId, studentId, relationship: v.relationship, actorId: admin.id });
  },
  { revalidate: refreshPeoplePages },
);

export const unlinkGuardianAction = adminFormAction(
  linkId,
  (v, admin) => unlinkGuardian({ linkId: v.linkId, actorId: admin.id }),
  { revalidate: refreshPeoplePages },
);

/** A new report-card link for one guardian of one student; its address is returned once. */
export const issueReportLinkAction = adminFormAction(
  z.object({
    guardianLinkId: idSchema,
    expires: z
      .string()
      .max(10)
      .optional()
      .transform((s) => (s && s.trim() !== "" ? s.trim() : null)),
  }),
  async (v, admin): Promise<ActionResult<{ path: string; url: string }>> => {
    const expiresAt = reportLinkExpiry(v.expires);
    if (!expiresAt) return { ok: false, message: "Choose an expiry date between tomorrow and two years from now." };
    const result = await issueReportLink({ guardianLinkId: v.guardianLinkId, expiresAt, actorId: admin.id });
    if (!result.ok) return result;
    const path = reportLinkPath(result.token);
    return { ok: true, message: "New report-card link", data: { path, url: `${await portalOrigin()}${path}` } };
  },
  { revalidate: refreshPeoplePages },
);

export const revokeReportLinkAction = adminFormAction(
  linkId,
  (v, admin) => revokeReportLink({ linkId: v.linkId, actorId: admin.id }),
  { revalidate: refreshPeoplePages },
);

/**
 * A parent link a teacher's parent-number edit filed as pending (issue 28, decision 019): an
 * admin confirms it (the parent is linked) or dismisses it (the parent stays unlinked).
 */
export const settlePendingLinkAction = adminFormAction(
  z.object({ pendingId: idSchema, decision: z.enum(["confirm", "dismiss"], { message: "Confirm or dismiss" }) }),
  (v, admin) => settlePendingLink({ id: v.pendingId, actorId: admin.id, decision: v.decision }),
  {
    revalidate: () => {
      refreshPeoplePages();
      revalidatePath("/admin");
    },
  },
);
