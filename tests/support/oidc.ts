import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The real test provider (scripts/oidc-test-provider.mjs) in a child process, so a test that moves
 * the portal's clock (vi.setSystemTime) does not move the provider's.
 */
export async function startProviderProcess(
  redirectUris: string[],
  env: Record<string, string> = {},
): Promise<{ issuer: string; close(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.resolve("scripts/oidc-test-provider.mjs"), ...redirectUris],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "ignore"] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0]!.trim());
    });
    child.on("exit", (code) => reject(new Error(`test provider exited (${code})`)));
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * What a browser does at the provider: opens the authorization address, logs in on its page as
 * `login` (any password) and follows redirects until the provider sends it to the portal. Returns
 * that address (the portal's callback with code, state and iss).
 */
export async function loginAtProvider(authorizationUrl: string, login: string, portalPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i).trim(), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hops = 0; hops < 15; hops++) {
    if (url.startsWith(portalPrefix)) return url;
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      headers: { cookie: cookie(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      redirect: "manual",
    });
    remember(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(`provider page without a login form (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = new URLSearchParams({ prompt: "login", login, password: "any" });
  }
  throw new Error("too many redirects at the provider");
}
