import { describe, expect, it } from "vitest";
import { attendanceExportHref } from "./links";
import { render } from "@/lib/i18n/render";
import { daysInRange, MAX_RANGE_DAYS, parseRange } from "./range";

/** The range, a refusal's message as an English reader reads it. */
const q = (s: string) => {
  const r = parseRange(new URLSearchParams(s));
  return r.ok ? r : { ok: false, message: render(r.message, "en") };
};

describe("attendance export range", () => {
  it("says why in the reader's language", () => {
    const r = parseRange(new URLSearchParams("from=2026-02-01&to=2026-01-31"));
    expect(r.ok ? "" : render(r.message, "es")).toBe("from debe ser igual o anterior a to.");
  });
  it("accepts a range of calendar days, both ends included", () => {
    expect(q("from=2026-01-05&to=2026-01-30")).toEqual({ ok: true, from: "2026-01-05", to: "2026-01-30" });
    expect(q("from=2026-01-05&to=2026-01-05")).toEqual({ ok: true, from: "2026-01-05", to: "2026-01-05" });
    expect(daysInRange("2026-01-01", "2026-12-31")).toBe(365);
  });
  it("refuses missing, malformed and impossible dates with a message naming the parameter", () => {
    expect(q("to=2026-01-30")).toEqual({ ok: false, message: "Give from= as a date like 2026-01-31." });
    expect(q("from=2026-01-05")).toEqual({ ok: false, message: "Give to= as a date like 2026-01-31." });
    expect(q("from=05/01/2026&to=2026-01-30")).toEqual({ ok: false, message: "from must be a date like 2026-01-31." });
    expect(q("from=2026-02-30&to=2026-03-01")).toEqual({ ok: false, message: "from is not a calendar date." });
  });
  it("refuses a range that ends before it starts, or longer than 400 days", () => {
    expect(q("from=2026-02-01&to=2026-01-31")).toEqual({ ok: false, message: "from must be on or before to." });
    expect(MAX_RANGE_DAYS).toBe(400);
    expect(q("from=2025-01-01&to=2026-02-04").ok).toBe(true); // 400 days
    expect(q("from=2025-01-01&to=2026-02-05")).toEqual({
      ok: false,
      message: "The range is longer than 400 days: export it in parts.",
    });
  });
  it("the dashboard's link asks for every recorded day, cut to the last 400", () => {
    expect(attendanceExportHref("BIO-P2", ["2026-01-30", "2026-01-05"], "2026-02-01")).toBe(
      "/level/BIO-P2/export/attendance?from=2026-01-05&to=2026-01-30",
    );
    expect(attendanceExportHref("A B", [], "2026-02-01")).toBe(
      "/level/A%20B/export/attendance?from=2026-02-01&to=2026-02-01",
    );
    const href = attendanceExportHref("X", ["2026-02-04", "2023-09-01"], "2026-02-04");
    expect(href).toBe("/level/X/export/attendance?from=2025-01-01&to=2026-02-04");
    expect(q(href.split("?")[1]!).ok).toBe(true);
  });
});
