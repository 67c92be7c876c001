// Sending one queued e-mail (issue 20). Outside any transaction: the job is marked done after the
// mail server accepted the message. The guarantee: each e-mail is sent once, unless the process
// dies between the server's acceptance and that mark, in which case its retry sends it again
// with the same Message-ID (at least once; never lost while the queue retries).
import "server-only";
import type { JobHandler } from "@/lib/jobs/queue";
import { sendMail, type OutgoingMail } from "@/lib/mail/transport";

export const sendMailJob: JobHandler = {
  outsideTransaction: async (job) => {
    const m = job.payload as unknown as OutgoingMail;
    if (typeof m.to !== "string" || typeof m.subject !== "string") throw new Error("malformed e-mail job");
    await sendMail(m);
  },
};
