"use server";

import { adminTranslated } from "@/lib/i18n/admin-action-message";
import { z } from "zod";
import { adminFormAction } from "@/lib/actions";
import { sendTestMail } from "@/lib/mail/test-mail";

// /admin → E-mail: an admin's test message to check the school's SMTP settings (issue 20).

const input = z.object({
  to: z
    .string()
    .trim()
    .min(1, "Enter an e-mail address")
    .max(254, "That e-mail address is too long")
    .email("Enter a valid e-mail address"),
});

export const sendTestMailAction = adminTranslated(adminFormAction(input, ({ to }, admin) => sendTestMail(to, admin)));
