import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

/** The portal's public address: PORTAL_URL, else the host this request came to (a trusted proxy's, or ours). */
export async function portalOrigin(): Promise<string> {
  const configured = env().PORTAL_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  const h = await headers();
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${h.get("x-forwarded-host") ?? h.get("host") ?? "localhost"}`;
}
