import type { AsyncLocalStorage } from "node:async_hooks";

export const SCHOOL_COOKIE: string;
export const SECURE_SCHOOL_COOKIE: string;
export function schoolScope(): AsyncLocalStorage<number>;
export function schoolFromCookieHeader(header: string | null | undefined): number | undefined;
export function runInRequestSchool<T>(req: { headers?: { cookie?: string } } | undefined, handle: () => T): T;
