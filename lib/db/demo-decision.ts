// Whether to load the demo school at start-up (issues 17 item 8, 28 item 2). Its access codes are
// public, so a production server never gets it unless asked by name: SEED_DEMO=on, which
// `npm run demo` sets (scripts/start.mjs --demo). PGlite is no exception: a school may well run
// its real portal on the embedded database.

export type DemoDecision = "load" | "skip" | "refuse";

export function demoSeedDecision(input: {
  seedDemo: "auto" | "on" | "off";
  nodeEnv: string;
  databaseEmpty: boolean;
}): DemoDecision {
  if (input.seedDemo === "off" || !input.databaseEmpty) return "skip";
  if (input.seedDemo === "on") return "load";
  return input.nodeEnv === "production" ? "refuse" : "load";
}

export const DEMO_REFUSED_MESSAGE =
  "Not loading the demo school: this is a production server and the demo's access codes are public. " +
  'Create the first admin with `npm run create-admin -- --name "Your Name" --username you`, ' +
  "or start with `npm run demo` (SEED_DEMO=on) to try the portal with the demo school.";
