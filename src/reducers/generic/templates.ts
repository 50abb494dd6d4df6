import type { StreamName } from '../../core/types.js';

/**
 * Folds lines that differ only in numbers, timestamps, ids, hex, paths and quoted values into
 * one template, so 1,904 near-identical lines become one line with a count.
 */

const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?`;
const UUID = String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`;
const HEX = String.raw`\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b`;
const NUMBER = String.raw`\d+(?:\.\d+)*`;

/** Quoted values fold too, but are looked for only on lines that have the characters. */
const LOOSE_QUOTED = /"[^"]{0,200}"|'[^']{0,200}'/g;
/** Strict: numbers, times and ids only, so errors in different files stay apart. */
const STRICT = new RegExp([TIMESTAMP, UUID, HEX, NUMBER].join('|'), 'gi');

const MAX_TEMPLATE_CHARS = 240;

/**
 * A line's template: quoted values, paths (two or more `/segment`s), tokens that start with a digit
 * (numbers, times, versions, addresses) and hex ids of seven or more characters each become `#`.
 */
export function templateOf(text: string): string {
  let key = text.length > MAX_TEMPLATE_CHARS ? text.slice(0, MAX_TEMPLATE_CHARS) : text;
  if (key.includes('"') || key.includes("'")) key = key.replace(LOOSE_QUOTED, '#');
  return maskLoose(key).trim();
}

// Character classes of the loose masking, for ASCII: a word character (`\w`), a hex digit, a character
// that continues a digit token (`[\w.:+-]`), a character of a path segment (`[\w.@-]`).
const WORD = 1;
const HEX_DIGIT = 2;
const TOKEN = 4;
const SEGMENT = 8;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  const hex = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
  CLASS[c] = (word ? WORD | TOKEN | SEGMENT : 0) | (hex ? HEX_DIGIT : 0) | (c === 46 || c === 45 ? TOKEN | SEGMENT : 0) | (c === 58 || c === 43 ? TOKEN : 0) | (c === 64 ? SEGMENT : 0);
}
const has = (c: number, bit: number): boolean => c < 128 && ((CLASS[c] as number) & bit) !== 0;

/**
 * One pass over the line that does what three global replaces did, with the same result (a property test
 * holds it to them): paths `(?:\/[\w.@-]+){2,}\/?`, then `\d[\w.:+-]*` and
 * `\b(?=[a-f\d]{7,}\b)[a-f]*\d[a-f\d]*\b` (case-insensitive), each match replaced by `#`. Templating
 * runs on every line of a log, so it is the hottest code of a big input.
 */
function maskLoose(s: string): string {
  const n = s.length;
  let out = '';
  let last = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    let end = -1;
    if (c >= 48 && c <= 57) {
      end = i + 1;
      while (end < n && has(s.charCodeAt(end), TOKEN)) end++;
    } else if (c === 47) {
      end = pathEnd(s, i);
    } else if (has(c, HEX_DIGIT) && (i === 0 || !has(s.charCodeAt(i - 1), WORD))) {
      // Only a hex letter starts here (a digit took the branch above): the run needs a digit and a word boundary after it.
      let j = i + 1;
      let digit = false;
      for (; j < n; j++) {
        const d = s.charCodeAt(j);
        if (!has(d, HEX_DIGIT)) break;
        if (d <= 57) digit = true;
      }
      if (digit && j - i >= 7 && (j === n || !has(s.charCodeAt(j), WORD))) end = j;
    }
    if (end < 0) {
      i++;
      continue;
    }
    out += s.slice(last, i) + '#';
    last = i = end;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Where a path of two or more `/segment`s that starts at `at` (a `/`) ends, with one trailing `/`; -1 when none does. */
function pathEnd(s: string, at: number): number {
  const n = s.length;
  let j = at;
  let segments = 0;
  while (j + 1 < n && s.charCodeAt(j) === 47 && has(s.charCodeAt(j + 1), SEGMENT)) {
    j += 2;
    while (j < n && has(s.charCodeAt(j), SEGMENT)) j++;
    segments++;
  }
  if (segments < 2) return -1;
  return j < n && s.charCodeAt(j) === 47 ? j + 1 : j;
}

/**
 * A Unix tool's own error line: `find: ‘/root’: Permission denied`, `grep: /etc/shadow: Permission denied`.
 * A program name is lower case (`AssertionError: 'a' != 'b'` is a failure of its own), and not a
 * severity word (`error: cannot find value \`x\`` names what is wrong by its quoted value).
 */
const TOOL_ERROR = /^(?!(?:error|warning|warn|note|help|hint|info|debug|fatal|panic)\b)[a-z][\w.+-]{0,39}: /;
/** What such a line names as its operand: a quoted value (ASCII, curly or backquotes) or a path. */
const OPERAND = /(?<![\w'’])(?:[‘“'"`][^‘’“”'"`\n]{0,200}[’”'"`]|(?:~|\.{1,2})?\/[^\s:]*)/g;

/**
 * The key under which repeated errors are grouped: the same message at other times or with other
 * numbers. A tool's error about one operand keys without it, so `find: ‘/x’: Permission denied` on
 * 187 directories is one problem seen 187 times, not 187 problems; other errors keep their quoted
 * values and paths (errors in different files stay apart).
 */
export function errorKey(text: string): string {
  let key = text.length > MAX_TEMPLATE_CHARS ? text.slice(0, MAX_TEMPLATE_CHARS) : text;
  if (TOOL_ERROR.test(key)) key = key.replace(OPERAND, '#');
  return key.replace(STRICT, '#').trim();
}

export interface TemplateStat {
  stream: StreamName;
  template: string;
  count: number;
  first: number;
  last: number;
  /** The first SAMPLED_LINES lines of the template: a rare one is cited by all of them. */
  lines: number[];
}

/** Lines remembered per template (see TemplateStat.lines). */
export const SAMPLED_LINES = 8;

/** Counts templates with bounded memory: past `limit` distinct templates, new ones are counted as `other`. */
export class TemplateCounter {
  readonly stats = new Map<string, TemplateStat>();
  other = 0;

  /** The last key looked up and its stat: a log repeats its commonest template line after line, and comparing two strings costs less than hashing one. */
  private lastKey = '';
  private lastStat: TemplateStat | undefined;

  constructor(private readonly limit = 4000) {}

  add(stream: StreamName, text: string, n: number): TemplateStat | null {
    const template = templateOf(text);
    const key = stream === 'stdout' ? template : `\u0000${template}`;
    const seen = (key === this.lastKey ? this.lastStat : undefined) ?? this.stats.get(key);
    if (seen) {
      seen.count++;
      seen.last = n;
      if (seen.lines.length < SAMPLED_LINES) seen.lines.push(n);
      this.lastKey = key;
      this.lastStat = seen;
      return seen;
    }
    if (this.stats.size >= this.limit) {
      this.other++;
      return null;
    }
    const stat = { stream, template, count: 1, first: n, last: n, lines: [n] };
    this.stats.set(key, stat);
    return stat;
  }

  /** Templates that stand for more than one line, most frequent first (ties: earliest first). */
  repeated(): TemplateStat[] {
    return [...this.stats.values()].filter((s) => s.count > 1).sort((a, b) => b.count - a.count || a.first - b.first);
  }

  /** Lines that are copies of an earlier line's template. */
  folded(): number {
    let folded = 0;
    for (const stat of this.stats.values()) folded += stat.count - 1;
    return folded;
  }
}
