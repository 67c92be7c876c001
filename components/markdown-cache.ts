import "server-only";
import { markdownTree } from "./markdown";

// Parsing markdown (micromark + rehype) cost ~10 % of a class page's server time, repeated for
// the same few descriptions on every view. The rendered tree depends on the source text alone,
// so it is kept by text: an edited description is a new key, never a stale one.
const MAX_ENTRIES = 500;
const trees = new Map<string, React.ReactNode>();

export function cachedMarkdown(source: string): React.ReactNode {
  const hit = trees.get(source);
  if (hit !== undefined) {
    // Most recently used last, so the oldest is evicted first.
    trees.delete(source);
    trees.set(source, hit);
    return hit;
  }
  const tree = markdownTree(source);
  trees.set(source, tree);
  if (trees.size > MAX_ENTRIES) trees.delete(trees.keys().next().value!);
  return tree;
}

export const markdownCacheSize = () => trees.size;
