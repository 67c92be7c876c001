import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// The language specs' shared checks (issue 31): the pseudo-locale walk and axe.

/**
 * Visible text nodes (under `root`, default the body) that did not come from the catalog: no en-XA
 * markers, and not inside a catalog message split by its own tags (t.rich). People's own words
 * (titles, bodies, names, class names, codes, file names) carry [data-user-text] and are skipped, so
 * no allow-list could miss one; `data` is what else the test knows to be data (the portal's name,
 * what it typed), `skip` are parts of the screen that are another screen's.
 */
export async function unmarkedText(
  page: Page,
  { data = [], skip = [], root = "body" }: { data?: string[]; skip?: string[]; root?: string } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ data, skip, root }) => {
      const out: string[] = [];
      const top = document.querySelector(root);
      if (!top) return [`no ${root} on the page`];
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      // Numbers, punctuation, the status icons (★ ● !), and dates and times written by Intl.
      const plain = /^[\s\d.,:;%/·—–()+\-←→@"“”'’…#★●!]*$/;
      const date =
        /^[A-Z][a-z]{2}( \d{1,2},)? \d{1,2},? \d{4}(,\s\d{1,2}:\d{2}\s[AP]M)?$|^[A-Z][a-z]{2},? [A-Z][a-z]{2} \d{1,2}, \d{4}$|^[A-Z][a-z]{2} \d{1,2}$/;
      /** Inside a catalog message split by its own tags ("[!! One tap… <kbd>P</kbd> present… !!]"). */
      const insideMessage = (node: Node, el: Element) => {
        const block = el.closest("p, li, td, th, label, legend, dd, dt, button, a, h1, h2, h3") ?? el;
        const range = document.createRange();
        range.setStart(block, 0);
        range.setEndBefore(node);
        const before = range.toString();
        return before.split("[!!").length > before.split("!!]").length;
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? "").trim();
        const el = node.parentElement;
        if (!text || !el || el.closest("script, style, template, [hidden], .sr-only-data")) continue;
        if (el.closest("[data-user-text]")) continue;
        if (skip.some((selector) => el.closest(selector))) continue;
        const style = getComputedStyle(el);
        if (style.display === "none" || style.visibility === "hidden") continue;
        if (text.includes("[!!") || text.includes("!!]")) continue;
        if (plain.test(text) || date.test(text) || insideMessage(node, el)) continue;
        if (data.some((a) => text === a || text.startsWith(`${a} `))) continue;
        if (/^[A-F][+-]?$/.test(text)) continue; // a letter grade
        if (/^\d+(\.\d+)? %?[A-F][+-]?$/.test(text)) continue; // a grade cell: "87.5% B+" is numbers and a letter
        if (/^@[\w.-]+$/.test(text)) continue; // a username
        // A file's size (components/files/file-format.ts): B, KB and MB are symbols, the same in every language.
        if (/^\d+([.,]\d)? (B|KB|MB)$/.test(text)) continue;
        if (/^\d{1,2}:\d{2}\s?[AP]M$/.test(text)) continue; // a time of day, written by Intl
        out.push(text);
      }
      return out;
    },
    { data, skip, root },
  );
}

/** What axe (WCAG 2.1 A/AA, as e2e/accessibility.spec.ts) finds on the page in another language or direction. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map(
    (v) =>
      `${page.url()}: ${v.id} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")})`,
  );
}

/**
 * Every "%" on the page that the browser put on another line than its number (issue 39 item 16):
 * "89,5" at the end of one line and "%" alone at the start of the next. Returns the text around each.
 */
export async function percentsAlone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const box = (node: Node, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = text.indexOf("%"); i > 0; i = text.indexOf("%", i + 1)) {
        let j = i - 1;
        while (j >= 0 && /\s/.test(text[j]!)) j--;
        if (j < 0 || !/[\d}]/.test(text[j]!)) continue; // only a number's own sign
        const number = box(node, j);
        const sign = box(node, i);
        if (number.height && sign.height && Math.abs(number.top - sign.top) > number.height / 2)
          out.push(text.slice(Math.max(0, j - 24), i + 1));
      }
    }
    return out;
  });
}
