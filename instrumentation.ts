export async function register() {
  // Node server only, and never while `next build` pre-renders: the build must not open the database.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Every configuration problem at once, or the ready line (lib/start-check.ts, issue 39).
  const { startOrExit } = await import("./lib/start-check");
  await startOrExit();
  const { env } = await import("./lib/env");
  const { oidcProviders } = await import("./lib/auth/oidc/config");
  const providers = oidcProviders();
  if (providers.length) console.log(`School-account sign-in: ${providers.map((p) => p.label).join(", ")}`);
  // The balancer may send requests now (/api/health/ready).
  const { markServing } = await import("./lib/health/lifecycle");
  markServing();
  if (env().WORKERS === "on") {
    const { startWorker, stopWorker } = await import("./lib/jobs/worker");
    const { onBeforeClose } = await import("./lib/db/client");
    startWorker(env().JOBS_POLL_MS);
    onBeforeClose(stopWorker);
  }
  if (env().PARENT_PORTAL === "open") {
    console.warn(
      "WARNING: PARENT_PORTAL=open: anyone who types part of a parent phone number sees students' names and report cards. " +
        "Set PARENT_PORTAL=verified (the default) so report cards open only with the link or access code the school issued.",
    );
  }
}
