/**
 * A file read in order to edit it: `cat`, `head`, `sed -n`, `bat`, `nl` of source code, docs or
 * config. It is an answer: shown whole when it fits; otherwise an outline (classes, functions,
 * headings, sections, with their line numbers) and as many whole lines from the start as fit,
 * with the range left and the command to read it. Words like `raise`, `Error` or `except` in the
 * text are code, not failures: only the exit code and stderr can fail the run.
 */
import { normalizeArgv } from '../../core/argv.js';
import { count, plural } from '../../core/format.js';
import type { Bullet, CitationDraft, FieldValue, Probe, Reducer } from '../../core/types.js';
import { looksLikeDiff } from './diff-stat.js';
import { LogDigest } from './log-digest.js';

/** Programs that print a file (or part of it) as it is. */
const READERS = new Set(['cat', 'head', 'tail', 'bat', 'batcat', 'nl', 'less', 'more', 'sed', 'view']);

/** Kinds of text, by the file's extension; each has its own outline patterns. */
type TextKind = 'code' | 'python' | 'markup' | 'yaml' | 'ini' | 'hcl' | 'sql' | 'make' | 'docker';

const EXTENSIONS: Record<string, TextKind> = {};
for (const ext of 'js mjs cjs jsx ts tsx mts cts go rs java kt kts scala c h cc cpp cxx hpp hh cs rb php swift m mm sh bash zsh fish ps1 lua pl pm r jl ex exs erl hs ml clj dart vue svelte proto graphql gql gradle groovy css scss less zig nim v'.split(' ')) EXTENSIONS[ext] = 'code';
for (const ext of 'py pyi pyx'.split(' ')) EXTENSIONS[ext] = 'python';
for (const ext of 'md markdown mdx rst txt adoc asciidoc org tex'.split(' ')) EXTENSIONS[ext] = 'markup';
for (const ext of 'yaml yml'.split(' ')) EXTENSIONS[ext] = 'yaml';
for (const ext of 'toml ini cfg conf properties editorconfig service desktop'.split(' ')) EXTENSIONS[ext] = 'ini';
for (const ext of 'tf tfvars hcl nix'.split(' ')) EXTENSIONS[ext] = 'hcl';
EXTENSIONS.sql = 'sql';
/** Files named for their role, without an extension. */
const NAMES: Record<string, TextKind> = { makefile: 'make', gnumakefile: 'make', dockerfile: 'docker', containerfile: 'docker', jenkinsfile: 'code', rakefile: 'code', gemfile: 'code', vagrantfile: 'code', justfile: 'make' };

/** Lines that open a definition or a section, per kind of text. Indented ones are nested members. */
const OUTLINE: Record<TextKind, RegExp> = {
  code: new RegExp(
    [
      String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|enum|type|namespace|module|trait|struct|impl|object|record)\s+[\w$<]`,
      String.raw`^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:const\s+)?(?:fn|struct|enum|trait|impl|mod|union|macro_rules!)\s`,
      String.raw`^func\s|^type\s+\w+\s+(?:struct|interface)\b`,
      String.raw`^\s*(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[\w$]+\s*=>)`,
      String.raw`^\s*(?:(?:public|private|protected|internal|static|final|abstract|override|virtual|async|synchronized|readonly|get|set)\s+)+[\w$<>\[\],.? ]*\(`,
      String.raw`^\s*(?:def|defp|defmodule|module|class)\s+[\w:.]`,
      String.raw`^[A-Za-z_][\w:*&<> ]*\s[*&]*[A-Za-z_][\w:]*\s*\([^;]*\)\s*\{?\s*$`,
      String.raw`^\s*(?:function\s+[\w-]+|[\w-]+\s*\(\)\s*\{)`,
      // A class member method with parameters (`  parse(argv, options) {`); not a statement (`if (x) {`).
      String.raw`^\s+(?:(?:static|async|get|set)\s+|\*\s*)*(?!(?:if|for|while|switch|catch|with|return|else|do|try|function)\b)[\w$#]+\s*\([^()]*\)\s*\{\s*$`,
      String.raw`^[^\s@/*#{}][^{};]*\{\s*$`,
    ].join('|'),
  ),
  python: /^\s*(?:async\s+)?def\s+\w|^\s*class\s+\w|^if __name__ == /,
  markup: /^#{1,6}\s+\S|^=+\s+\S|^\*+\s+\S|^\\(?:chapter|section|subsection)\{/,
  yaml: /^[^\s#-][^:#]*:(?:\s*(?:#.*)?$|\s+[|>&])|^---\s*$/,
  ini: /^\s*\[[^\]]+\]\s*$/,
  hcl: /^(?:resource|data|module|variable|output|provider|locals|terraform|moved|import|check)\b|^\s*[\w-]+\s*=\s*\{\s*$/,
  sql: /^\s*(?:create|alter)\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:table|view|materialized view|function|procedure|index|unique index|trigger|type|schema|sequence)\b/i,
  make: /^[\w./%$(){}-]+(?:\s+[\w./%$(){}-]+)*\s*::?(?!=)/,
  docker: /^(?:FROM|ARG|ENTRYPOINT|CMD)\b/i,
};

const FENCE = /^\s*(?:```|~~~)/;
/** Entries remembered: more than any budget shows; later ones are counted. */
const MAX_ENTRIES = 2000;
/** Past this many bytes of entries, private members and then nested ones give way to top-level ones. */
const OUTLINE_BYTES = 5600;
/** Bytes an outline entry takes beyond its text: the line number, the bar, the newline. */
const ENTRY_OVERHEAD = 10;
/** A member named as private by convention (`_helper`, `#field`), not a dunder such as `__init__`. */
const PRIVATE = /^\s*(?:(?:async|static|private|protected)\s+)*(?:def\s+|function\s+|fn\s+)?(?:_(?!_)|#)\w/;
/** A file longer than this gets its last TAIL_LINES cited as well as its start. */
const TAIL_FROM = 40;
const TAIL_LINES = 6;
/** Deeper than this (in columns) a definition is a detail of a detail. */
const MAX_INDENT = 8;

interface Entry {
  n: number;
  indent: number;
  bytes: number;
  private: boolean;
}

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
const CODE_LINE =
  /^\s*(?:(?:export|import|from|package|use|require|using|#include|#define|#!)\b|(?:async\s+)?(?:def|class|function|func|fn|struct|interface|enum|impl|pub|const|let|var|return|if|else|elif|for|while|switch|case|try|catch|except|finally|raise|throw)\b|[}\])]+[;,)]*\s*$|\/\/|\/\*|\*\/?(?:\s|$)|#(?!\d)|@\w+)|[{(:;,]\s*$/;
/** Lines that say the text is a log, a diagnostic or a table rather than code. */
const NOT_CODE = /^\s*(?:\d{4}-\d\d-\d\d[T ]|\[?\d\d:\d\d:\d\d|[A-Z]+:\s|(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL)\b|\S+:\d+:\d*:? |[-+=|]{3,}|diff --git|@@ |\s+at \S+ \()/;
/** Definitions only code has: a score needs at least this many to call the text source. */
const DEFINITION = /^\s*(?:export\s+)?(?:(?:async\s+)?(?:def|function\*?|func|fn)\s+\w|class\s+\w|(?:import|from)\s+[\w.{'"*@]|#include\s|package\s+\w|(?:const|let|var)\s+\w+\s*=|(?:pub\s+)?(?:struct|enum|impl|trait|interface)\s+\w|[\w.]+\s*=\s*(?:async\s+)?function\b)/;

/** How much the head looks like source code: most lines code-like, a few definitions, no log or diagnostic lines. */
export function codeScore(head: string): number {
  const lines = head.split('\n', 80).slice(0, 79).filter((l) => l.trim() !== '');
  if (lines.length < 8 || (/^\s*[[{]/.test(lines[0]!) && /^\s*[[{"]/.test(lines[1] ?? '')) || looksLikeDiff(head)) return 0;
  let code = 0;
  let definitions = 0;
  let foreign = 0;
  for (const line of lines) {
    if (NOT_CODE.test(line)) foreign++;
    if (DEFINITION.test(line)) definitions++;
    // Indented continuation of a statement or a comment block counts as code too.
    if (CODE_LINE.test(line) || (/^\s{2,}\S/.test(line) && !NOT_CODE.test(line))) code++;
  }
  if (definitions < 2 || foreign > lines.length * 0.1) return 0;
  return code >= lines.length * 0.7 ? 0.6 : 0;
}

/** The kind of code in a head with no file name: Python by its definitions and imports, else brace code. */
function kindFromContent(head: string): TextKind {
  const python = (head.match(/^\s*(?:def \w+\(.*\):|class \w+(?:\(.*\))?:|import \w+$|from [\w.]+ import )/gm) ?? []).length;
  const braces = (head.match(/[{};]\s*$/gm) ?? []).length;
  return python > braces ? 'python' : 'code';
}

function kindOf(file: string): TextKind | null {
  const base = (file.split(/[\\/]/).pop() ?? file).toLowerCase();
  if (NAMES[base]) return NAMES[base]!;
  if (/^(?:dockerfile|containerfile)\./.test(base) || base.endsWith('.dockerfile')) return 'docker';
  const ext = /\.([a-z0-9]+)$/.exec(base)?.[1];
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

function indentOf(text: string): number {
  let columns = 0;
  for (const ch of text) {
    if (ch === ' ') columns++;
    else if (ch === '\t') columns += 4;
    else break;
  }
  return columns;
}

export const sourceReducer: Reducer = {
  name: 'source',
  family: 'text',
  version: '1.2.0',
  intent: 'answer',
  lane: 'internal',
  detect(probe: Probe) {
    const target = readTarget(probe.argv);
    if (target?.kind) return 0.95;
    // Piped with no command (`cat app.js | reduce`), or a reader of a file named for no kind.
    return probe.argv.length === 0 || target ? codeScore(probe.head) : 0;
  },
  start(ctx) {
    const target = readTarget(ctx.argv);
    const kind = target?.kind ?? kindFromContent(ctx.head);
    const pattern = OUTLINE[kind];
    const entries: Entry[] = [];
    let uncounted = 0;
    let lines = 0;
    // Only stderr can report a failure (`cat: x: No such file or directory`).
    const errors = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let stderrLines = 0;
    let fenced = false;
    return {
      line(stream, n, text) {
        if (stream === 'stderr') {
          stderrLines = n;
          errors.line(stream, n, text);
          return;
        }
        lines = n;
        // In prose, a fenced block is code: its `# comment` lines are not headings.
        if (kind === 'markup' && FENCE.test(text)) {
          fenced = !fenced;
          return;
        }
        if (fenced) return;
        const indent = indentOf(text);
        if (indent > MAX_INDENT || text.length > 400 || !pattern.test(text)) return;
        if (entries.length < MAX_ENTRIES) entries.push({ n, indent, bytes: Math.min(text.length, 200) + ENTRY_OVERHEAD, private: indent > 0 && PRIVATE.test(text) });
        else uncounted++;
      },
      finish(exit) {
        const failed = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
        const fromStderr = stderrLines > 0 ? errors.finish(exit, { skipHead: false }) : null;
        const outline = trimOutline(entries);
        const citations: CitationDraft[] = [];
        const summary: Bullet[] = [];
        const fields: Record<string, FieldValue> = { lines };
        if (lines > 0) {
          if (outline.length) citations.push({ ref: 'c1', stream: 'stdout', from: 1, to: lines, label: `outline, ${plural(entries.length + uncounted, 'entry', 'entries')}`, kind: 'outline', priority: 'high', layout: 'index', focus: outline.map((e) => e.n) });
          // A file's end says what it exports or runs (`module.exports`, `if __name__ == …`): kept beside its start.
          if (lines > TAIL_FROM) citations.push({ ref: 'c3', stream: 'stdout', from: lines - TAIL_LINES + 1, to: lines, label: 'last lines', kind: 'last lines', priority: 'normal' });
          citations.push({ ref: 'c2', stream: 'stdout', from: 1, to: lines, label: target ? target.file : 'text', kind: 'file', priority: 'normal', layout: 'prefix' });
          const where = target?.startLine && target.startLine > 1 ? `; output line 1 is line ${count(target.startLine)} of the file` : '';
          summary.push({ text: `${plural(lines, 'line')}${outline.length ? `, outline of ${plural(entries.length + uncounted, 'definition or heading', 'definitions and headings')}` : ''}${where}`, cites: outline.length ? ['c1', 'c2'] : ['c2'], fields: ['lines'] });
          if (target?.startLine && target.startLine > 1) fields.fileStartLine = target.startLine;
        }
        const omitted = [];
        if (outline.length < entries.length) omitted.push({ what: 'nested outline entries (members of classes and blocks)', count: entries.length - outline.length });
        if (uncounted > 0) omitted.push({ what: 'outline entries past the limit', count: uncounted });
        if (fromStderr) {
          // Keep the stderr excerpts and bullets; their refs must not clash with ours.
          for (const c of fromStderr.citations) if (c.stream === 'stderr') citations.push({ ...c, ref: `e${c.ref}` });
          for (const b of fromStderr.summary) summary.push({ ...b, ...(b.cites ? { cites: b.cites.map((r) => `e${r}`) } : {}) });
          for (const [key, value] of Object.entries(fromStderr.fields)) fields[key] = value;
          omitted.push(...fromStderr.omitted);
        }
        return {
          status: failed || fromStderr?.status === 'fail' ? 'fail' : 'ok',
          summary,
          fields,
          citations,
          omitted,
          confidence: 0.85,
        };
      },
    };
  },
};

/**
 * Past OUTLINE_BYTES, definitions nested in members (closures inside methods) go first, then
 * private members, then the deepest level until the outline is short enough (the top level always
 * stays): the shape of a large file, every member of its classes included when room allows, fits one screen.
 */
function trimOutline(entries: Entry[]): Entry[] {
  const size = (list: Entry[]) => list.reduce((a, e) => a + e.bytes, 0);
  let kept = entries;
  if (size(kept) <= OUTLINE_BYTES) return kept;
  const levels = [...new Set(entries.map((e) => e.indent))].sort((a, b) => a - b);
  // The top level and its members are the shape; anything deeper is a detail of a member.
  if (levels.length > 2) kept = kept.filter((e) => e.indent <= levels[1]!);
  if (size(kept) <= OUTLINE_BYTES) return kept;
  kept = kept.filter((e) => !e.private);
  for (const level of levels.slice().reverse()) {
    if (size(kept) <= OUTLINE_BYTES || level === levels[0]) break;
    kept = kept.filter((e) => e.indent < level);
  }
  return kept;
}
