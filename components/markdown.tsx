import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import { canRenderMarkdown } from "@/lib/domain/markdown-depth";

const PLUGINS = [rehypeSanitize];
const COMPONENTS = {
  a: ({ node: _node, children, ...props }: React.ComponentProps<"a"> & { node?: unknown }) => (
    <a {...props} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

const PROSE =
  "prose-portal space-y-3 text-sm leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc dark:[&_a]:text-brand-100";

/**
 * The rendered tree of one markdown source, marked data-user-text: its words are the teacher's, not
 * the catalog's (the pseudo-locale walk in e2e/languages.spec.ts skips them). Raw HTML is never parsed (react-markdown escapes it),
 * rehype-sanitize strips anything outside GitHub's safe list (event handlers, javascript: URLs),
 * and links open without handing over the window. A pure function of the source, so the server
 * may reuse a tree for the same text (markdown-cache.ts).
 *
 * The parser runs in the request, and its time and stack grow with nesting and markup: a text
 * over the nesting limit or the render budget (lib/domain/markdown-depth.ts: texts saved before
 * the limit, or written around the form) is shown as its plain text instead, and so is one the
 * parser fails on. Nothing is lost: the words are all there, escaped by React.
 */
export function markdownTree(source: string): React.ReactNode {
  if (!canRenderMarkdown(source)) return plainText(source);
  let parsed: React.ReactNode;
  try {
    parsed = ReactMarkdown({ children: source, rehypePlugins: PLUGINS, components: COMPONENTS });
  } catch (err) {
    // A bug in the parser or in the limits: logged once, since the caller caches the fallback.
    console.error("Markdown could not be rendered; shown as plain text", err);
    return plainText(source);
  }
  return (
    <div className={PROSE} data-user-text>
      {parsed}
    </div>
  );
}

function plainText(source: string): React.ReactNode {
  return (
    <div className={PROSE} data-markdown="plain" data-user-text>
      <p className="whitespace-pre-wrap break-words">{source}</p>
    </div>
  );
}

/** Assignment descriptions are markdown written by teachers and read by students. */
export function Markdown({ source }: { source: string }) {
  return markdownTree(source);
}
