// A client that hangs up in the middle of a request (a closed tab, an upload or a long PDF download
// cancelled, a phone losing its signal) is not a fault of the server. Node's HTTP server reports it
// as Error("aborted") with code ECONNRESET on the request; Next.js then logs it with console.error
// from wherever it was reading the body (its proxy step reads every request body), or as an
// uncaught exception, and an operator reading the log sees an error every time a parent cancels a
// download. scripts/start.mjs installs quietClientHangUps() before Next.js loads: such lines become
// one debug line (NODE_DEBUG=portal shows them), and every other error is logged as before.
import { debuglog } from "node:util";

const debug = debuglog("portal");

/** Node's own error for a request whose client went away before its body ended. */
export function isClientHangUp(value) {
  return (
    value instanceof Error &&
    value.message === "aborted" &&
    /** @type {NodeJS.ErrnoException} */ (value).code === "ECONNRESET"
  );
}

/** Wraps `target.error` (console by default) so a client hang-up is a debug line, not an error. */
export function quietClientHangUps(target = console, log = debug) {
  const error = target.error.bind(target);
  target.error = (...args) => {
    if (args.some(isClientHangUp)) return log("client hung up mid-request (ECONNRESET)");
    return error(...args);
  };
}
