"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { endSession, startSession } from "@/lib/auth/session";
import { findUserByCode } from "@/lib/auth/sign-in";
import { ACCESS_CODE_MAX_LENGTH } from "@/lib/domain/constants";
import { MSG } from "@/lib/domain/messages";

const signInInput = z.object({
  code: z.string().trim().min(1, "Please enter your access code").max(ACCESS_CODE_MAX_LENGTH, MSG.invalidCode),
});

export async function signIn(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const parsed = signInInput.safeParse({ code: formData.get("code") ?? "" });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MSG.invalidCode };
  try {
    const user = await findUserByCode(parsed.data.code);
    if (!user) return { ok: false, message: MSG.invalidCode };
    await startSession(user);
  } catch (err) {
    console.error("signIn failed:", err);
    return { ok: false, message: MSG.genericError };
  }
  revalidatePath("/", "layout");
  return { ok: true };
}

export async function signOut(): Promise<void> {
  try {
    await endSession();
  } catch (err) {
    console.error("signOut failed:", err);
  }
  revalidatePath("/", "layout");
}
