"use server";

import { z } from "zod";
import { classAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { returnDrafts } from "@/lib/gradebook/returns";
import { zmsg } from "@/lib/i18n/message";

// Return (issue 44, decision 033): the drafts of an assignment posted on return reach the student
// and the family. The class's teacher or an admin; the class size, enrollment and the published-term
// lock are checked in lib/gradebook/returns.ts under the assignment's lock.

/** No class is this big (Bulk Grade's bound); the real bound, the class's size, is checked under the lock. */
const MAX_LISTED = 5000;

export const returnGrades = classAction(
  z.object({
    levelCode: levelCodeField,
    assignmentId: idSchema,
    studentIds: z
      .array(idSchema)
      .min(1)
      .max(MAX_LISTED, zmsg("returns.tooMany", { max: MAX_LISTED }))
      .optional(),
  }),
  (v, { user, level }) => returnDrafts(user, level, v),
  { revalidate: refreshClass },
);
