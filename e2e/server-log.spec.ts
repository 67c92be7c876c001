import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CODES, expect, test } from "./fixtures";

// Issue 39 item 22: a client that hangs up in the middle of a request (an upload cancelled, a tab
// closed) is not the server's error. The production server's log (scripts/e2e-server.mjs keeps a
// copy in a file) had an "Error: aborted … ECONNRESET" for each; now a debug line at most.

const port = Number(process.env.E2E_PORT ?? 3100);
const logFile = process.env.E2E_SERVER_LOG ?? path.join(os.tmpdir(), `portal-e2e-server-${port}.log`);

/** Sends the head and the first bytes of a large upload, then closes the connection. */
function hangUpMidUpload(pathname: string, cookie = ""): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n` +
          (cookie ? `Cookie: ${cookie}\r\n` : "") +
          "Content-Type: multipart/form-data; boundary=hangup\r\nContent-Length: 5000000\r\n\r\n" +
          '--hangup\r\nContent-Disposition: form-data; name="file"; filename="essay.pdf"\r\n\r\n%PDF-1.4\n',
      );
      socket.write(Buffer.alloc(200_000, 120), () => setTimeout(() => socket.destroy(), 300));
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

test("a client hanging up mid-upload is a debug line in the server's log, not an error", async () => {
  expect(fs.existsSync(logFile), logFile).toBe(true);
  const before = fs.statSync(logFile).size;
  // Bytes, not characters: the log has "✓" and "▲" in it.
  // Colours off: the harness's server writes them (FORCE_COLOR), an operator's file would not have them.
  const newLines = () =>
    fs
      .readFileSync(logFile)
      .subarray(before)
      .toString("utf8")
      .replace(/\x1b\[[0-9;]*m/g, "");
  // An upload the route has begun to read: who may upload is decided before a byte of the body is
  // read, so the uploader is the class's staff (an admin) and the target one of its assignments.
  const base = `http://localhost:${port}`;
  const session = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ code: CODES.admin }),
  });
  const cookie = session.headers.get("set-cookie")!.split(";")[0]!;
  const page = await (await fetch(`${base}/level/BIO-P2?tab=assignments`, { headers: { cookie } })).text();
  const assignment = /id="assignment-(\d+)"/.exec(page)![1]!;
  // The upload route reads its own stream and answers an interrupted upload itself ("The upload was
  // interrupted."), so it logs nothing; the sign-in's body is read by Next.js, which logged the error.
  await hangUpMidUpload(`/level/BIO-P2/files?kind=assignment&id=${assignment}`, cookie);
  await hangUpMidUpload("/api/session");
  await expect
    .poll(() => newLines().match(/client hung up|Error: aborted/g)?.length ?? 0, { timeout: 120_000 })
    .toBeGreaterThanOrEqual(1);
  // A request after both: the server answers, and has had time to log anything about them.
  expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 2_000));
  const log = newLines();
  expect(log.match(/client hung up/g)).toHaveLength(1);
  expect(log).toMatch(/PORTAL \d+: client hung up mid-request \(ECONNRESET\)/);
  expect(log).not.toMatch(/aborted|ECONNRESET'|uncaughtException|upload failed/);
});
