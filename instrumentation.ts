export async function register() {
  // Node server only, and never while `next build` pre-renders: the build must not open the database.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabaseOrExit } = await import("./lib/db/startup");
  await prepareDatabaseOrExit();
}
