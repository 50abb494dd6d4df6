import { createRequire } from 'node:module';
import v8 from 'node:v8';
import { importModule } from '../../import-module.js';
import type { Node, Parser } from 'web-tree-sitter';

/**
 * A real bash parse (tree-sitter's bash grammar, run as WebAssembly) instead of regexes: the hook
 * decides from the command's structure. Loaded on first use only; the grammar takes ~0.1 s.
 */

/**
 * V8 compiles the grammar's WebAssembly with its baseline compiler, then again with the optimizing
 * one on background threads: about a second of CPU for every hook call, to parse one command line.
 * Baseline code parses a command line just as well, so the hook process uses only that, and compiles
 * each function when it first runs. (The flags hold for this process alone; nothing else in it runs WebAssembly.)
 */
const WASM_FLAGS = ['--liftoff-only', '--wasm-lazy-compilation'];

let parser: Promise<Parser> | null = null;

async function load(): Promise<Parser> {
  for (const flag of WASM_FLAGS) v8.setFlagsFromString(flag);
  const { Parser, Language } = await importModule<typeof import('web-tree-sitter')>('web-tree-sitter');
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
