// Whether to load the demo school at start-up (issue 17 item 8). Its access codes are public, so a
// production database on PostgreSQL — a real school's, most likely — never gets it by default.

export type DemoDecision = "load" | "skip" | "refuse";

export function demoSeedDecision(input: {
  seedDemo: "auto" | "on" | "off";
  nodeEnv: string;
  databaseUrl: string | undefined;
  databaseEmpty: boolean;
}): DemoDecision {
  if (input.seedDemo === "off" || !input.databaseEmpty) return "skip";
  if (input.seedDemo === "on") return "load";
  return input.nodeEnv === "production" && input.databaseUrl ? "refuse" : "load";
}

export const DEMO_REFUSED_MESSAGE =
  "Not loading the demo school: this is a production server on PostgreSQL and the demo's access codes are public. " +
  'Create the first admin with `npm run create-admin -- --name "Your Name" --username you`, or set SEED_DEMO=on to load the demo anyway.';
