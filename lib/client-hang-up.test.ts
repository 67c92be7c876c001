import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isClientHangUp, quietClientHangUps } from "./client-hang-up.mjs";

/** The error Node's HTTP server gives a request whose client closes the connection mid-body. */
async function realHangUp(): Promise<Error> {
  let server: http.Server | undefined;
  const error = new Promise<Error>((resolve) => {
    server = http.createServer((req) => req.on("error", resolve).resume());
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const { port } = server!.address() as AddressInfo;
  const socket = net.connect(port, "127.0.0.1", () => {
    socket.write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nfirst bytes");
    setTimeout(() => socket.destroy(), 100);
  });
  const err = await error;
  await new Promise((r) => server!.close(r));
  return err;
}

describe("a client's hang-up in the server's log", () => {
  it("is a debug line; every other error is logged as it was", async () => {
    const hangUp = await realHangUp();
    expect(isClientHangUp(hangUp)).toBe(true);
    const logged: unknown[][] = [];
    const debugged: string[] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    quietClientHangUps(target, (m) => debugged.push(m));

    target.error(hangUp);
    target.error("uncaughtException: ", hangUp); // Next.js's own uncaught-exception line
    expect(logged).toEqual([]);
    expect(debugged).toEqual(["client hung up mid-request (ECONNRESET)", "client hung up mid-request (ECONNRESET)"]);

    const bug = new TypeError("Cannot read properties of undefined");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    target.error("uncaughtException: ", bug);
    target.error(refused);
    target.error("plain text");
    expect(logged).toEqual([["uncaughtException: ", bug], [refused], ["plain text"]]);
  });
});
