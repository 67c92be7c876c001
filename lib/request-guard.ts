// What proxy.ts refuses before Next.js reads a request (issue 28 item 9, decision 020): inputs that
// Next.js (16.x) or React's reply decoder answer with a 500 because they throw before any of our
// code runs. Pure, so it is unit-tested; proxy.ts is its only caller.
//
// - A path (or query) that does not decode as UTF-8 (%C0%80, %ED%A0%80) or holds a NUL (%00):
//   no route of ours has one, and PostgreSQL text cannot hold NUL.
// - A server-action POST (Next-Action header) whose body is over the 1 MB limit (413), is not
//   the shape React's client sends (400): JSON that does not parse, nests deeper than any form
//   does, a root that is not an argument list, a multipart body that does not parse or has no root
//   part "0", or a "$…" reference to a part that is not there or not of its kind ("Referenced Blob
//   is not a Blob").

/** Next's default serverActions.bodySizeLimit (next.config.ts sets none). */
export const ACTION_BODY_LIMIT = 1024 * 1024;
/** Deeper than any argument our forms and actions send (an ActionResult is 3 levels). */
export const ACTION_MAX_DEPTH = 32;

export type Refusal = { status: 400 | 413; message: string };

export const BAD_PATH: Refusal = { status: 400, message: "Bad request: the address is not valid." };
export const BAD_ACTION: Refusal = { status: 400, message: "Bad request: the form data could not be read." };
export const ACTION_TOO_LARGE: Refusal = { status: 413, message: "The form data is too large (1 MB at most)." };

/** The raw path and query, as the client wrote them (before any decoding). */
export function refusePath(rawPathAndQuery: string): Refusal | null {
  const q = rawPathAndQuery.indexOf("?");
  const path = q === -1 ? rawPathAndQuery : rawPathAndQuery.slice(0, q);
  const query = q === -1 ? "" : rawPathAndQuery.slice(q + 1);
  try {
    if (decodeURIComponent(path).includes("\u0000")) return BAD_PATH;
  } catch {
    return BAD_PATH;
  }
  // Query values are decoded leniently by URLSearchParams; only a NUL is refused there.
  for (const [k, v] of new URLSearchParams(query)) if (k.includes("\u0000") || v.includes("\u0000")) return BAD_PATH;
  return null;
}

// React's reply format (react-server-dom's parseModelString): a string "$…" is a special value or
// a reference. Values: "$$…" (a string), "$u…", "$I…", "$N…", "$-…", "$H…", "$D…", "$T…", and "$n"
// with at most 300 digits (BigInt("x") throws). References name another part by hex id: "$@1",
// "$Q", "$W", "$i", "$h" and outlined "$1a[:path]" need a JSON part, "$B" and the typed arrays
// ("$A", "$o"…) a file part, "$K" a FormData (its fields, possibly none). Streams and async
// iterables ("$R", "$r", "$X", "$x") are never sent by our forms and are refused.
const VALUE_TOKEN = /^\$([$uINH\-DT]|n-?\d{1,300}$)/s;
const PART_REF = /^\$([@QWhiKBAOoUSsLlGgMmV]?)([0-9a-f]{1,8})(:[^]*)?$/;
const TYPED_ARRAY_KINDS = new Set(["A", "O", "o", "U", "S", "s", "L", "l", "G", "g", "M", "m", "V"]);

interface Parts {
  /** The part's text, a Blob (null when the part is a file), or undefined when absent. */
  get(id: number): string | null | undefined;
  /**
   * Whether a file part comes before the root "0" in the body. React's decoder reads a blob the
   * moment it parses a reference to it, and Next.js parses the root as soon as it arrives: a file
   * that follows it may not be there yet ("Cannot read properties of undefined (reading
   * 'arrayBuffer')", a 500 found by the fuzz test). React's client always writes the root last.
   */
  fileBeforeRoot(id: number): boolean;
  /** Whether any part's name starts with this prefix ("$K1" → "1_…"); an empty FormData is allowed. */
  hasPrefix(prefix: string): boolean;
}

/** Checks one decoded JSON value: depth and references. Iterative, so a deep value cannot overflow the stack. */
function checkValue(root: unknown, parts: Parts | null, pending: number[]): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > ACTION_MAX_DEPTH) return false;
    if (typeof v === "string") {
      if (!v.startsWith("$") || VALUE_TOKEN.test(v)) continue;
      const ref = PART_REF.exec(v);
      if (!ref || !parts) return false;
      const kind = ref[1]!;
      const id = parseInt(ref[2]!, 16);
      if (kind === "K") continue; // a FormData argument: its fields are "<id>_…", possibly none
      const part = parts.get(id);
      if (part === undefined) return false;
      const isBlob = kind === "B" || TYPED_ARRAY_KINDS.has(kind);
      if (isBlob !== (part === null)) return false;
      if (isBlob && !parts.fileBeforeRoot(id)) return false;
      if (!isBlob) pending.push(id);
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push([x, depth + 1]);
    } else if (v !== null && typeof v === "object") {
      for (const x of Object.values(v)) stack.push([x, depth + 1]);
    }
  }
  return true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false }; // bad JSON, or nesting deep enough to overflow the parser
  }
}

/** Checks a reply: the root (part 0, or the whole text) is an argument list; every part it reaches is sound. */
function checkReply(rootText: string, parts: Parts | null): boolean {
  const root = parseJson(rootText);
  if (!root.ok || !Array.isArray(root.value)) return false;
  const pending: number[] = [];
  if (!checkValue(root.value, parts, pending)) return false;
  const seen = new Set<number>([0]);
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (seen.size > 1000) return false;
    const text = parts?.get(id);
    if (typeof text !== "string") return false;
    const value = parseJson(text);
    if (!value.ok || !checkValue(value.value, parts, pending)) return false;
  }
  return true;
}

/**
 * A server-action body, given its content type and bytes (already known to be within the limit).
 * Only requests with a Next-Action header come here, and Next.js decodes every one of them with
 * decodeReply, which needs the root part "0" (React's client always writes it): without it the
 * decoder throws "Connection closed" when the body ends. A no-JavaScript form post ($ACTION_ID_…,
 * read by decodeAction) carries no Next-Action header and never reaches this check.
 */
export async function refuseActionBody(contentType: string, bytes: Uint8Array): Promise<Refusal | null> {
  if (bytes.length > ACTION_BODY_LIMIT) return ACTION_TOO_LARGE;
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(new Blob([bytes as BlobPart]), { headers: { "content-type": contentType } }).formData();
    } catch {
      return BAD_ACTION; // truncated or malformed multipart ("Unexpected end of form")
    }
    const root = form.get("0");
    if (typeof root !== "string") return BAD_ACTION; // no root, or a file in its place
    const names = [...form.keys()];
    // A part id twice (two roots "0") leaves React's decoder in a state it throws on.
    const ids = names.filter((n) => /^\d+$/.test(n));
    if (new Set(ids).size !== ids.length) return BAD_ACTION;
    const parts: Parts = {
      get: (id) => {
        const p = form.get(String(id));
        return p === null ? undefined : typeof p === "string" ? p : null;
      },
      hasPrefix: (prefix) => names.some((n) => n.startsWith(prefix)),
      fileBeforeRoot: (id) => names.indexOf(String(id)) < names.indexOf("0"),
    };
    return checkReply(root, parts) ? null : BAD_ACTION;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return BAD_ACTION;
  }
  return checkReply(text, null) ? null : BAD_ACTION;
}
