import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// proxy.ts (issue 17 items 19, 20): cross-site server-action POSTs get 403 before Next's own check
// (which answers 500), and HSTS is sent only over HTTPS.

const req = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new NextRequest(url, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body ?? (init.method === "POST" ? "[]" : undefined),
  });

describe("proxy", () => {
  it("refuses a cross-site server-action POST with 403 and lets a same-site one through", async () => {
    const evil = await proxy(
      req("http://portal.test/level/BIO-P2/update", {
        method: "POST",
        headers: { "next-action": "abc", origin: "https://evil.example", host: "portal.test" },
      }),
    );
    expect(evil.status).toBe(403);
    const own = await proxy(
      req("http://portal.test/level/BIO-P2/update", {
        method: "POST",
        headers: { "next-action": "abc", origin: "http://portal.test", host: "portal.test" },
      }),
    );
    expect(own.status).toBe(200);
    expect(own.headers.get("x-middleware-next")).toBe("1");
    const noOrigin = await proxy(
      req("http://portal.test/", { method: "POST", headers: { "next-action": "abc", host: "portal.test" } }),
    );
    expect(noOrigin.status).toBe(200);
  });
  it("leaves an attachment's own sandboxing CSP alone (lib/files/serve.ts) and gives pages theirs", async () => {
    expect(
      (await proxy(req("http://portal.test/files/12?inline=1"))).headers.get("content-security-policy"),
    ).toBeNull();
    expect((await proxy(req("http://portal.test/level/BIO-P2"))).headers.get("content-security-policy")).toMatch(
      /nonce-/,
    );
  });
  it("sends HSTS over HTTPS only", async () => {
    expect(
      (await proxy(req("http://portal.test/", { headers: { host: "portal.test" } }))).headers.get(
        "strict-transport-security",
      ),
    ).toBeNull();
    expect(
      (
        await proxy(req("http://portal.test/", { headers: { host: "portal.test", "x-forwarded-proto": "https" } }))
      ).headers.get("strict-transport-security"),
    ).toMatch(/max-age=\d+/);
  });
  it("tells the refusal screens the page's own path and whether it is a page load, whatever the client sent", async () => {
    const load = await proxy(req("http://portal.test/level/BIO-P2/update", { headers: { "x-portal-path": "/admin" } }));
    expect(load.headers.get("x-middleware-request-x-portal-path")).toBe("/level/BIO-P2/update");
    expect(load.headers.get("x-middleware-request-x-portal-page-load")).toBe("1");
    // A browser's page load carries Fetch Metadata; a client without it (curl) counts as one too.
    const browserLoad = await proxy(
      req("http://portal.test/level/BIO-P2", {
        headers: { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      }),
    );
    expect(browserLoad.headers.get("x-middleware-request-x-portal-page-load")).toBe("1");
    // The client router's fetch as it reaches proxy.ts: Next.js has already removed its RSC header.
    const navigation = await proxy(
      req("http://portal.test/level/BIO-P2", {
        headers: { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "next-url": "/", "x-portal-page-load": "1" },
      }),
    );
    expect(navigation.headers.get("x-middleware-request-x-portal-path")).toBe("/level/BIO-P2");
    expect(navigation.headers.get("x-middleware-request-x-portal-page-load")).toBeNull();
    const noMetadata = await proxy(req("http://portal.test/level/BIO-P2", { headers: { "next-url": "/" } }));
    expect(noMetadata.headers.get("x-middleware-request-x-portal-page-load")).toBeNull();
    const action = await proxy(
      req("http://portal.test/level/BIO-P2/update", {
        method: "POST",
        headers: { "next-action": "abc", origin: "http://portal.test", host: "portal.test" },
      }),
    );
    expect(action.headers.get("x-middleware-next")).toBe("1");
    expect(action.headers.get("x-middleware-request-x-portal-page-load")).toBeNull();
  });
});
