import { createHash } from "node:crypto";

// Every page runs the same few statements over and over with different parameters. Sent unnamed,
// PostgreSQL parses and plans each one every time: on the school preset that was 0.5–1.8 ms of the
// database's CPU per statement, most of it planning, on the same two cores as the web processes
// (decision 016). Named, a statement is parsed once per connection and, after PostgreSQL's five
// custom plans, usually runs on a cached generic plan.
//
// Bounds: only statements whose shape repeats get a name (reads and writes with 1 to MAX_PARAMS
// parameters: a long IN list is a one-off shape), and at most MAX_NAMES distinct texts per
// process, so a connection never holds more prepared statements than that. A statement without
// parameters stays unnamed: node-postgres sends it as a simple query, which may hold several
// commands (a restore's script) where a prepared statement may not.
// DATABASE_PREPARED_STATEMENTS=off turns it off, for a pooler in transaction mode that cannot
// keep a connection's prepared statements (PgBouncer before 1.21).

const MAX_NAMES = 2_000;
const MAX_PARAMS = 64;
// Leading comments are skipped: several statements explain themselves in a `--` line first.
const REPEATABLE = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();

/** The statement's name: a hash of its text, so every process and connection agrees on it. */
export function statementName(text: string, paramCount: number): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMES || paramCount < 1 || paramCount > MAX_PARAMS || !REPEATABLE.test(text)) return undefined;
  const name = `portal_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
  names.set(text, name);
  return name;
}

// node-postgres turns a value into text while binding a named statement it has already parsed; if
// that throws (a BigInt, a circular object) it closes the statement on the server but still counts
// it as parsed, and the connection then fails that text for good. Our values are text, numbers,
// booleans, null and dates; anything else goes unnamed.
const plainValue = (v: unknown) =>
  v === null ||
  v === undefined ||
  typeof v === "string" ||
  typeof v === "number" ||
  typeof v === "boolean" ||
  v instanceof Date;

type QueryFn = (...args: unknown[]) => unknown;
interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/** Names the parameterised statements this node-postgres client runs (see above). */
export function prepareRepeatedStatements(client: { query: QueryFn }): void {
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | null;
    if (config && typeof config === "object" && typeof config.text === "string" && config.name === undefined) {
      const values = Array.isArray(args[1]) ? args[1] : Array.isArray(config.values) ? config.values : [];
      const name = values.every(plainValue) ? statementName(config.text, values.length) : undefined;
      if (name) args[0] = { ...config, name };
    }
    return original(...args);
  };
}
