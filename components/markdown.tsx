import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

const PLUGINS = [rehypeSanitize];
const COMPONENTS = { a: ({ node: _node, ...props }: React.ComponentProps<"a"> & { node?: unknown }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" /> };

/**
 * The rendered tree of one markdown source. Raw HTML is never parsed (react-markdown escapes it),
 * rehype-sanitize strips anything outside GitHub's safe list (event handlers, javascript: URLs),
 * and links open without handing over the window. A pure function of the source, so the server
 * may reuse a tree for the same text (markdown-cache.ts).
 */
export function markdownTree(source: string): React.ReactNode {
  return (
    <div className="prose-portal space-y-3 text-sm leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc dark:[&_a]:text-brand-100">
      {ReactMarkdown({ children: source, rehypePlugins: PLUGINS, components: COMPONENTS })}
    </div>
  );
}

/** Assignment descriptions are markdown written by teachers and read by students. */
export function Markdown({ source }: { source: string }) {
  return markdownTree(source);
}
