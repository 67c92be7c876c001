// A real SMTP server on loopback for the mail tests (issue 20): nodemailer talks SMTP to it, and
// every message it accepts is parsed (mailparser) so tests can read recipients, subject, both
// parts and headers as a mail client would.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface Captured {
  envelopeTo: string[];
  mail: ParsedMail;
  /** Header names lower-cased, values as sent (unfolded). */
  header(name: string): string | undefined;
}

export interface TestSmtp {
  url: string;
  messages: Captured[];
  /** Refuse every message with a 451 (a mail server in trouble) until turned off again. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** `messages` collects what the server accepts (a caller may keep the array before the server starts). */
export async function startTestSmtp(messages: Captured[] = []): Promise<TestSmtp> {
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusing) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            const headers = new Map<string, string>();
            for (const line of mail.headerLines)
              headers.set(
                line.key.toLowerCase(),
                line.line
                  .slice(line.line.indexOf(":") + 1)
                  .replace(/\r?\n\s+/g, " ")
                  .trim(),
              );
            messages.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              mail,
              header: (n) => headers.get(n.toLowerCase()),
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (on) => void (refusing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
