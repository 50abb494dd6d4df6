/** What detection reads of `source`, loaded on every run; the body (./source.ts) loads only when it is chosen. */
import { normalizeArgv } from '../../core/argv.js';
import type { Probe, ReducerClaims } from '../../core/types.js';
import { opensJson } from '../../core/json-start.js';
import { looksLikeDiff } from './diff-stat.js';

/** Programs that print a file (or part of it) as it is. */
export const READERS = new Set(['cat', 'head', 'tail', 'bat', 'batcat', 'nl', 'less', 'more', 'sed', 'view']);

/** Kinds of text, by the file's extension; each has its own outline patterns. */
export type TextKind = 'code' | 'python' | 'markup' | 'yaml' | 'ini' | 'hcl' | 'sql' | 'make' | 'docker';

export const EXTENSIONS: Record<string, TextKind> = {};
for (const ext of 'js mjs cjs jsx ts tsx mts cts go rs java kt kts scala c h cc cpp cxx hpp hh cs rb php swift m mm sh bash zsh fish ps1 lua pl pm r jl ex exs erl hs ml clj dart vue svelte proto graphql gql gradle groovy css scss less zig nim v'.split(' ')) EXTENSIONS[ext] = 'code';
for (const ext of 'py pyi pyx'.split(' ')) EXTENSIONS[ext] = 'python';
for (const ext of 'md markdown mdx rst txt adoc asciidoc org tex'.split(' ')) EXTENSIONS[ext] = 'markup';
for (const ext of 'yaml yml'.split(' ')) EXTENSIONS[ext] = 'yaml';
for (const ext of 'toml ini cfg conf properties editorconfig service desktop'.split(' ')) EXTENSIONS[ext] = 'ini';
for (const ext of 'tf tfvars hcl nix'.split(' ')) EXTENSIONS[ext] = 'hcl';
EXTENSIONS.sql = 'sql';

/** Files named for their role, without an extension. */
export const NAMES: Record<string, TextKind> = { makefile: 'make', gnumakefile: 'make', dockerfile: 'docker', containerfile: 'docker', jenkinsfile: 'code', rakefile: 'code', gemfile: 'code', vagrantfile: 'code', justfile: 'make' };

/** The file a reader command prints and where its first line sits in that file. */
export interface ReadTarget {
  file: string;
  kind: TextKind | null;
  /** Line of the file printed as the output's first line, when known (`sed -n 40,90p` → 40). */
  startLine: number | null;
}

/** The file of `cat x.py`, `head -n 50 x.py`, `sed -n '10,80p' x.py`; null when argv is not a reader of one file. */
export function readTarget(argv: readonly string[]): ReadTarget | null {
  const words = normalizeArgv(argv);
  const program = (words[0] ?? '').toLowerCase();
  if (!READERS.has(program)) return null;
  const args = words.slice(1);
  let startLine: number | null = program === 'tail' ? null : 1;
  if (program === 'sed') {
    if (!args.includes('-n') && !args.some((a) => /^-\w*n/.test(a))) return null;
    const script = args.find((a) => /^'?\d+(?:,\s*(?:\d+|\$))?p'?$/.test(a));
    if (!script) return null;
    startLine = Number(/\d+/.exec(script)![0]);
  }
  if (program === 'tail' && args.some((a) => /^\+\d+$/.test(a))) startLine = Number(args.find((a) => /^\+\d+$/.test(a))!.slice(1));
  if (program === 'tail' && args.some((a) => a === '-f' || a === '--follow' || a === '-F')) return null;
  // The operands: words that are not options nor option values nor the sed script.
  const files = args.filter((a, i) => !a.startsWith('-') && !/^\d+$/.test(a) && !/^'?\d+(?:,\s*(?:\d+|\$))?p'?$/.test(a) && !(i > 0 && /^-[nc]$/.test(args[i - 1]!)) && !(i > 0 && /^--lines$/.test(args[i - 1]!)));
  if (files.length !== 1) return null;
  const file = files[0]!.replace(/^['"]|['"]$/g, '');
  return { file, kind: kindOf(file), startLine };
}

/**
 * Lines that only source code has: a definition, an import, a block opener or closer, a statement
 * ending in `;`, a comment. Log lines, tables and prose match few of them.
 */
export const CODE_LINE =
  /^\s*(?:(?:export|import|from|package|use|require|using|#include|#define|#!)\b|(?:async\s+)?(?:def|class|function|func|fn|struct|interface|enum|impl|pub|const|let|var|return|if|else|elif|for|while|switch|case|try|catch|except|finally|raise|throw)\b|[}\])]+[;,)]*\s*$|\/\/|\/\*|\*\/?(?:\s|$)|#(?!\d)|@\w+)|[{(:;,]\s*$/;

/**
 * Lines that say the text is a log, a diagnostic or a table rather than code; also a two-word label whose
 * value is padded into a column (`import time:       347 | …`, `Total time:   1.2 s`), which no language writes.
 */
export const NOT_CODE = /^\s*(?:\d{4}-\d\d-\d\d[T ]|\[?\d\d:\d\d:\d\d|[A-Z]+:\s|(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL)\b|\S+:\d+:\d*:? |[-+=|]{3,}|diff --git|@@ |\s+at \S+ \(|[A-Za-z]+ [A-Za-z]+:\s{2,}\S)/;

/** Definitions only code has: a score needs at least this many to call the text source. */
export const DEFINITION = /^\s*(?:export\s+)?(?:(?:async\s+)?(?:def|function\*?|func|fn)\s+\w|func\s*\([^)]*\)\s*\w|type\s+\w+\s+(?:struct|interface)\b|class\s+\w|(?:import|from)\s+[\w.{'"*@]|#include\s|package\s+\w|(?:const|let|var)\s+\w+\s*=|(?:pub\s+)?(?:struct|enum|impl|trait|interface)\s+\w|[\w.]+\s*=\s*(?:async\s+)?function\b|(?:function\s+)?[\w-]+\s*\(\)\s*\{?\s*$)/;

/** How much the head looks like source code: most lines code-like, a few definitions, no log or diagnostic lines. */
export function codeScore(head: string, minDefinitions = 2): number {
  // The head may end mid-line; a file's opening comment or docstring (a license, a module's usage notes) is prose.
  const lines = skipPreamble(head.split('\n').slice(0, -1)).slice(0, 79).filter((l) => l.trim() !== '');
  if (lines.length < 8 || (/^\s*[[{]/.test(lines[0]!) && /^\s*[[{"]/.test(lines[1] ?? '')) || looksLikeDiff(head)) return 0;
  let code = 0;
  let definitions = 0;
  let foreign = 0;
  for (const line of lines) {
    if (NOT_CODE.test(line)) foreign++;
    if (DEFINITION.test(line)) definitions++;
    // Indented continuation of a statement or a comment block counts as code too (one tab is an indent: Go, Makefiles).
    if (CODE_LINE.test(line) || (/^(?:\t|\s{2,})\S/.test(line) && !NOT_CODE.test(line))) code++;
  }
  if (definitions < minDefinitions || foreign > lines.length * 0.1) return 0;
  return code >= lines.length * 0.7 ? 0.6 : 0;
}

/** A fenced code block's opening or closing line in Markdown. */
export const FENCE = /^\s*(?:```|~~~)/;
/** Lines of a log or a diagnostic: a document with more than a few is not a file being read. */
const LOG_LINE = /^\s*(?:\d{4}-\d\d-\d\d[T ]\d|\[?\d\d:\d\d:\d\d|(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL|TRACE)\b|\S+:\d+:\d*:? |diff --git|@@ |\s+at \S+ \()/;
const MARKDOWN_HEADING = /^#{1,6} +\S/;
/** Markdown's own marks: list items, links, inline code, tables, quotes, emphasis. */
const MARKDOWN_MARK = /^\s*(?:[-*+]|\d+[.)]) +\S|\[[^\]\n]+\]\([^)\s]+\)|`[^`\n]+`|^\s*\|.*\|\s*$|^> |\*\*\S[^*]*\*\*/;

/** A sentence: five words in a row with spaces between (a metric or a key=value line has none). */
const PROSE = /(?:[A-Za-z][a-z'’-]*[,;:]?\s+){4}[A-Za-z]/;

/**
 * How much the head looks like a Markdown document: two or more `#` headings, and most other lines
 * prose or Markdown's own marks (lists, links, code spans, tables), with no log lines. Code outside a
 * fence counts against it: a script's or a Python module's `# comment` lines read as headings too.
 */
export function markupScore(head: string): number {
  const lines = head.split('\n').slice(0, -1).slice(0, 150);
  let headings = 0;
  let text = 0;
  let other = 0;
  let fenced = false;
  let fences = 0;
  for (const line of lines) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      fences++;
      continue;
    }
    if (fenced || line.trim() === '') continue;
    if (LOG_LINE.test(line)) return 0;
    if (MARKDOWN_HEADING.test(line)) headings++;
    else if (MARKDOWN_MARK.test(line)) text++;
    else if (CODE_LINE.test(line) || !PROSE.test(line)) other++;
    else text++;
  }
  if (headings < 2 && !(headings === 1 && fences >= 2)) return 0;
  return text >= 2 && text >= (text + other) * 0.6 ? 0.6 : 0;
}

/**
 * A YAML mapping key (`name:`, `  - image: x`, `"quoted key": 1`) or a list item. A key starts with a
 * letter (or is quoted): `    1000:\t48 89 e5` is a disassembly's address, not a key.
 */
const YAML_KEY = /^\s*(?:- +)?(?:[A-Za-z_$][\w.$/-]*|"[^"]+"|'[^']+')\s*:(?:\s|$)/;
const YAML_ITEM = /^\s*- +\S|^\s*-\s*$/;
/** A key whose value follows on the next, more indented lines as a block of text (`help: |`). */
const YAML_BLOCK_SCALAR = /:\s*[|>][-+]?\d?\s*(?:#.*)?$/;

/**
 * How much the head looks like a YAML document (a config, a workflow, a manifest read with `cat`):
 * nearly every line a key, a list item, a comment or `---`, keys at two or more depths, block text
 * (`description: |`) skipped. Logs with `key: value` lines fail on their timestamps and levels.
 */
export function yamlScore(head: string): number {
  // Pretty-printed JSON reads as YAML too (`"key": {`): it is JSON's.
  if (opensJson(head.trimStart())) return 0;
  const lines = head.split('\n').slice(0, -1).slice(0, 200);
  let keys = 0;
  let other = 0;
  const depths = new Set<number>();
  let blockIndent = -1;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0 && indent > blockIndent) continue;
    blockIndent = -1;
    if (LOG_LINE.test(line)) return 0;
    if (/^\s*#/.test(line) || /^(?:---|\.\.\.)\s*$/.test(line)) continue;
    if (YAML_KEY.test(line)) {
      keys++;
      depths.add(indent);
      if (YAML_BLOCK_SCALAR.test(line)) blockIndent = indent;
    } else if (YAML_ITEM.test(line)) keys++;
    else other++;
  }
  if (keys < 8 || depths.size < 2) return 0;
  return other <= (keys + other) * 0.1 ? 0.6 : 0;
}

/** The kind of a file printed with no name to go by, and how sure: code, Markdown or YAML; null when it is none. */
/** The score of a file shown with line numbers whose text reads as code, prose or config. */
const NUMBERED_FILE_SCORE = 0.7;

/**
 * A line number a viewer put before each line: `cat -n` and `nl` (`     1\t`), an agent's file-reading tool (`     1→`),
 * `bat -n` (`   1 │ `), a shell loop's numbering (PowerShell `'{0,4}: {1}' -f $i, $_`: `   1: `), and `git blame`'s commit,
 * author, date and number (`138e2111 (Ana Lima 2026-11-21 21:31:21 +0000  12) `; `^` on a boundary commit, a file name
 * after the commit with -C). The number is the first group that matched.
 */
export const LINE_NUMBER = /^(?: *(\d+)(?:\t|→|: | [│|] ?)|\^?[0-9a-f]{7,40} (?:\S+ +)?\([^()]*? (\d+)\) ?)/;

/**
 * The head without the line numbers a viewer put before its lines, or null when it has none: most lines (a
 * viewer's header line aside) open with a number, and the numbers count up one by one (sizes and counts do not).
 */
export function withoutLineNumbers(head: string): string | null {
  // Detection asks this of the same head three times (the list, source and content scores): read it once.
  if (head === lastRead.head) return lastRead.result;
  const result = readLineNumbers(head);
  lastRead = { head, result };
  return result;
}

let lastRead: { head: string | null; result: string | null } = { head: null, result: null };

function readLineNumbers(head: string): string | null {
  const lines = head.split('\n').slice(0, 80);
  let numbered = 0;
  let consecutive = 0;
  let previous = -1;
  let text = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    text++;
    const m = LINE_NUMBER.exec(line);
    if (!m) continue;
    numbered++;
    const n = Number(m[1] ?? m[2]);
    if (n === previous + 1) consecutive++;
    previous = n;
  }
  if (numbered < 8 || numbered < (text - 1) * 0.8 || consecutive < numbered * 0.8) return null;
  return lines.map((line) => line.replace(LINE_NUMBER, '')).join('\n');
}

export function contentKind(head: string): { kind: TextKind; score: number } | null {
  // A file shown with its line numbers (`cat -n`, an editor's view tool) is the file.
  const unnumbered = withoutLineNumbers(head);
  if (unnumbered !== null) head = unnumbered;
  // Markdown first: its headings read as comments and its fenced examples as code to codeScore.
  const markup = markupScore(head);
  if (markup > 0) return { kind: 'markup', score: markup };
  // A numbered view of a range inside a file (`sed -n 520,780p`, an editor's view of lines 520-780) may hold
  // no definition: being numbered already says it is a file, so its code lines alone tell it is code.
  const code = codeScore(head, unnumbered !== null ? 0 : 2);
  if (code > 0) return { kind: 'code', score: code };
  const yaml = yamlScore(head);
  return yaml > 0 ? { kind: 'yaml', score: yaml } : null;
}

/** A leading comment block or docstring: `#` and `//` lines, C block comments and the triple-quoted module docstring of Python. */
const COMMENT_LINE = /^\s*(?:#(?!include|define|!)|\/\/|\/\*|\*)/;
const DOCSTRING_OPEN = /^\s*[rRuUbB]?("{3}|'{3})/;

/** The lines after a file's opening comments and docstring (the lines themselves when there are none). */
export function skipPreamble(lines: readonly string[]): readonly string[] {
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || COMMENT_LINE.test(line)) {
      i++;
      continue;
    }
    const open = DOCSTRING_OPEN.exec(line);
    if (!open) break;
    const quote = open[1]!;
    // A one-line docstring closes on its own line; a longer one on the first line that holds the quote again.
    if (line.indexOf(quote, open[0].length) < 0) while (++i < lines.length && !lines[i]!.includes(quote));
    i++;
  }
  return lines.slice(i);
}

export function kindOf(file: string): TextKind | null {
  const base = (file.split(/[\\/]/).pop() ?? file).toLowerCase();
  if (NAMES[base]) return NAMES[base]!;
  if (/^(?:dockerfile|containerfile)\./.test(base) || base.endsWith('.dockerfile')) return 'docker';
  const ext = /\.([a-z0-9]+)$/.exec(base)?.[1];
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

export const sourceClaims: ReducerClaims = {
  name: 'source',
  family: 'text',
  intent: 'answer',
  lane: 'internal',
  readsArgv: true,
  detect(probe: Probe) {
    const target = readTarget(probe.argv);
    if (target?.kind) return 0.95;
    // Piped with no command (`cat app.js | reduce`), or a reader of a file named for no kind.
    const score = contentKind(probe.head)?.score ?? 0;
    // Code, prose or config shown with its line numbers is a file read to be edited, whatever printed it (an
    // agent's file tool): above the table and list readers its numbers and drawings would otherwise lead on.
    if (score > 0 && withoutLineNumbers(probe.head) !== null) return Math.max(score, NUMBERED_FILE_SCORE);
    if (probe.argv.length === 0 || target) return score;
    // Any other program that prints a source file (`git show rev:app.py`, a script that dumps one): a
    // little lower, so a family that claims the command keeps it.
    return score * 0.85;
  },
};
