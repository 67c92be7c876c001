"use server";

import { z } from "zod";
import { adminFormAction, refreshAdmin } from "@/lib/actions";
import { saveSchoolSettings, schoolSettingsSchema } from "@/lib/district/school-settings";
import { CODE_ROLE_WORDS } from "@/lib/domain/sign-in-codes";

/**
 * /admin → School (issue 42): the school's own time zone, language, parent lookup, code sign-in and
 * account domains. A school admin's own school (the transaction's), never another; audited.
 */
export const saveSchoolSettingsAction = adminFormAction(
  z.preprocess((fields) => {
    const f = (fields ?? {}) as Record<string, unknown>;
    // One box a role (a form sends a name once): "code.students" … "code.admins", ticked = "on".
    const codeRoles = CODE_ROLE_WORDS.filter((w) => f[`code.${w}`] === "on");
    return {
      timeZone: f.timeZone ?? "",
      locale: f.locale ?? "",
      parentPortal: f.parentPortal ?? "",
      codes: f.codes ?? "install",
      codeRoles,
      accountDomains: f.accountDomains ?? "",
    };
  }, schoolSettingsSchema),
  (input, admin) => saveSchoolSettings(input, admin.id),
  { revalidate: refreshAdmin },
);
