"use client";

import dynamic from "next/dynamic";

// Every gated page can render the sign-in gate, so a direct import put Radix Dialog (~18 kB
// gzipped) on every signed-in page as well. Through this wrapper its code is a chunk of its own,
// sent (and preloaded by the server render) only when the gate is actually shown.
export const SignInDialog = dynamic(() => import("./sign-in-dialog").then((m) => m.SignInDialog));
