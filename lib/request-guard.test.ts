import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, refuseActionBody, refusePath } from "./request-guard";

const text = (s: string) => refuseActionBody("text/plain;charset=UTF-8", new TextEncoder().encode(s));
const B = "xB";
const multipart = (fields: [string, string, boolean?][], cut?: number) => {
  let body = "";
  for (const [name, value, file] of fields)
    body += `--${B}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="f"' : ""}\r\n\r\n${value}\r\n`;
  body += `--${B}--\r\n`;
  return refuseActionBody(`multipart/form-data; boundary=${B}`, new TextEncoder().encode(body.slice(0, cut)));
};

describe("refusePath", () => {
  it("refuses paths that are not UTF-8 or hold a NUL, and passes ordinary ones", () => {
    for (const p of ["/level/%00", "/level/a%00b", "/level/%C0%80", "/level/%ED%A0%80", "/r/%FF", "/admin?q=%00"])
      expect(refusePath(p)?.status).toBe(400);
    for (const p of ["/", "/level/BIO-P2/update", "/r/abc_DEF-123/pdf", "/admin?tab=audit&q=Jos%C3%A9", "/admin?q=%E0"])
      expect(refusePath(p)).toBeNull();
  });
});

describe("refuseActionBody", () => {
  it("passes what React's client sends", async () => {
    expect(await text('[{"levelCode":"BIO-P2","studentId":8}]')).toBeNull();
    expect(await text('["$$literal","$undefined","$D2024-01-01T00:00:00.000Z","$n12",null]')).toBeNull();
    expect(
      await multipart([
        ["0", '["$K1"]'],
        ["1_title", "Hello"],
      ]),
    ).toBeNull();
    expect(await multipart([["0", '[{"ok":true},"$K1"]']])).toBeNull();
    expect(
      await multipart([
        ["1", "bytes", true],
        ["2", '{"a":1}'],
        ["0", '["$B1","$@2"]'],
      ]),
    ).toBeNull();
  });
  it("refuses a multipart body without the root part 0 (React's decoder waits for it: 'Connection closed')", async () => {
    // The guard sees only requests with a Next-Action header, which Next decodes with decodeReply;
    // a no-JavaScript form post ($ACTION_ID_…) carries no such header and never reaches it.
    for (const fields of [[], [["1", "hello"]], [["1_a", "x"]], [["1", "bytes", true]], [["$ACTION_ID_abc", ""]]] as [
      string,
      string,
      boolean?,
    ][][])
      expect((await multipart(fields))?.status, JSON.stringify(fields)).toBe(400);
  });
  it("refuses bodies the reply decoder throws on", async () => {
    for (const bad of [
      "",
      "{",
      "null",
      "{}",
      '"x"',
      "[1,]",
      `${"[".repeat(50)}${"]".repeat(50)}`,
      '["$B1"]',
      '["$@1"]',
      '["$nabc"]',
      '["$R1"]',
      '["$Z"]',
    ])
      expect((await text(bad))?.status, bad).toBe(400);
    expect(
      (
        await multipart([
          ["0", '["$B1"]'],
          ["1", "not a file"],
        ])
      )?.status,
    ).toBe(400);
    expect(
      (
        await multipart([
          ["0", '["$@1"]'],
          ["1", "{bad"],
        ])
      )?.status,
    ).toBe(400);
    expect((await multipart([["0", '["$Q3"]']]))?.status).toBe(400);
    // A file after the root: Next.js may decode the root before the file has arrived (a 500 the fuzz
    // test found); React's own client writes the root last.
    for (const ref of ["$o1", "$B1"])
      expect(
        (
          await multipart([
            ["0", `["${ref}"]`],
            ["1", "bytes", true],
          ])
        )?.status,
        ref,
      ).toBe(400);
    expect((await multipart([["0", "null"]]))?.status).toBe(400);
    expect(
      (
        await multipart([
          ["0", "[]"],
          ["0", "[]"],
        ])
      )?.status,
    ).toBe(400); // two roots: the decoder throws
    expect(
      (
        await multipart(
          [
            ["0", '["x"]'],
            ["1", "y"],
          ],
          30,
        )
      )?.status,
    ).toBe(400); // truncated
  });
  it("refuses a body over the limit with 413", async () => {
    expect((await text(`["${"x".repeat(ACTION_BODY_LIMIT)}"]`))?.status).toBe(413);
  });
});
