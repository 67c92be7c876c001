"use server";

import { revalidatePath } from "next/cache";
import { districtFormAction } from "@/lib/actions";
import {
  addMembership,
  createSchool,
  membershipSchema,
  newSchoolSchema,
  removeMembership,
} from "@/lib/district/schools";

/** /district → Add a school: the school and its first admin, whose access code is answered once. */
export const createSchoolAction = districtFormAction(newSchoolSchema, async (input, admin) => {
  const answer = await createSchool(input, admin.id);
  // The list above the form shows the new school at once.
  if (answer.ok) revalidatePath("/district");
  return answer;
});

/** /district → Add a person to a school: an existing account joins another school. */
export const addMembershipAction = districtFormAction(membershipSchema, async (input, admin) => {
  const answer = await addMembership(input, admin.id);
  if (answer.ok) revalidatePath("/district");
  return answer;
});

/** /district → Take a person out of a school: they keep their account and their other schools. */
export const removeMembershipAction = districtFormAction(membershipSchema, async (input, admin) => {
  const answer = await removeMembership(input, admin.id);
  if (answer.ok) revalidatePath("/district");
  return answer;
});
