/**
 * A file read in order to edit it: `cat`, `head`, `sed -n`, `bat`, `nl` of source code, docs or
 * config. It is an answer: shown whole when it fits; otherwise an outline (classes, functions,
 * headings, sections, with their line numbers) and as many whole lines from the start as fit,
 * with the range left and the command to read it. Words like `raise`, `Error` or `except` in the
 * text are code, not failures: only the exit code and stderr can fail the run.
 */
import { count, plural } from '../../core/format.js';
import type { Bullet, CitationDraft, FieldValue, Reducer } from '../../core/types.js';
import { LogDigest } from './log-digest.js';
import { FENCE, LINE_NUMBER, contentKind, sourceClaims, readTarget, withoutLineNumbers, type TextKind } from './source.claims.js';
export { readTarget, codeScore, type ReadTarget } from './source.claims.js';

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
  // `* x` is a heading only in Org files (ORG_HEADING); in Markdown it is a list item.
  markup: /^#{1,6}\s+\S|^=+\s+\S|^\\(?:chapter|section|subsection)\{/,
  // Keys that open a block, nested ones too (the outline drops the deeper levels when it runs long).
  yaml: /^\s*[^\s#-][^:#]*:(?:\s*(?:#.*)?$|\s+[|>&])|^---\s*$/,
  ini: /^\s*\[[^\]]+\]\s*$/,
  hcl: /^(?:resource|data|module|variable|output|provider|locals|terraform|moved|import|check)\b|^\s*[\w-]+\s*=\s*\{\s*$/,
  sql: /^\s*(?:create|alter)\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:table|view|materialized view|function|procedure|index|unique index|trigger|type|schema|sequence)\b/i,
  make: /^[\w./%$(){}-]+(?:\s+[\w./%$(){}-]+)*\s*::?(?!=)/,
  docker: /^(?:FROM|ARG|ENTRYPOINT|CMD)\b/i,
};

const ORG_HEADING = /^\*+\s+\S/;
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

/** The kind of text in a head with no file name: Markdown or YAML by their shape, Python by its definitions and imports, else brace code. */
function kindFromContent(head: string): TextKind {
  const kind = contentKind(head)?.kind;
  if (kind === 'markup' || kind === 'yaml') return kind;
  const python = (head.match(/^\s*(?:def \w+\(.*\):|class \w+(?:\(.*\))?:|import \w+$|from [\w.]+ import )/gm) ?? []).length;
  const braces = (head.match(/[{};]\s*$/gm) ?? []).length;
  return python > braces ? 'python' : 'code';
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
  ...sourceClaims,
  version: '1.2.3',
  start(ctx) {
    const target = readTarget(ctx.argv);
    // A file shown with line numbers (`cat -n`): its outline reads each line past its number.
    const unnumbered = withoutLineNumbers(ctx.head);
    const numbered = unnumbered !== null;
    const kind = target?.kind ?? kindFromContent(unnumbered ?? ctx.head);
    const pattern = target && /\.org$/i.test(target.file) ? ORG_HEADING : OUTLINE[kind];
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
        if (numbered) text = text.replace(LINE_NUMBER, '');
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
