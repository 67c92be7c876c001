import { ENGLISH_CHOICES, ROLL_CALL_CHOICES, type ChoiceWords, type RollCallStudent } from "@/lib/domain/roll-call";

// The roll call's rows as one HTML string (issue 30). A class of 100 is 700 elements; rendered by
// React they were most of the page's server CPU (each element built, then serialised to HTML). As
// a string they are one `dangerouslySetInnerHTML`, built in the browser too from the same compact
// rows, and the marks are then kept in step with the DOM directly (roll-call.tsx).
//
// Every button is a real submit button of the list's form (name "mark", value "<id>:<status>"):
// a tap before the script has run, or with JavaScript off, posts the mark to /api/roll-call, so it
// is never lost. Once hydrated, the click handler takes the tap and the form never submits.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The column of a mark (P A L E), or -1 for none. */
export const columnOf = (letter: string | undefined) => ROLL_CALL_CHOICES.findIndex((c) => c.key === letter);

/**
 * One <li> per student: the name, and a radio group of four submit buttons in ROLL_CALL_CHOICES
 * order, named and lettered in the reader's language (`choices`) (the list's CSS colours them by position). `tabRow` holds the list's one Tab stop, on its
 * checked choice (or Present).
 */
export function rollCallRowsHtml(
  students: readonly RollCallStudent[],
  marks: string,
  tabRow = 0,
  choices: readonly ChoiceWords[] = ENGLISH_CHOICES,
): string {
  let html = "";
  for (let row = 0; row < students.length; row++) {
    const s = students[row]!;
    const checked = columnOf(marks[row]);
    const tabCol = row === tabRow ? Math.max(0, checked) : -1;
    html += `<li data-testid="roll-call-student"><span id="rc-${s.id}" data-user-text>${escapeHtml(s.name)}</span><div role="radiogroup" aria-labelledby="rc-${s.id}">`;
    for (let col = 0; col < ROLL_CALL_CHOICES.length; col++) {
      const c = ROLL_CALL_CHOICES[col]!;
      const words = choices[col]!;
      html += `<button name="mark" value="${s.id}:${c.status}" role="radio" aria-checked="${checked === col}" aria-label="${escapeHtml(words.label)}" tabindex="${tabCol === col ? 0 : -1}" data-rc="${row}:${col}">${escapeHtml(words.letter)}</button>`;
    }
    html += "</div></li>";
  }
  return html;
}
