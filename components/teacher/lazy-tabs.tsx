"use client";

import { lazyComponent } from "@/components/lazy-component";

// The dashboard renders one tab per request; importing every tab's client component directly
// put all of their code on every dashboard page. Through these wrappers a tab's code is a chunk
// of its own: the server renders the tab in place, and the browser fetches its code only with it.
export const UpdatesManager = lazyComponent(() => import("./updates-manager").then((m) => m.UpdatesManager));
export const AssignmentsManager = lazyComponent(() => import("./assignments-manager").then((m) => m.AssignmentsManager));
export const GradesTab = lazyComponent(() => import("./grades-tab").then((m) => m.GradesTab));
export const AttendanceTab = lazyComponent(() => import("./attendance-tab").then((m) => m.AttendanceTab));
export const StudentsTab = lazyComponent(() => import("./students-tab").then((m) => m.StudentsTab));
