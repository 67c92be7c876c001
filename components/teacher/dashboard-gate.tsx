import { redirect } from "next/navigation";
import { blockedScreen } from "@/components/access-screens";
import { AccessDenied, requireClassAccess, type ClassAccess } from "@/lib/auth/guards";
import { getSessionUser } from "@/lib/auth/session";

/**
 * Access for the dashboard routes (spec §6): no session → back to / (sign-in); not staff →
 * 'Only teachers and admins can access this page'; another instructor's level → 'Access Denied'.
 */
export async function gateDashboard(
  levelCode: string,
): Promise<{ ok: true; access: ClassAccess } | { ok: false; screen: React.ReactNode }> {
  const user = await getSessionUser();
  if (!user) redirect("/");
  try {
    return { ok: true, access: await requireClassAccess(levelCode, "teach") };
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    return { ok: false, screen: await blockedScreen(user, err) };
  }
}
