// A label with a ← or → in it ("← Back to Search"). The arrows point the way the page reads: in a
// right-to-left language the layout mirrors (logical CSS), and so do they, as drawn glyphs (the
// characters themselves have no mirrored form). Screen readers skip them: the words say it.
const ARROW = /([←→])/;

export function ArrowText({ text }: { text: string }) {
  return (
    <>
      {text.split(ARROW).map((part, i) =>
        ARROW.test(part) ? (
          <span key={i} aria-hidden data-arrow className="inline-block rtl:-scale-x-100">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
