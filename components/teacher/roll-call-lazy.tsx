"use client";

import dynamic from "next/dynamic";

// The roll call's code is a chunk of its own, sent only with the roll call (see lazy-tabs.tsx for
// why next/dynamic rather than React.lazy).
export const RollCall = dynamic(() => import("./roll-call").then((m) => m.RollCall));
