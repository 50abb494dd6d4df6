import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';

/**
 * A real bash parse (tree-sitter's bash grammar, run as WebAssembly) instead of regexes: the hook
 * decides from the command's structure. Loaded on first use only; the grammar takes ~0.1 s.
 */

let parser: Promise<Parser> | null = null;

async function load(): Promise<Parser> {
  const { Parser, Language } = await import('web-tree-sitter');
  const require = createRequire(import.meta.url);
  await Parser.init();
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const instance = new Parser();
  instance.setLanguage(bash);
  return instance;
}

export interface ShellParse {
  /** The whole program; its children are the top-level statements. */
  root: Node;
  /** True when the parser had to recover from a syntax error somewhere. */
  hasError: boolean;
}

/** Parses a command line; null when the parser is unavailable or gives nothing back. */
export async function parseShell(text: string): Promise<ShellParse | null> {
  parser ??= load();
  const tree = (await parser).parse(text);
  if (!tree) return null;
  return { root: tree.rootNode, hasError: tree.rootNode.hasError };
}

/** Every node under `node` (itself included), depth first. */
export function* descendants(node: Node): Generator<Node> {
  yield node;
  for (const child of node.children) if (child) yield* descendants(child);
}
