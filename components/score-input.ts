// Every score field's input (issue 39): text the reader types with their own decimal mark ("7,5"
// or "7.5"), read by lib/domain/scores parseScore on both sides. Not type="number": Chromium's
// number input follows the browser's language, not the page's, so in an English browser it refuses
// a comma and hands the page an empty value. inputMode keeps the phone's decimal keypad.
export const SCORE_INPUT = { type: "text", inputMode: "decimal", autoComplete: "off", spellCheck: false } as const;
