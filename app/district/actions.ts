"use server";

import { revalidatePath } from "next/cache";
import { districtFormAction } from "@/lib/actions";
import { createSchool, newSchoolSchema } from "@/lib/district/schools";

/** /district → Add a school: the school and its first admin, whose access code is answered once. */
export const createSchoolAction = districtFormAction(newSchoolSchema, async (input, admin) => {
  const answer = await createSchool(input, admin.id);
  // The list above the form shows the new school at once.
  if (answer.ok) revalidatePath("/district");
  return answer;
});
