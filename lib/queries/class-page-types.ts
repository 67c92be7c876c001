// The class page's view models: what lib/queries/class-page-view.ts prepares and the class page's
// components render. Defined here so lib never imports from components (dependencies point down).
import type { AssignmentState } from "@/lib/domain/assignments";

export interface AssignmentView {
  id: number;
  title: string;
  /** null for staff, who do not submit. */
  state: AssignmentState | null;
  due: string;
  maxScore: number;
  lastSubmitted: string | null;
  preview: string;
  category: string | null;
}

export interface GradeView {
  id: number;
  assignmentId: number;
  title: string;
  score: number;
  maxScore: number;
  percent: number;
  letter: string;
  category: string | null;
  feedback: string | null;
  gradedAt: string;
}

export interface AttendanceView {
  id: number;
  status: string;
  levelCode: string;
  date: string;
  time: string;
}

export interface ResponseView {
  id: number;
  title: string;
  content: string;
  date: string;
  authorName: string;
}

export interface UpdateView {
  id: number;
  title: string;
  content: string;
  date: string;
  responses: ResponseView[];
  /** All the announcement's responses, when `responses` holds only some of them (the class page). */
  responseCount?: number;
  /** Set when `responses` is one page of them (?responses=<id>&page=<n>); else they are the newest few. */
  responsePage?: { page: number; pageSize: number };
}
