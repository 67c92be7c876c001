/** An access code, blurred until hovered or keyboard-focused (spec §6, with an accessible reveal). */
/** `label` names it for screen readers ("Access code {code}", in the reader's language where the screen is translated). */
export function CodeBadge({ code, small = false, label }: { code: string; small?: boolean; label?: string }) {
  return (
    <span
      /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable on purpose: keyboard users reveal
         the blurred code by focusing it (spec §6), as mouse users do by hovering. */
      tabIndex={0}
      aria-label={label ?? `Access code ${code}`}
      data-testid="code-badge"
      data-user-text
      className={`cursor-default select-all rounded-md bg-surface-muted font-mono blur-sm transition hover:blur-none focus:blur-none ${small ? "px-1.5 py-0.5 text-xs" : "px-2 py-1 text-sm"}`}
    >
      {code}
    </span>
  );
}
