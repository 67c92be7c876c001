"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { chooseSchool, endSession, getSessionUser } from "@/lib/auth/session";
import { markSignedIn } from "@/lib/db/schools";

/** Logout: ends this session and revokes every other cookie of the user (session_version + 1). */
export async function signOut(): Promise<void> {
  try {
    await endSession();
  } catch (err) {
    console.error("signOut failed:", err);
  }
  revalidatePath("/", "layout");
}

/**
 * The header's school switcher (issue 42): the browser's next requests work in the chosen school,
 * one this person belongs to (a district admin: any). Anything else changes nothing. Home, since
 * the page on screen belongs to the school left.
 */
export async function switchSchool(formData: FormData): Promise<void> {
  const user = await getSessionUser();
  const wanted = Number(formData.get("school"));
  if (user?.schoolIds.includes(wanted)) {
    await chooseSchool(wanted);
    await markSignedIn(user.id, wanted);
  }
  redirect("/");
}
