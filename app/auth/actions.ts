"use server";

import { revalidatePath } from "next/cache";
import { endSession } from "@/lib/auth/session";

/** Logout: ends this session and revokes every other cookie of the user (session_version + 1). */
export async function signOut(): Promise<void> {
  try {
    await endSession();
  } catch (err) {
    console.error("signOut failed:", err);
  }
  revalidatePath("/", "layout");
}
