import { describe, expect, it } from "vitest";
import { zonedTime } from "./dates";
import { preferenceFor, upcomingDigestRuns } from "./notify-events";

describe("digest schedule in the school's time zone", () => {
  it("runs the daily digest at 17:00 local, today until the grace ends, then tomorrow", () => {
    const tz = "America/New_York";
    // 2026-11-25 is a Wednesday; New York is UTC−5 in November.
    const [daily] = upcomingDigestRuns(new Date("2026-11-25T15:00:00Z"), tz);
    expect(daily).toEqual({ period: "daily", day: "2026-11-25", runAt: new Date("2026-11-25T22:00:00Z") });
    const [late] = upcomingDigestRuns(new Date("2026-11-26T00:30:00Z"), tz); // 19:30 local: still within 3 h
    expect(late!.day).toBe("2026-11-25");
    const [next] = upcomingDigestRuns(new Date("2026-11-26T01:30:00Z"), tz); // 20:30 local: past the grace
    expect(next!.day).toBe("2026-11-26");
  });

  it("runs the weekly digest on Friday", () => {
    const weekly = upcomingDigestRuns(new Date("2026-11-25T15:00:00Z"), "Europe/Paris").find(
      (r) => r.period === "weekly",
    );
    expect(weekly).toEqual({ period: "weekly", day: "2026-11-27", runAt: new Date("2026-11-27T16:00:00Z") });
  });

  it("follows daylight saving time", () => {
    expect(zonedTime("2026-07-01", 17, "Europe/Paris").toISOString()).toBe("2026-07-01T15:00:00.000Z");
    expect(zonedTime("2026-03-29", 17, "Europe/Paris").toISOString()).toBe("2026-03-29T15:00:00.000Z"); // the change's day
    expect(zonedTime("2026-11-01", 17, "Australia/Sydney").toISOString()).toBe("2026-11-01T06:00:00.000Z");
  });
});

describe("preferences", () => {
  it("falls back to the defaults and the 70 % threshold", () => {
    expect(preferenceFor("attendance")).toEqual({ delivery: "immediately", threshold: 70 });
    expect(preferenceFor("work")).toEqual({ delivery: "daily", threshold: 70 });
    expect(preferenceFor("grade", { delivery: "off", threshold: 85 })).toEqual({ delivery: "off", threshold: 85 });
  });
});
