// Where this process is in its life, for the balancer's readiness check (decision 030).
// scripts/start.mjs creates the record before Next.js loads and turns it to "draining" on SIGTERM;
// instrumentation.ts turns it to "serving" once the database is prepared. It lives on globalThis
// because start.mjs (plain Node) and the server's bundles share the process but not modules.

export type LifecycleState = "starting" | "serving" | "draining";

interface Lifecycle {
  state: LifecycleState;
}

const holder = globalThis as unknown as { __portalLifecycle?: Lifecycle };

/** Outside `npm start` (next dev, tests) nothing drains this process: it serves once prepared. */
export function lifecycleState(): LifecycleState {
  return holder.__portalLifecycle?.state ?? "serving";
}

export function markServing(): void {
  if (holder.__portalLifecycle && holder.__portalLifecycle.state === "starting")
    holder.__portalLifecycle.state = "serving";
}
