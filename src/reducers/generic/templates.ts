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
 * `from`: where the line's body starts in `text` (past a log prefix): the body is read in place, since
 * reading a sliced string character by character costs a fifth more than the flat string it was cut from.
 */
export function templateOf(text: string, from = 0): string {
  const end = Math.min(text.length, from + MAX_TEMPLATE_CHARS);
  if (hasQuote(text, from, end)) {
    const key = text.slice(from, end).replace(LOOSE_QUOTED, '#');
    return maskLoose(key, 0, key.length).trim();
  }
  return maskLoose(text, from, end).trim();
}

function hasQuote(text: string, from: number, end: number): boolean {
  const double = text.indexOf('"', from);
  if (double >= 0 && double < end) return true;
  const single = text.indexOf("'", from);
  return single >= 0 && single < end;
}

// Character classes of the loose masking, for ASCII: a word character (`\w`), a hex digit, a character
// that continues a digit token (`[\w.:+-]`), a character of a path segment (`[\w.@-]`).
const WORD = 1;
const HEX_DIGIT = 2;
const TOKEN = 4;
const SEGMENT = 8;
/** A character that can start a token but a digit (a `/`, a hex letter) or a quote: hasTemplate looks closer at it. */
const RISKY = 16;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  const hex = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
  CLASS[c] = (word ? WORD | TOKEN | SEGMENT : 0) | (hex ? HEX_DIGIT : 0) | (c === 46 || c === 45 ? TOKEN | SEGMENT : 0) | (c === 58 || c === 43 ? TOKEN : 0) | (c === 64 ? SEGMENT : 0);
  if (c === 47 || c === 34 || c === 39 || (hex && c > 57)) CLASS[c] = (CLASS[c] as number) | RISKY;
}
const has = (c: number, bit: number): boolean => c < 128 && ((CLASS[c] as number) & bit) !== 0;

/**
 * One pass over `s` from `from` to `n` that does what three global replaces did over that slice, with the same
 * result (a property test holds it to them): paths `(?:\/[\w.@-]+){2,}\/?`, then `\d[\w.:+-]*` and
 * `\b(?=[a-f\d]{7,}\b)[a-f]*\d[a-f\d]*\b` (case-insensitive), each match replaced by `#`. Templating
 * runs on every line of a log, so it is the hottest code of a big input.
 */
function maskLoose(s: string, from: number, n: number): string {
  let out = '';
  let last = from;
  let i = from;
  while (i < n) {
    const c = s.charCodeAt(i);
    const k = c < 128 ? (CLASS[c] as number) : 0;
    if ((k & WORD) === 0) {
      // Not a word character: only a `/` can start a token here (a path).
      const end = c === 47 ? pathEnd(s, i, n) : -1;
      if (end < 0) {
        i++;
        continue;
      }
      out += s.slice(last, i) + '#';
      last = i = end;
      continue;
    }
    // A word character. A digit starts a token anywhere; a hex letter only where a word starts (every
    // position the loop stops at but a digit is one: the word loop below runs to the next digit or non-word character).
    const end = c <= 57 ? digitTokenEnd(s, i, n) : k & HEX_DIGIT ? hexTokenEnd(s, i, n) : -1;
    if (end >= 0) {
      out += s.slice(last, i) + '#';
      last = i = end;
      continue;
    }
    // The rest of the word: inside it only a digit starts a token.
    i++;
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d <= 57 || d >= 128 || ((CLASS[d] as number) & WORD) === 0) break;
      i++;
    }
  }
  return last === from ? s.slice(from, n) : out + s.slice(last, n);
}

/** Where `\d[\w.:+-]*` that starts at `i` (a digit) ends. */
function digitTokenEnd(s: string, i: number, n: number): number {
  let end = i + 1;
  while (end < n && has(s.charCodeAt(end), TOKEN)) end++;
  return end;
}

/**
 * Where a hex id that starts at `i` (a hex letter where a word starts) ends: a run of seven or more hex
 * digits, one of them a digit, that ends a word. -1 when none starts there.
 */
function hexTokenEnd(s: string, i: number, n: number): number {
  let j = i + 1;
  let digit = false;
  for (; j < n; j++) {
    const d = s.charCodeAt(j);
    if (!has(d, HEX_DIGIT)) break;
    if (d <= 57) digit = true;
  }
  return digit && j - i >= 7 && (j === n || !has(s.charCodeAt(j), WORD)) ? j : -1;
}

/** Where the token maskLoose masks that starts at `i` ends (`s` read from `from` up to `n`); -1 when none starts there. */
function tokenEnd(s: string, i: number, from: number, n: number): number {
  const c = s.charCodeAt(i);
  if (c >= 48 && c <= 57) return digitTokenEnd(s, i, n);
  if (c === 47) return pathEnd(s, i, n);
  if (!has(c, HEX_DIGIT) || (i > from && has(s.charCodeAt(i - 1), WORD))) return -1;
  // Only a hex letter starts here (a digit took the branch above).
  return hexTokenEnd(s, i, n);
}

/** Where a path of two or more `/segment`s that starts at `at` (a `/`) ends, with one trailing `/`; -1 when none does. */
function pathEnd(s: string, at: number, n: number): number {
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

const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Where a walk against a template ends in `text` (its body from `from`, cut as templateOf cuts it, trailing ASCII space left out). */
function walkEnd(text: string, from: number): number {
  let n = Math.min(text.length, from + MAX_TEMPLATE_CHARS);
  while (n > from && isAsciiSpace(text.charCodeAt(n - 1))) n--;
  return n;
}

/** Where the walk starts (leading ASCII space left out); -1 when a non-ASCII character at an end leaves it unable to tell (trim() might strip it). */
function walkStart(text: string, from: number, n: number): number {
  let i = from;
  while (i < n && isAsciiSpace(text.charCodeAt(i))) i++;
  return i < n && (text.charCodeAt(i) >= 128 || text.charCodeAt(n - 1) >= 128) ? -1 : i;
}

/**
 * Whether `templateOf(text, from) === template`, decided by walking the text against the template without building
 * anything: a log repeats its commonest shape line after line, and building that template again (a string made,
 * then collected) cost more than the walk. False also when the walk cannot tell (a quote, a non-ASCII character at
 * an end, which trim() might strip): the caller then templates the line.
 */
export function hasTemplate(text: string, template: string, from = 0): boolean {
  const n = walkEnd(text, from);
  let i = walkStart(text, from, n);
  if (i < 0) return false;
  const m = template.length;
  let j = 0;
  while (i < n) {
    if (j >= m) return false;
    const c = text.charCodeAt(i);
    const t = template.charCodeAt(j++);
    if (t !== 35) {
      // The template keeps a character here: the text must have it, and not as the start of a token (a template
      // holds no digit, so only a `/`, a hex letter or a quote can be one).
      if (t !== c || (c < 128 && (CLASS[c] as number) & RISKY && (c === 34 || c === 39 || tokenEnd(text, i, from, n) >= 0))) return false;
      i++;
      continue;
    }
    if (c === 34 || c === 39) return false;
    const end = tokenEnd(text, i, from, n);
    // A `#` of the template is a token of the text, or a `#` the text had.
    if (end >= 0) i = end;
    else if (c === 35) i++;
    else return false;
  }
  return j === m;
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

/**
 * A template cut at its `#`s, for matching many lines against it (see hasShape): the pieces between, and for each
 * piece the offsets where a line that spells the piece could still start a token there (a `/`, or a hex letter
 * where a word starts); null when the template has a quote, which hasTemplate never matches.
 */
export interface TemplateShape {
  readonly template: string;
  readonly pieces: readonly string[];
  readonly risky: readonly (readonly number[])[];
}

export function shapeOf(template: string): TemplateShape | null {
  if (template.includes('"') || template.includes("'")) return null;
  const pieces = template.split('#');
  const risky = pieces.map((piece) => {
    const offsets: number[] = [];
    for (let k = 0; k < piece.length; k++) {
      const c = piece.charCodeAt(k);
      // A hex letter inside a word cannot start a token; the first character's word is decided by the line.
      if (c === 47 || (has(c, HEX_DIGIT) && c > 57 && (k === 0 || !has(piece.charCodeAt(k - 1), WORD)))) offsets.push(k);
    }
    return offsets;
  });
  return { template, pieces, risky };
}

/**
 * hasTemplate(text, shape.template, from), by comparing each piece of the template with one native `startsWith`
 * instead of character by character: the same walk, with the same answer (a property test holds them equal).
 */
export function hasShape(text: string, shape: TemplateShape, from = 0): boolean {
  const n = walkEnd(text, from);
  let i = walkStart(text, from, n);
  if (i < 0) return false;
  const { pieces, risky } = shape;
  const last = pieces.length - 1;
  for (let p = 0; ; p++) {
    const piece = pieces[p]!;
    const length = piece.length;
    if (length > 0) {
      if (i + length > n || !text.startsWith(piece, i)) return false;
      const offsets = risky[p]!;
      for (let k = 0; k < offsets.length; k++) if (tokenEnd(text, i + (offsets[k] as number), from, n) >= 0) return false;
      i += length;
    }
    if (p === last) return i === n;
    // A `#` of the template: a token of the text, or a `#` the text had.
    if (i >= n) return false;
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) return false;
    const end = tokenEnd(text, i, from, n);
    if (end >= 0) i = end;
    else if (c === 35) i++;
    else return false;
  }
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
  /** The last template two lines in a row matched, cut into pieces for the lines after them (see hasShape). */
  private shapeStat: TemplateStat | undefined;
  private shape: TemplateShape | null = null;

  constructor(private readonly limit = 4000) {}

  /** Counts line `n`, whose body starts at `from` in `text` (see templateOf). */
  add(stream: StreamName, text: string, n: number, from = 0): TemplateStat | null {
    const last = this.lastStat;
    if (last !== undefined && last.stream === stream) {
      // The template the last lines matched in a row is read as pieces (hasShape); another one is walked.
      if (last === this.shapeStat) {
        if (hasShape(text, this.shape!, from)) return this.count(last, n);
      } else if (hasTemplate(text, last.template, from)) {
        const shape = shapeOf(last.template);
        if (shape) {
          this.shapeStat = last;
          this.shape = shape;
        }
        return this.count(last, n);
      }
    }
    const template = templateOf(text, from);
    const key = stream === 'stdout' ? template : `\u0000${template}`;
    const seen = (key === this.lastKey ? this.lastStat : undefined) ?? this.stats.get(key);
    if (seen) {
      this.lastKey = key;
      return this.count(seen, n);
    }
    if (this.stats.size >= this.limit) {
      this.other++;
      return null;
    }
    const stat = { stream, template, count: 1, first: n, last: n, lines: [n] };
    this.stats.set(key, stat);
    this.lastKey = key;
    this.lastStat = stat;
    return stat;
  }

  private count(seen: TemplateStat, n: number): TemplateStat {
    seen.count++;
    seen.last = n;
    if (seen.lines.length < SAMPLED_LINES) seen.lines.push(n);
    this.lastStat = seen;
    return seen;
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
