"use server";

import { z } from "zod";
import { classAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import * as responses from "@/lib/class-work/responses";

// Students' responses to announcements, moderated by the class's teacher (or an admin): a
// response that floods or abuses the class can be removed, audited (lib/class-work/responses).

/** Delete one response to an announcement of this class. */
export const deleteResponse = classAction(
  z.object({ levelCode: levelCodeField, responseId: idSchema }),
  (v, { user, level }) => responses.deleteResponse(user, level, v.responseId),
  { revalidate: refreshClass },
);
