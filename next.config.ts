import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security-headers";

// `npm run demo` builds to try the portal, not to check it (scripts/demo.mjs sets this): CI
// type-checks with `tsc` and makes the full `next build`, so the demo's build skips Next's own
// type check (~34 s of a 2-core machine) and does not write Turbopack's build cache (~16 s, only
// a later build would read it).
const quickBuild = process.env.PORTAL_QUICK_BUILD === "1";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files, and pdfkit its font metrics, from their own package
  // folders at run time, so they stay plain Node requires instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit", "fontkit"],
  poweredByHeader: false,
  // forbidden() (403) for refused pages, rendered by app/forbidden.tsx (decision 027).
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: !quickBuild },
  typescript: { ignoreBuildErrors: quickBuild },
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
