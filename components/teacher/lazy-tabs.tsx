"use client";

import dynamic from "next/dynamic";

// The dashboard renders one tab per request; importing every tab's client component directly
// put all of their code on every dashboard page. Through these wrappers a tab's code is a chunk
// of its own, sent only with its tab. next/dynamic (not React.lazy) because its server render
// also tells the browser to fetch that chunk at once: with React.lazy the chunk was requested
// only during hydration, and a click on the visible but not yet hydrated tab was lost.
export const UpdatesManager = dynamic(() => import("./updates-manager").then((m) => m.UpdatesManager));
export const AssignmentsManager = dynamic(() => import("./assignments-manager").then((m) => m.AssignmentsManager));
export const GradesTab = dynamic(() => import("./grades-tab").then((m) => m.GradesTab));
export const AttendanceTab = dynamic(() => import("./attendance-tab").then((m) => m.AttendanceTab));
export const StudentsTab = dynamic(() => import("./students-tab").then((m) => m.StudentsTab));
