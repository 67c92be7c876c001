"use server";

import { z } from "zod";
import { adminFormAction } from "@/lib/actions";
import { zmsg } from "@/lib/i18n/message";
import { sendTestMail } from "@/lib/mail/test-mail";

// /admin → E-mail: an admin's test message to check the school's SMTP settings (issue 20).

const input = z.object({
  to: z
    .string()
    .trim()
    .min(1, zmsg("admin.actions.enterEmail"))
    .max(254, zmsg("admin.actions.emailTooLong"))
    .email(zmsg("admin.actions.validEmail")),
});

export const sendTestMailAction = adminFormAction(input, ({ to }, admin) => sendTestMail(to, admin));
