import "server-only";
import fs from "node:fs";
import net from "node:net";

export type ScanResult = "clean" | "infected" | "error";

/**
 * Asks a ClamAV daemon (CLAMAV_HOST=host:port) about a staged file with clamd's INSTREAM
 * command: 4-byte big-endian length before each chunk, a zero length at the end; the answer is
 * "stream: OK" or "stream: <name> FOUND". Any other answer, or no answer in 60 s, is an error and
 * the upload is refused (a scanner that is configured but down does not let files through).
 */
export async function clamScan(hostPort: string, file: string): Promise<ScanResult> {
  const [host, port] = [hostPort.slice(0, hostPort.lastIndexOf(":")), Number(hostPort.split(":").pop())];
  return new Promise<ScanResult>((resolve) => {
    let reply = "";
    let done = false;
    const end = (r: ScanResult) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(r);
    };
    const socket = net.connect({ host, port }, () => void send());
    const send = async () => {
      try {
        socket.write("zINSTREAM\0");
        for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
          const len = Buffer.alloc(4);
          len.writeUInt32BE((chunk as Buffer).length);
          if (!socket.write(Buffer.concat([len, chunk as Buffer]))) await new Promise((r) => socket.once("drain", r));
        }
        socket.write(Buffer.alloc(4));
      } catch {
        end("error");
      }
    };
    socket.setTimeout(60_000, () => end("error"));
    socket.on("data", (d) => {
      reply += d.toString("latin1");
      if (reply.includes("\0") || reply.endsWith("\n")) {
        const text = reply.replace(/\0/g, "").trim();
        end(/: OK$/.test(text) ? "clean" : /FOUND$/.test(text) ? "infected" : "error");
      }
    });
    socket.on("error", () => end("error"));
    socket.on("close", () => end(reply ? (/: OK/.test(reply) ? "clean" : "error") : "error"));
  });
}
