import "server-only";
import { desc, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { db } from "@/lib/db/client";
import { assignments, gradeCategories } from "@/lib/db/schema";

// A class's assignment list, written once for the student's class page (listClassAssignments) and
// the teacher's Assignments tab (listTeacherAssignments): the same columns, category and order,
// each caller adding its own counts (own submissions, or submissions and grades).

const LIST_COLUMNS = {
  id: assignments.id,
  title: assignments.title,
  description: assignments.description,
  maxScore: assignments.maxScore,
  dueDate: assignments.dueDate,
  category: gradeCategories.name,
};

/** The class's assignments with their category and `extra` columns; join what `extra` reads, then call `.where(...)`. */
export function selectAssignmentList<E extends SelectedFields>(extra: E) {
  return db()
    .select({ ...LIST_COLUMNS, ...extra })
    .from(assignments)
    .leftJoin(gradeCategories, eq(gradeCategories.id, assignments.categoryId))
    .$dynamic();
}

/** The list's filter and order: this class's assignments, newest first. */
export const inClassNewestFirst = (levelCode: string) =>
  ({
    where: eq(assignments.levelCode, levelCode),
    orderBy: [desc(assignments.createdAt), desc(assignments.id)],
  }) as const;
