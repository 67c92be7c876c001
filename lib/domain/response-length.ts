import { MIN_RESPONSE_LENGTH } from "./constants";

/**
 * The length the 10-character rule (spec §5) measures, and the submit dialog's live count: the
 * text without spaces or line breaks at either end, one per character as the student sees it (an
 * emoji is one, not two UTF-16 units), and a line break once (the browser sends the textarea's
 * "\n" as "\r\n"). The dialog and the server both call this, so the count it shows is the count
 * the rule applies.
 */
export function responseLength(text: string): number {
  const trimmed = text.trim();
  let n = 0;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    // The second half of a surrogate pair, or the LF of a CR LF, is part of the one before.
    if (
      (c >= 0xdc00 && c <= 0xdfff && i > 0 && isHighSurrogate(trimmed.charCodeAt(i - 1))) ||
      (c === 10 && i > 0 && trimmed.charCodeAt(i - 1) === 13)
    )
      continue;
    n++;
  }
  return n;
}

/** Spec §5: a response to an assignment is at least 10 characters once trimmed. */
export function isLongEnoughResponse(text: string): boolean {
  return responseLength(text) >= MIN_RESPONSE_LENGTH;
}

/**
 * What a submission needs (issue 39, decision 023): the spec's 10 characters, or at least one
 * file — a photo of the work is the work, and a caption should not be required to send it.
 */
export function isCompleteSubmission(text: string, fileCount: number): boolean {
  return fileCount > 0 || isLongEnoughResponse(text);
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
