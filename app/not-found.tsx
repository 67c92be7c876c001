import { connection } from "next/server";
import { BlockedScreen } from "@/components/states";
import { getT } from "@/lib/i18n/request-locale";

/**
 * Not found, rendered per request: a prerendered page carries no CSP nonce, so its scripts would
 * be blocked (every violation logged in the console) under our nonce-only script policy.
 */
export default async function NotFound() {
  await connection();
  const t = await getT("states");
  return (
    <main className="px-4 py-10">
      <BlockedScreen title={t("pageNotFound")} message={t("pageNotFoundMessage")} />
    </main>
  );
}
