// proxy.ts copies each page request's path into this request header (overwriting whatever the
// client sent), so app/forbidden.tsx and app/not-found.tsx, which Next.js renders without the
// page's params, can tell which page refused and show that page's own screen (decision 027). It
// chooses a message only: every page has already refused on its own before these render.
export const PAGE_PATH_HEADER = "x-portal-path";
/**
 * "1" on a full page load, absent on the client router's own requests and on server actions
 * (proxy.ts, isPageLoad: Next.js hides their RSC header from proxy.ts and headers() alike): only a
 * page load's layout may refuse for its page.
 */
export const PAGE_LOAD_HEADER = "x-portal-page-load";

/** The gated pages a refusal screen can belong to, from a request's path (still percent-encoded). */
export type GatedPage =
  | { page: "admin" }
  | { page: "teacher" }
  | { page: "children"; studentId: string }
  | { page: "records"; studentId: string }
  | { page: "class"; levelCode: string; mode: "view" | "teach" };

const DASHBOARD_PAGES = new Set(["", "grading", "term-grades", "queue"]);

export function gatedPageOf(path: string | null): GatedPage | null {
  if (!path) return null;
  const [first, code, sub, subpage, ...rest] = path.split("/").slice(1);
  if (first === "admin") return { page: "admin" };
  if (first === "teacher" && code === undefined) return { page: "teacher" };
  if (first === "children" && code && sub === undefined) return { page: "children", studentId: code };
  if (first === "records" && code && sub === undefined) return { page: "records", studentId: code };
  if (first !== "level" || !code || rest.length > 0) return null;
  if (sub === undefined) return { page: "class", levelCode: code, mode: "view" };
  if (sub === "update" && DASHBOARD_PAGES.has(subpage ?? "")) return { page: "class", levelCode: code, mode: "teach" };
  return null;
}
