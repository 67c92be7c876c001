/**
 * In place of a code badge when only an admin may give the code out (issue 28): the student also
 * takes another teacher's class, so their code opens more than this class, or was in no class
 * when this teacher added them, so the code is the one the office gave them (issue 39).
 */
export function AdminsOnlyCode({
  small = false,
  words = {
    label: "Code: admins only",
    title:
      "This student also takes another teacher's class, or was in no class when you added them: only an admin can see or reset their access code.",
  },
}: {
  small?: boolean;
  /** The reader's words, where the screen is translated (the class dashboard, issue 31). */
  words?: { label: string; title: string };
}) {
  return (
    <span
      data-testid="code-admins-only"
      title={words.title}
      className={`rounded-md border border-line text-ink-muted ${small ? "px-1.5 py-0.5 text-xs" : "px-2 py-1 text-sm"}`}
    >
      {words.label}
    </span>
  );
}
