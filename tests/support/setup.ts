process.env.SESSION_SECRET ??= "test-only-session-secret-0123456789abcdef";
import { afterEach, beforeEach, vi } from "vitest";
import { cookieJar, requestHeaders } from "./request-context";

// Server actions and pages read the request through next/headers; tests give them a fake request.
vi.mock("next/headers", () => ({
  cookies: () => Promise.resolve(cookieJar),
  headers: () => Promise.resolve(requestHeaders),
}));
vi.mock("next/cache", () => ({
  revalidatePath: vi.fn(),
  revalidateTag: vi.fn(),
  refresh: vi.fn(),
}));

beforeEach(() => cookieJar.clear());

// Tests fail on console.error: an unexpected server error must not pass quietly.
let errors: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
  };
});
afterEach(() => {
  console.error = originalError;
  const expected = (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError;
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = false;
  if (errors.length && !expected)
    throw new Error(`console.error was called: ${errors.map((e) => e.map(String).join(" ")).join("\n")}`);
});
