"use server";

import { and, eq } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireAdmin } from "@/lib/auth/guards";
import { db } from "@/lib/db/client";
import { portalOrigin } from "@/lib/portal-origin";
import { users } from "@/lib/db/schema";
import { linkGuardian, RELATIONSHIPS, unlinkGuardian } from "@/lib/parent/guardians";
import { settlePendingLink } from "@/lib/parent/pending-links";
import { issueReportLink, reportLinkExpiry, reportLinkPath, revokeReportLink } from "@/lib/parent/report-links";

// Guardian links and report-card links (decision 004): admins only, every change audited in lib/parent.

const relationship = z.enum(RELATIONSHIPS, { message: "Choose a relationship" });
const username = z.string().trim().min(1, "Enter a username").max(100, "Username is too long");

async function idByUsername(name: string, role: "parent" | "student"): Promise<number | null> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, name), eq(users.role, role)));
  return row?.id ?? null;
}

function refresh() {
  revalidatePath("/admin/students/[id]", "page");
  revalidatePath("/admin/parents/[id]", "page");
}

/** Link a guardian: from a student's page (parent's username) or a parent's page (student's username). */
export async function linkGuardianAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const parsed = z
      .union([
        z.object({ studentId: idSchema, parentUsername: username, relationship }),
        z.object({ parentId: idSchema, studentUsername: username, relationship }),
      ])
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    const parentId = "parentId" in v ? v.parentId : await idByUsername(v.parentUsername, "parent");
    const studentId = "studentId" in v ? v.studentId : await idByUsername(v.studentUsername, "student");
    if (parentId === null) return { ok: false, message: "No parent account has that username." };
    if (studentId === null) return { ok: false, message: "No student has that username." };
    const result = await linkGuardian({ parentId, studentId, relationship: v.relationship, actorId: admin.id });
    if (result.ok) refresh();
    return result;
  });
}

export async function unlinkGuardianAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const id = idSchema.safeParse(formObject(formData).linkId);
    if (!id.success) return invalid(id.error);
    const result = await unlinkGuardian({ linkId: id.data, actorId: admin.id });
    if (result.ok) refresh();
    return result;
  });
}

/** A new report-card link for one guardian of one student; its address is returned once. */
export async function issueReportLinkAction(
  _prev: ActionResult<{ path: string; url: string }>,
  formData: FormData,
): Promise<ActionResult<{ path: string; url: string }>> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const parsed = z
      .object({
        guardianLinkId: idSchema,
        expires: z
          .string()
          .max(10)
          .optional()
          .transform((s) => (s && s.trim() !== "" ? s.trim() : null)),
      })
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const expiresAt = reportLinkExpiry(parsed.data.expires);
    if (!expiresAt) return { ok: false, message: "Choose an expiry date between tomorrow and two years from now." };
    const result = await issueReportLink({ guardianLinkId: parsed.data.guardianLinkId, expiresAt, actorId: admin.id });
    if (!result.ok) return result;
    refresh();
    return {
      ok: true,
      message: "New report-card link",
      data: { path: reportLinkPath(result.token), url: `${await portalOrigin()}${reportLinkPath(result.token)}` },
    };
  });
}

export async function revokeReportLinkAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const id = idSchema.safeParse(formObject(formData).linkId);
    if (!id.success) return invalid(id.error);
    const result = await revokeReportLink({ linkId: id.data, actorId: admin.id });
    if (result.ok) refresh();
    return result;
  });
}

/**
 * A parent link a teacher's parent-number edit filed as pending (issue 28, decision 019): an
 * admin confirms it (the parent is linked) or dismisses it (the parent stays unlinked).
 */
export async function settlePendingLinkAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const parsed = z
      .object({ pendingId: idSchema, decision: z.enum(["confirm", "dismiss"], { message: "Confirm or dismiss" }) })
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const result = await settlePendingLink({
      id: parsed.data.pendingId,
      actorId: admin.id,
      decision: parsed.data.decision,
    });
    if (result.ok) {
      refresh();
      revalidatePath("/admin");
    }
    return result;
  });
}
