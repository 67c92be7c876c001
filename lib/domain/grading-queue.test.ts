import { describe, expect, it } from "vitest";
import { defaultFilter, firstShown, placeOf } from "./grading-queue";

const s = (id: number, graded = false) => ({ id, graded });

describe("the grading queue's order", () => {
  const cls = [s(1, true), s(2), s(3, true), s(4), s(5, true)];

  it("opens on the ungraded while any is left, then on everyone", () => {
    expect(defaultFilter(cls)).toBe("ungraded");
    expect(firstShown(cls, "ungraded")).toBe(2);
    const done = cls.map((x) => ({ ...x, graded: true }));
    expect(defaultFilter(done)).toBe("all");
    expect(firstShown(done, "all")).toBe(1);
    expect(firstShown(done, "ungraded")).toBe(1);
    expect(firstShown([], "all")).toBeNull();
  });

  it("walks everyone in name order without wrapping", () => {
    expect(placeOf(cls, 1, "all")).toEqual({ position: 1, total: 5, ungraded: 2, previous: null, next: 2 });
    expect(placeOf(cls, 3, "all")).toMatchObject({ previous: 2, next: 4 });
    expect(placeOf(cls, 5, "all")).toMatchObject({ previous: 4, next: null });
  });

  it("goes from ungraded to ungraded, wrapping, never back to the one shown", () => {
    expect(placeOf(cls, 2, "ungraded")).toMatchObject({ previous: 4, next: 4 });
    expect(placeOf(cls, 4, "ungraded")).toMatchObject({ previous: 2, next: 2 });
    // Graded just now (the page re-read it): the next is still the following ungraded one.
    expect(placeOf([s(1, true), s(2, true), s(3, true), s(4), s(5, true)], 2, "ungraded")).toMatchObject({
      next: 4,
      previous: 4,
    });
    // The last ungraded, graded: nobody left.
    expect(placeOf([s(1, true), s(2, true)], 2, "ungraded")).toMatchObject({ next: null, previous: null, ungraded: 0 });
  });

  it("knows nobody outside the class", () => {
    expect(placeOf(cls, 99, "all")).toMatchObject({ position: 0, previous: null, next: null });
  });
});
