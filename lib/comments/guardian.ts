import "server-only";
import { guardianReadsPrivateComments, type Actor } from "@/lib/auth/policy";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { listChildThreads, type ChildThread } from "@/lib/queries/comments";
import { loadCommentSettings } from "./settings";

/**
 * The private comments on a child's work for the child's page (/children/{id}), or null when this
 * viewer is not to see them: a linked guardian only while the school's setting allows it (issue 44,
 * decision 033), and admins (staff of every class). The page has already checked the child is theirs.
 */
export async function readChildThreads(viewer: Actor, studentId: number): Promise<ChildThread[] | null> {
  if (viewer.role === "admin") return listChildThreads(studentId);
  if (viewer.role !== "parent") return null;
  const [settings, linked] = await Promise.all([loadCommentSettings(), isLinkedGuardian(viewer.id, studentId)]);
  const allowed = guardianReadsPrivateComments(viewer, {
    isLinkedGuardian: linked,
    guardiansMayRead: settings.guardiansReadPrivateComments,
  });
  return allowed ? listChildThreads(studentId) : null;
}
