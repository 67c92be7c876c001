import { MARKDOWN_MAX_DEPTH, MARKDOWN_RENDER_BUDGET } from "./constants";

// Markdown's parser (micromark) and the React tree built from it recurse once per level of
// nesting, and several constructs cost more than linear time: 20,000 characters of "- - - … x"
// blocked the process for over a minute and then overflowed the stack. These functions look at a
// text without parsing it (one pass, linear time) so that the limits apply before any parser runs.

export interface MarkdownShape {
  /** Deepest nesting of block quotes and list items on any line (an upper estimate, never lower). */
  depth: number;
  /** Lines, blank ones included. */
  lines: number;
  /** Block-quote and list markers. */
  markers: number;
  /** The containers each line is inside, added up over the lines: the parser matches them all on every line. */
  containers: number;
  /** Characters that open or close inline constructs, headings, breaks or entities. */
  marks: number;
}

const TAB_STOP = 4;
const MAX_ORDERED_DIGITS = 9;
// Each of these starts or ends something the parser has to match or resolve: emphasis, links and
// images, code spans, autolinks and HTML, escapes, entities, headings, setext and thematic lines.
const MARK_CODES = new Set(Array.from("*_[]()<>!`\\&~#=-+|", (c) => c.charCodeAt(0)));

const SPACE = 32;
const TAB = 9;
const CR = 13;
const GT = 62;

const isBlankCode = (c: number) => c === SPACE || c === TAB || c === CR;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Measures the nesting and the amount of markup of a markdown text in one pass.
 *
 * Nesting is counted the way CommonMark builds containers, erring high: each line's own '>' and
 * list markers ("-", "+", "*", "1." or "1)" followed by a space or the end of the line), plus the
 * list items of earlier lines that the line is indented into. Those are dropped only when the
 * line certainly closes them (it is less indented and cannot be a lazy continuation line), so a
 * text cannot hide depth behind indentation, quotes or lazy lines; a thematic break ("* * *")
 * opens nothing.
 */
export function measureMarkdown(text: string): MarkdownShape {
  // A carriage return ends a line for the parser too.
  const source = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  let depth = 0;
  let lines = 0;
  let markers = 0;
  let containers = 0;
  let marks = 0;
  const open: number[] = []; // content columns of list items that later lines may continue
  let prevBlank = true;
  const n = source.length;

  for (let start = 0; start <= n;) {
    let end = source.indexOf("\n", start);
    if (end < 0) end = n;
    const hr = thematicSuffix(source, start, end);
    let hrSeen = 0; // hr.kind characters consumed as markers inside the thematic suffix
    let p = start;
    let col = 0;
    let quotes = 0;
    let items = 0;
    let dropped = false;

    for (;;) {
      while (p < end && isBlankCode(source.charCodeAt(p))) {
        col += source.charCodeAt(p) === TAB ? TAB_STOP - (col % TAB_STOP) : 1;
        p++;
      }
      if (p >= end) break;
      const c = source.charCodeAt(p);
      if (c === GT) {
        // '>' and one space after it belong to the quote marker: columns are counted inside it.
        quotes++;
        p++;
        if (p < end && source.charCodeAt(p) === SPACE) p++;
        continue;
      }
      const width = listMarkerWidth(source, p, end);
      if (width === 0) break;
      if (p >= hr.from && c === hr.kind && hr.count - hrSeen >= 3) break; // "* * *" opens nothing
      if (!dropped) {
        // A marker where the line leaves an item starts a container, so the line is not lazy.
        dropClosed(open, col, true);
        dropped = true;
      }
      if (p >= hr.from && c === hr.kind) hrSeen++;
      items++;
      open.push(col + width + 1);
      col += width;
      p += width;
    }

    lines++; // blank ones too: the parser spends time on every line
    const blank = p >= end && quotes === 0 && items === 0;
    if (!blank) {
      if (!dropped) dropClosed(open, col, prevBlank || quotes > 0);
      markers += quotes + items;
      // open now holds the items this line is inside, its own included; quotes last one line.
      const here = open.length + quotes;
      containers += here;
      if (here > depth) depth = here;
      for (let q = p; q < end; q++) if (MARK_CODES.has(source.charCodeAt(q))) marks++;
    }
    prevBlank = blank;
    start = end + 1;
  }
  return { depth, lines, markers, containers, marks };
}

/** The maximum nesting of block quotes and list items (see measureMarkdown). */
export function markdownNestingDepth(source: string): number {
  return measureMarkdown(source).depth;
}

/** Is the text within the nesting limit? Refused on save beyond it. */
export function withinNestingLimit(source: string): boolean {
  return markdownNestingDepth(source) <= MARKDOWN_MAX_DEPTH;
}

/** The message a save gets for text nested too deeply, e.g. "Content is nested too deeply (at most 20 levels)." */
export function tooDeeplyNestedMessage(field: string): string {
  return `${field} is nested too deeply (at most ${MARKDOWN_MAX_DEPTH} levels).`;
}

/**
 * What parsing and rendering the text will cost, in units of roughly 0.1 ms: the parser's time
 * grows with lines, block markers, the containers every line is matched against and markup
 * characters (some constructs faster than linearly), while plain prose of any allowed length is
 * nearly free. The weights come from timing the worst texts of each kind (a list item costs about
 * four plain lines).
 */
export function markdownCost(shape: MarkdownShape): number {
  return shape.lines + 2 * shape.markers + shape.containers + shape.marks;
}

/**
 * Is the text safe to hand to the markdown parser? Within the nesting limit and the render
 * budget; anything else is shown as plain text, so no stored text can hold the server for long.
 */
export function canRenderMarkdown(source: string): boolean {
  const shape = measureMarkdown(source);
  return shape.depth <= MARKDOWN_MAX_DEPTH && markdownCost(shape) <= MARKDOWN_RENDER_BUDGET;
}

/** Width of a list marker at `p` ("-", "+", "*", or 1–9 digits and "." or ")"), 0 when there is none. */
function listMarkerWidth(source: string, p: number, end: number): number {
  const c = source.charCodeAt(p);
  let width = 0;
  if (c === 45 || c === 43 || c === 42) width = 1;
  else if (isDigit(c)) {
    let q = p;
    while (q < end && q - p < MAX_ORDERED_DIGITS && isDigit(source.charCodeAt(q))) q++;
    const d = source.charCodeAt(q);
    if (q < end && (d === 46 || d === 41)) width = q - p + 1;
  }
  if (width === 0) return 0;
  const next = p + width;
  return next >= end || isBlankCode(source.charCodeAt(next)) ? width : 0;
}

/**
 * A less indented line closes the items it is not indented into, unless it may be a lazy
 * continuation of their paragraph: only a line after a blank one, or one that starts a quote or
 * an item, certainly does.
 */
function dropClosed(open: number[], col: number, certain: boolean) {
  if (!certain) return;
  while (open.length > 0 && open[open.length - 1]! > col) open.pop();
}

/**
 * The line's longest tail made of blanks and one of -, *, _ only, with how many of that character
 * it holds: from a marker inside it with 3 or more left, the rest is a thematic break ("* * *").
 * Found once per line, so checking each marker costs nothing.
 */
function thematicSuffix(source: string, start: number, end: number): { from: number; kind: number; count: number } {
  let kind = -1;
  let count = 0;
  let q = end;
  while (q > start) {
    const d = source.charCodeAt(q - 1);
    if (isBlankCode(d)) {
      q--;
      continue;
    }
    if (kind === -1 && (d === 45 || d === 42 || d === 95)) kind = d;
    if (d !== kind) break;
    count++;
    q--;
  }
  return { from: q, kind, count };
}
