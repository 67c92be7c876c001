"use client";

import dynamic from "next/dynamic";

// The dashboard renders one tab per request; importing every tab's client component directly
// put all of their code on every dashboard page. Through these wrappers a tab's code is a chunk
// of its own, sent (and preloaded by the server render) only with that tab.
export const UpdatesManager = dynamic(() => import("./updates-manager").then((m) => m.UpdatesManager));
export const AssignmentsManager = dynamic(() => import("./assignments-manager").then((m) => m.AssignmentsManager));
export const GradesTab = dynamic(() => import("./grades-tab").then((m) => m.GradesTab));
export const AttendanceTab = dynamic(() => import("./attendance-tab").then((m) => m.AttendanceTab));
export const StudentsTab = dynamic(() => import("./students-tab").then((m) => m.StudentsTab));
