import { connection } from "next/server";
import { BlockedScreen } from "@/components/states";

/**
 * Not found, rendered per request: a prerendered page carries no CSP nonce, so its scripts would
 * be blocked (every violation logged in the console) under our nonce-only script policy.
 */
export default async function NotFound() {
  await connection();
  return (
    <main className="px-4 py-10">
      <BlockedScreen title="Page not found" message="This page does not exist." />
    </main>
  );
}
