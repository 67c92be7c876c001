"use server";

import { z } from "zod";
import { adminFormAction, idSchema, refreshAdmin, refreshPeoplePages } from "@/lib/actions";
import { saveCommentSettings } from "@/lib/comments/settings";
import { msg, zmsg } from "@/lib/i18n/message";
import { linkGuardianNamed, RELATIONSHIPS, unlinkGuardian } from "@/lib/parent/guardians";
import { settlePendingLink } from "@/lib/parent/pending-links";
import { issueReportLinkAddress, revokeReportLink } from "@/lib/parent/report-links";

// Guardian links and report-card links (decision 004): admins only, every change audited in lib/parent.

const relationship = z.enum(RELATIONSHIPS, { message: zmsg("admin.actions.chooseRelationship") });
const username = z
  .string()
  .trim()
  .min(1, zmsg("admin.actions.enterUsername"))
  .max(100, zmsg("admin.actions.usernameTooLong"));
const linkId = z.object({ linkId: idSchema });

/** Link a guardian: from a student's page (parent's username) or a parent's page (student's username). */
export const linkGuardianAction = adminFormAction(
  z.union([
    z.object({ studentId: idSchema, parentUsername: username, relationship }),
    z.object({ parentId: idSchema, studentUsername: username, relationship }),
  ]),
  (v, admin) => linkGuardianNamed({ ...v, actorId: admin.id }),
  { revalidate: refreshPeoplePages },
);

export const unlinkGuardianAction = adminFormAction(
  linkId,
  (v, admin) => unlinkGuardian({ linkId: v.linkId, actorId: admin.id }),
  {
    revalidate: refreshPeoplePages,
  },
);

/** A new report-card link for one guardian of one student; its address is returned once. */
export const issueReportLinkAction = adminFormAction(
  z.object({
    guardianLinkId: idSchema,
    expires: z
      .string()
      .max(10, zmsg("admin.actions.chooseExpiry"))
      .optional()
      .transform((s) => (s && s.trim() !== "" ? s.trim() : null)),
  }),
  (v, admin) => issueReportLinkAddress({ ...v, actorId: admin.id }),
  { revalidate: refreshPeoplePages },
);

export const revokeReportLinkAction = adminFormAction(
  linkId,
  (v, admin) => revokeReportLink({ linkId: v.linkId, actorId: admin.id }),
  {
    revalidate: refreshPeoplePages,
  },
);

/**
 * A parent link a teacher's parent-number edit filed as pending (issue 28, decision 019): an
 * admin confirms it (the parent is linked) or dismisses it (the parent stays unlinked).
 */
export const settlePendingLinkAction = adminFormAction(
  z.object({
    pendingId: idSchema,
    decision: z.enum(["confirm", "dismiss"], { message: zmsg("admin.actions.confirmOrDismiss") }),
  }),
  (v, admin) => settlePendingLink({ id: v.pendingId, actorId: admin.id, decision: v.decision }),
  {
    revalidate: () => {
      refreshPeoplePages();
      refreshAdmin();
    },
  },
);

/**
 * Whether linked guardians read the private comments on their child's work (issue 44, decision
 * 033): a school setting, off until an admin turns it on. Admins only, audited.
 */
export const saveCommentSettingsAction = adminFormAction(
  // An unticked checkbox sends nothing: "on" is the only value that turns it on.
  z.object({ guardiansReadPrivateComments: z.string().max(10).optional() }),
  async (v, admin) => {
    await saveCommentSettings({ guardiansReadPrivateComments: v.guardiansReadPrivateComments === "on" }, admin.id);
    return { ok: true, message: msg("privateComments.actions.settingsSaved") };
  },
  { revalidate: refreshAdmin },
);
