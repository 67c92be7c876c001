import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files, and pdfkit its font metrics, from their own package
  // folders at run time, so they stay plain Node requires instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit", "fontkit"],
  poweredByHeader: false,
  // forbidden() (403) for refused pages, rendered by app/forbidden.tsx (decision 027).
  experimental: { authInterrupts: true },
  reactStrictMode: true,
  headers() {
    // Attachments (/files/…) carry their own, stricter headers (lib/files/serve.ts): a sandboxing
    // CSP, and framing by the portal's own pages so View Responses can show a PDF.
    return Promise.resolve([
      { source: "/", headers: STATIC_SECURITY_HEADERS },
      { source: "/:path((?!files/).*)", headers: STATIC_SECURITY_HEADERS },
    ]);
  },
};

export default nextConfig;
