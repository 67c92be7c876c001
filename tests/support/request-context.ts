// A minimal stand-in for Next's request cookie store and headers.
interface Cookie {
  name: string;
  value: string;
}

class CookieJar {
  private readonly store = new Map<string, string>();
  /** The options of the last cookie set, to check the flags the app asks for. */
  lastOptions: Record<string, unknown> = {};
  get(name: string): Cookie | undefined {
    const value = this.store.get(name);
    return value === undefined ? undefined : { name, value };
  }
  getAll(): Cookie[] {
    return [...this.store].map(([name, value]) => ({ name, value }));
  }
  has(name: string): boolean {
    return this.store.has(name);
  }
  set(nameOrCookie: string | (Cookie & Record<string, unknown>), value?: string, options?: { maxAge?: number }): void {
    const name = typeof nameOrCookie === "string" ? nameOrCookie : nameOrCookie.name;
    const v = typeof nameOrCookie === "string" ? (value ?? "") : nameOrCookie.value;
    const maxAge = typeof nameOrCookie === "string" ? options?.maxAge : (nameOrCookie.maxAge as number | undefined);
    this.lastOptions = typeof nameOrCookie === "string" ? { ...(options ?? {}) } : { ...nameOrCookie };
    if (maxAge === 0 || v === "") this.store.delete(name);
    else this.store.set(name, v);
  }
  delete(name: string): void {
    this.store.delete(name);
  }
  clear(): void {
    this.store.clear();
  }
}

export const cookieJar = new CookieJar();
export const requestHeaders = new Headers();
