// Exists only to convert rows stored before messages were descriptors (issue 40, decision 029): the
// roster import's history kept English sentences, which lib/roster/history-convert.ts reads back
// once at start-up, each English sentence of a catalog namespace taken as a pattern and its
// {placeholders} read from the text (the why-lines have their own rules in
// lib/gradebook/why-conversion.ts). Nothing else reads English back: new code makes descriptors
// where a message arises. It can go when no database from before descriptors is left.

export interface SentencePattern<K extends string> {
  key: K;
  names: string[];
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern per message, in catalog order (a more specific sentence before the general one it would
 * also match). A placeholder matches any text, or what `capture` says for its name.
 */
export function sentencePatterns<K extends string>(
  messages: Record<K, string>,
  capture: (name: string) => string = () => "(.+?)",
): SentencePattern<K>[] {
  return (Object.entries(messages) as [K, string][]).map(([key, text]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return capture(name);
      })
      .join("");
    return { key, names, pattern: new RegExp(`^${source}$`, "s") };
  });
}

/** The first pattern that matches the whole text: its key and the placeholders' text. */
export function matchSentence<K extends string>(
  patterns: readonly SentencePattern<K>[],
  text: string,
): { key: K; values: Record<string, string> } | null {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}
