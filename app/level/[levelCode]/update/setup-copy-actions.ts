"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { classFormAction, levelCodeField } from "@/lib/actions";
import { copySetup } from "@/lib/gradebook/copy-setup";
import { zmsg } from "@/lib/i18n/message";

// Copy a class's set-up from a class of an earlier year (issue 41): the class's own staff (access
// "teach"; a concluded class refuses, as every class write does), from their own classes (admins:
// any), lib/gradebook/copy-setup.

export const copySetupAction = classFormAction(
  z.object({
    levelCode: levelCodeField,
    source: z.string().trim().min(1, zmsg("years.admin.actions.copyNotEarlier")).max(100),
  }),
  (v, { user, level }) => copySetup(level.code, v.source, user),
  {
    revalidate: (code) => {
      revalidatePath(`/level/${encodeURIComponent(code)}/update/grading`);
      revalidatePath(`/level/${encodeURIComponent(code)}`);
    },
  },
);
