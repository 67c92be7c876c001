import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

/**
 * Assignment descriptions are markdown written by teachers and read by students. Raw HTML is
 * never parsed (react-markdown escapes it), rehype-sanitize strips anything outside GitHub's safe
 * list (event handlers, javascript: URLs), and links open without handing over the window.
 * Rendered on the server, so the markdown library never ships to the browser.
 */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose-portal space-y-3 text-sm leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc dark:[&_a]:text-brand-100">
      <ReactMarkdown
        rehypePlugins={[rehypeSanitize]}
        components={{ a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" /> }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
