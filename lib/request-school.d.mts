import type { AsyncLocalStorage } from "node:async_hooks";

export const SCHOOL_COOKIE: string;
export const SECURE_SCHOOL_COOKIE: string;
export function schoolScope(): AsyncLocalStorage<number>;
export function schoolFromCookieHeader(header: string | null | undefined): number | undefined;
export function schoolFromPath(url: string | null | undefined): number | undefined;
export function runInRequestSchool<T>(
  req: { url?: string; headers?: { cookie?: string } } | undefined,
  handle: () => T,
): T;
