import { Client } from "pg";

/**
 * Runs `fn` on a fresh database `name` made on the server `serverUrl` names (dropped first if a
 * run left it behind), and drops it afterwards, connections and all.
 */
export async function inFreshDatabase(serverUrl: string, name: string, fn: (url: string) => Promise<void>) {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
