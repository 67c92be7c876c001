import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/catalog";
import { LOCALES } from "@/lib/i18n/locales";
import { leavesOf } from "@/scripts/lib/message-args";

// Issue 40: the catalogs and the code agree, derived from the code rather than a hand list.
// (a) Every key a descriptor names (msg / zmsg) is in every catalog. tsc checks literal keys against
//     English already; here a key must be a literal (or a choice of literals), so none is computed
//     where neither the type check nor this test could see it.
// (b) Every catalog key is used: named by a descriptor, or read by a translator. A file that binds a
//     namespace (getT("ns"), useTranslations("ns"), translatorFor(locale, "ns")) uses `ns.<literal>`
//     for each string literal in it, and `ns.<prefix>…` for a template `${…}` built on a literal prefix;
//     `messagesFor(l).a.b` and `Messages["a"]["b"]` use the whole of `a.b`. Generous on purpose: it
//     misses no real use, and still finds a message nothing can reach.

const ROOTS = ["app", "components", "lib", "scripts"];
const DESCRIPTOR_MAKERS = new Set(["msg", "zmsg"]);
const BINDERS: Record<string, number> = { getT: 0, useTranslations: 0, translatorFor: 1 };

/**
 * Catalog keys no code reads today, each kept for the area that will: tested both ways, so a key
 * leaves this list when it is used again (or deleted), and a newly unused key fails.
 */
const AWAITING_USE: Record<string, string> = {
  "common.returnHome": "the refusal screens (states.returnHome is read today); unused since they moved to `states`",
  "common.language": "unused: the language forms read `settings`; remove with the screens' next change",
  "common.dash": "unused: remove with the screens' next change",
  "home.period": "unused: the home page's cards read classPage; remove with the screens' next change",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(file);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|type-test)\.tsx?$/.test(entry.name);
    return isSource && file !== path.join("lib", "i18n", "message-args.ts") ? [file] : [];
  });
}

interface Scan {
  /** Keys named by msg()/zmsg(), with where. */
  named: Map<string, string>;
  /** Key arguments that are not literals: where, and the code. */
  computed: string[];
  /** Keys read whole; subtrees read whole (`messagesFor(l).a.b`); starts of keys a template builds. */
  used: Set<string>;
  subtrees: Set<string>;
  starts: Set<string>;
}

/** Literal keys of a key argument (`"a.b"`, or `c ? "a.b" : "a.c"`), or null when computed. */
function literalKeys(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalKeys(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalKeys(node.whenTrue);
    const b = literalKeys(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

function scan(): Scan {
  const result: Scan = { named: new Map(), computed: [], used: new Set(), subtrees: new Set(), starts: new Set() };
  for (const file of ROOTS.flatMap(sourceFiles)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const namespaces = new Set<string>();
    const literals: string[] = [];
    const heads: string[] = [];
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const first = node.arguments[0];
        // lib/i18n/message.ts itself passes its parameter on (zmsg → msg).
        if (DESCRIPTOR_MAKERS.has(name) && first && file !== path.join("lib", "i18n", "message.ts")) {
          const keys = literalKeys(first);
          if (keys) for (const key of keys) result.named.set(key, where(node));
          else result.computed.push(`${where(node)}: ${first.getText(source)}`);
        }
        const namespace = name in BINDERS ? node.arguments[BINDERS[name]!] : undefined;
        if (namespace && ts.isStringLiteral(namespace)) namespaces.add(namespace.text);
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
      if (ts.isTemplateExpression(node) && node.head.text) heads.push(node.head.text);
      if (ts.isPropertyAccessExpression(node) && !ts.isPropertyAccessExpression(node.parent)) {
        const chain: string[] = [];
        let base: ts.Expression = node;
        for (; ts.isPropertyAccessExpression(base); base = base.expression) chain.unshift(base.name.text);
        if (ts.isCallExpression(base) && ts.isIdentifier(base.expression) && base.expression.text === "messagesFor")
          result.subtrees.add(chain.join("."));
      }
      if (ts.isIndexedAccessTypeNode(node) && !ts.isIndexedAccessTypeNode(node.parent)) {
        const chain: string[] = [];
        let base: ts.TypeNode = node;
        for (; ts.isIndexedAccessTypeNode(base); base = base.objectType) {
          const index = base.indexType;
          if (ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal)) chain.unshift(index.literal.text);
        }
        if (ts.isTypeReferenceNode(base) && base.typeName.getText(source) === "Messages" && chain.length)
          result.subtrees.add(chain.join("."));
      }
      node.forEachChild(visit);
    };
    visit(source);
    for (const literal of literals) {
      result.used.add(literal);
      for (const ns of namespaces) result.used.add(`${ns}.${literal}`);
    }
    for (const head of heads) {
      // `tabs.${tab}` reaches every key under tabs, `period${n}` every key of the namespace starting so.
      if (head.endsWith(".")) result.starts.add(head);
      for (const ns of namespaces) result.starts.add(`${ns}.${head}`);
    }
  }
  for (const key of result.named.keys()) result.used.add(key);
  return result;
}

const found = scan();
const english = leavesOf(messagesFor("en")).map(([key]) => key);
const isUsed = (key: string) =>
  found.used.has(key) ||
  [...found.subtrees].some((tree) => key === tree || key.startsWith(`${tree}.`)) ||
  [...found.starts].some((start) => key.startsWith(start));

describe("the message keys the code names", () => {
  it("are written as literals, so the type check and this test see each one", () => {
    expect(found.named.size).toBeGreaterThan(50);
    expect(found.computed).toEqual([]);
  });

  for (const locale of LOCALES)
    it(`are all in the ${locale} catalog`, () => {
      const keys = new Set(leavesOf(messagesFor(locale)).map(([key]) => key));
      const missing = [...found.named].filter(([key]) => !keys.has(key)).map(([key, at]) => `${key} (${at})`);
      expect(missing).toEqual([]);
    });
});

describe("the catalogs' keys", () => {
  it("are each used by the code, or listed as awaiting an area's conversion", () => {
    const unused = english.filter((key) => !isUsed(key) && !(key in AWAITING_USE));
    expect(unused).toEqual([]);
  });

  it("listed as awaiting use are still in the catalog and still unused", () => {
    const listed = Object.keys(AWAITING_USE);
    expect(listed.filter((key) => !english.includes(key))).toEqual([]);
    expect(listed.filter(isUsed)).toEqual([]);
  });
});
