/**
 * Prompt-injection scan over every decoded line of both streams, with bounded state.
 *
 * Each line goes through one cheap prefilter; only lines that pass it are normalised (JSON and HTML
 * escapes, invisible characters, fullwidth letters) and run against the rule table. Base64 runs are
 * decoded and rescanned, and so are lines of pure base64 gathered into one blob. The scanner keeps the
 * first hits with their lines and counts the rest; nothing it flags is dropped without being counted.
 */
import type { StreamName } from '../core/types.js';
import { ENCODED_ANCHORS, LEET_ANCHORS, injectionRules, type InjectionRule } from './injection-rules.js';
import { createLiteralSet, type LiteralHits } from './literals.js';
import { CANDIDATE_FRAGMENTS, NOTICE_FRAGMENTS, noteScannedLine } from '../core/line-facts.js';

/** One flagged place in the output. */
export interface InjectionHit {
  stream: StreamName;
  /** First and last line of the hit, 1-based and inclusive (a phrase may be wrapped over two lines). */
  from: number;
  to: number;
  /** `override`, `addresses-ai`, `role-markup`, `tool-call`, `pipe-to-shell`, `exfiltration`, `destructive`, `invisible`, `encoded`. */
  kind: string;
  /** Rule id from the table, or `zero-width`, `bidi-override`, `unicode-tags`, `base64:<rule>`. */
  rule: string;
  /** The matched text with some context, invisible and control characters shown escaped, at most 160 characters. */
  snippet: string;
}

export interface InjectionResult {
  suspected: boolean;
  /** Kinds found, sorted. */
  kinds: string[];
  /** The first hits, in the order found. */
  hits: InjectionHit[];
  /** All hits, shown or not. */
  total: number;
}

export interface InjectionScanner {
  /**
   * One decoded line (ANSI removed, capped in length); `n` is 1-based per stream. `bytes[start..end)` may be the raw
   * bytes it was decoded from, which the literal pass reads in place when they spell it (literals.ts).
   */
  line(stream: StreamName, n: number, text: string, bytes?: Buffer, start?: number, end?: number): void;
  finish(): InjectionResult;
}

export interface ScannerOptions {
  /** How many hits to keep with their text; the rest are counted. Default 32. */
  maxHits?: number;
}

const TAIL = 80; // characters of the previous line prefixed to catch a phrase wrapped over two lines
const SEAM = 32; // characters each side of a line break searched for anchors that span it
const MAX_SNIPPET = 160;
const MAX_B64_RUNS = 8; // decoded per line
const MAX_DECODE = 16_384; // characters of one base64 run decoded
const MAX_BLOB = 65_536; // characters of consecutive pure-base64 lines gathered
const MAX_DEPTH = 2; // base64 inside base64

// One literal pass finds which rules can match; only those run.
// Anchors with quotes also match their JSON-in-JSON escaped form (`\"role\"`), which then gets decoded.
const anchorsOf = (rule: InjectionRule): string[] =>
  rule.anchors.flatMap((a) => (a.includes('"') ? [a, a.replaceAll('"', '\\"')] : [a]));
/**
 * The literal set and the compiled rules, built at the first scan, not at load: a run whose command
 * prints nothing (`reduce -- true`) never pays for them (about 10 ms of a start).
 */
function buildTables() {
  const literals = createLiteralSet([
    ...injectionRules().flatMap(anchorsOf),
    ...ENCODED_ANCHORS,
    '##[group]run ',
    '##[endgroup]',
    ...LEET_ANCHORS,
    // Not injection literals: the classifier's and the warning reader's fragments ride along on the same pass (core/line-facts.ts).
    ...CANDIDATE_FRAGMENTS,
    ...NOTICE_FRAGMENTS,
  ]);
  /** fragment[id] has bit 1 for the ids of CANDIDATE_FRAGMENTS, bit 2 for those of NOTICE_FRAGMENTS. */
  const fragment = new Uint8Array(literals.size);
  for (const f of CANDIDATE_FRAGMENTS) fragment[literals.idOf(f)]! |= 1;
  for (const f of NOTICE_FRAGMENTS) fragment[literals.idOf(f)]! |= 2;
  const rules = injectionRules().map((rule) => ({
    rule,
    re: new RegExp(rule.re.source, rule.re.flags.includes('g') ? rule.re.flags : rule.re.flags + 'g'),
    anchors: anchorsOf(rule).map((a) => literals.idOf(a)),
  }));
  return {
    literals,
    fragment,
    leetIds: LEET_ANCHORS.map((a) => literals.idOf(a)),
    groupRunId: literals.idOf('##[group]run '),
    groupEndId: literals.idOf('##[endgroup]'),
    rules,
    encodedIds: ENCODED_ANCHORS.map((a) => literals.idOf(a)),
    nonAsciiRules: rules.filter((r) => r.rule.nonAscii),
  };
}
type Tables = ReturnType<typeof buildTables>;
type CompiledRule = Tables['rules'][number];
let built: Tables | undefined;
const tables = (): Tables => (built ??= buildTables());
const NO_RULES: readonly CompiledRule[] = [];
// Scripts the non-ASCII rules are written for (Cyrillic, kana, CJK, Hangul): emoji and accents do not run them.
const OTHER_SCRIPT = /[\u0370-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

function union(a: readonly CompiledRule[], b: readonly CompiledRule[], c: readonly CompiledRule[]): CompiledRule[] {
  if (b.length === 0 && c.length === 0) return [...a];
  return tables().rules.filter((r) => a.includes(r) || b.includes(r) || c.includes(r));
}

/** Rules with an anchor among the hits, and the rules for other scripts when the text has any. */
function candidates(hits: LiteralHits, text: string): readonly CompiledRule[] {
  const script = hits.nonAscii && OTHER_SCRIPT.test(text);
  const { rules, nonAsciiRules } = tables();
  if (hits.ids.length === 0) return script ? [...nonAsciiRules] : NO_RULES; // most lines: no array made
  return rules.filter((r) => r.anchors.some((id) => hits.found[id] === 1) || (script && r.rule.nonAscii));
}

// Disguised spellings, tried on a line no rule matched as written:
// - identifiers: `test_ignore_previous_instructions`, `ignoreAllPreviousInstructions` (test names, keys), for the
//   sentence rules only (PROSE_KINDS);
// - leetspeak: `1gn0r3 4ll pr3v10u5 1nstruct10ns` (when a leet spelling of a trigger word occurs, and two or
//   more words mix letters and digits and are not hex);
// - homoglyphs: Cyrillic and Greek letters that look Latin inside Latin words (`іgnоrе`).
const IDENTIFIER = /[a-z][A-Z]|[A-Za-z]_[A-Za-z]/;
// An identifier spelled out as words can only disguise a sentence: the rules for markup, tags, shell pipes and
// encodings match syntax, which splitting `decodeInteger` or `<InvokeMethods>` into words only invents.
const PROSE_KINDS = new Set(['override', 'addresses-ai', 'exfiltration', 'destructive']);
const LEET_WORD = /(?<![\w@$])(?![0-9a-f]+(?![\w@$]))(?=[\w@$]*[a-z])[a-z@$]*[013457@$][a-z0-9@$]*[a-z][a-z0-9@$]*/gi;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const MIXED_SCRIPT = /[A-Za-z][\u0370-\u03ff\u0400-\u04ff]|[\u0370-\u03ff\u0400-\u04ff][A-Za-z]/;
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};
const HOMOGLYPH_CHARS = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');

/** The disguised forms of a line worth a second look, each with the name that prefixes its rule ids. */
function disguises(text: string, hadCandidates: boolean, nonAscii: boolean): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  if (hadCandidates && IDENTIFIER.test(text)) {
    out.push({ name: 'identifier', text: text.replace(/([a-z])(?=[A-Z])/g, '$1 ').replace(/([A-Za-z])_(?=[A-Za-z])/g, '$1 ') });
  }
  LEET_WORD.lastIndex = 0;
  if (LEET_WORD.test(text) && LEET_WORD.test(text)) {
    LEET_WORD.lastIndex = 0;
    out.push({ name: 'leetspeak', text: text.replace(LEET_WORD, (w) => w.replace(/[013457@$]/g, (c) => LEET[c] ?? c)) });
  }
  if (nonAscii && MIXED_SCRIPT.test(text)) out.push({ name: 'homoglyph', text: text.replace(HOMOGLYPH_CHARS, (c) => HOMOGLYPHS[c] ?? c) });
  return out;
}

// Invisible characters: zero-width, word joiner and invisible operators, BOM, Mongolian vowel separator,
// bidi embeddings/overrides/isolates, and Unicode tag characters (U+E0000..E007F, "ASCII smuggling").
const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/;
const INVISIBLE_G = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g;
// Subdivision flags (England, Scotland, Wales) are black flag + tag characters + cancel tag: ordinary emoji.
const TAG_FLAG = /\uD83C\uDFF4(?:\uDB40[\uDC20-\uDC7E])+\uDB40\uDC7F/g;
const B64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
const B64_LINE = /^[A-Za-z0-9+/]{16,}={0,2}$/;
const HEXISH = /^[0-9a-fA-F_-]+$/;
const FULLWIDTH = /[\uFF01-\uFF5E]/;

// Build logs echo the commands they run: `+ cmd` (set -x), `$ cmd`, Actions `Run cmd`, Dockerfile `RUN cmd`.
// Such a line records what the build did; it is not a request to the reader.
const TRACE_ECHO =
  /^(?:[^\t]{0,200}\t[^\t]{0,200}\t)?\uFEFF?(?:\d{4}-\d\d-\d\dT[\d:.]+Z?\s+)?(?:#\d+\s+(?:\d+\.\d+\s+)?)?(?:\[[^\]]{1,80}\]\s+)?(?:\+{1,3}|\$|>|##\[command\]|##\[group\]Run|Run|RUN|Step\s+\d+\/\d+\s*:\s*RUN)\s/;

// Wrapped prose: the previous line ends in a word or punctuation, this one starts with a word (after indentation,
// quote or comment markers). Log lines start with timestamps, brackets or braces and are not joined.
const PROSE_END = /[A-Za-z,;:'"-]\s*$/;
export const PROSE_START = /^[\s>#*/+-]{0,12}[A-Za-z]/;

function isProseSeam(tail: string, text: string): boolean {
  return tail !== '' && proseStart(text) && PROSE_END.test(tail.slice(-16));
}

/**
 * PROSE_START.test(text), answered by the first character when it decides (a letter starts prose; a digit, a
 * bracket or a quote cannot): the regex ran on nearly every line of a log. A property test holds the two equal.
 */
export function proseStart(text: string): boolean {
  const c = text.charCodeAt(0);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  // PROSE_START's lead-in characters ([\s>#*/+-]) are the only ones a regex match can open with.
  if (c === 62 || c === 35 || c === 42 || c === 47 || c === 43 || c === 45 || c === 32 || (c >= 9 && c <= 13) || c > 127) return PROSE_START.test(text);
  return false;
}

function isBase64Line(text: string): boolean {
  const t = text.trim();
  return t.length >= 16 && t.length % 4 === 0 && B64_LINE.test(t) && !HEXISH.test(t);
}

interface StreamState {
  /** The previous line (normalised when it was), and the rules that could match in it. */
  tail: string;
  tailRules: readonly CompiledRule[];
  /** Kinds and rules already reported for line `seenLine` (one hit per kind and rule and line). */
  seenLine: number;
  seen: Set<string> | null;
  tailLine: number;
  inRunGroup: boolean;
  blob: string;
  blobFrom: number;
  blobTo: number;
}

export function createInjectionScanner(options: ScannerOptions = {}): InjectionScanner {
  const maxHits = options.maxHits ?? 32;
  const hits: InjectionHit[] = [];
  const kinds = new Set<string>();
  let total = 0;
  const streams: Record<StreamName, StreamState> = { stdout: newState(), stderr: newState() };
  // Built at the first line (tables() too), so a scanner that sees no line costs nothing.
  let t: Tables | undefined;
  let lineHits!: LiteralHits, seamHits!: LiteralHits, normHits!: LiteralHits;

  const record = (stream: StreamName, from: number, to: number, kind: string, rule: string, snippet: string): void => {
    total++;
    kinds.add(kind);
    if (hits.length < maxHits) hits.push({ stream, from, to, kind, rule, snippet });
  };

  const flushBlob = (stream: StreamName, st: StreamState): void => {
    if (st.blob.length >= 32) {
      const found = scanBase64(st.blob, 1);
      for (const f of found) {
        record(stream, st.blobFrom, st.blobTo, 'encoded', `base64:${f.rule}`, f.snippet);
        kinds.add(f.kind);
      }
    }
    st.blob = '';
  };

  return {
    line(stream, n, text, bytes, start, end) {
      const st = streams[stream];
      if (!t) {
        t = tables();
        lineHits = t.literals.newHits();
        seamHits = t.literals.newHits();
        normHits = t.literals.newHits();
      }
      const hits = t.literals.scan(text, lineHits, bytes, start, end);
      let facts = 0;
      for (const id of hits.ids) facts |= t.fragment[id]!;
      noteScannedLine(text, (facts & 1) !== 0, (facts & 2) !== 0);
      if (hits.found[t.groupRunId] === 1) st.inRunGroup = true;
      else if (st.inRunGroup && hits.found[t.groupEndId] === 1) st.inRunGroup = false;

      // Lines of pure base64 (a wrapped blob) are gathered and decoded as one.
      if (hits.base64Run && isBase64Line(text)) {
        if (!st.blob) st.blobFrom = n;
        if (st.blob.length < MAX_BLOB) st.blob += text.trim();
        st.blobTo = n;
        st.tail = '';
        st.tailRules = NO_RULES;
        return;
      }
      if (st.blob) flushBlob(stream, st);

      // A phrase wrapped over two lines of prose: look at the seam, and rerun the previous line's rules across it.
      // A long line arrives in several calls with the same n (its head and the segments past the cap).
      const continuation = st.tailLine === n;
      const tail = continuation || (st.tailLine === n - 1 && isProseSeam(st.tail, text)) ? st.tail : '';
      let rules = candidates(hits, text);
      if (tail) {
        const seamText = `${tail.slice(-SEAM)}\n${text.slice(0, SEAM)}`;
        const seam = candidates(t.literals.scan(seamText, seamHits), seamText);
        rules = union(rules, seam, st.tailRules);
      }
      // Most lines hold no literal at all: then no encoded or leet anchor either, without looking.
      const literals = hits.ids.length > 0;
      const escaped = (literals && t.encodedIds.some((id) => hits.found[id] === 1)) || hits.percent >= 6 || (rules.length > 0 && text.includes('\\'));
      const hidden = hits.nonAscii && (INVISIBLE.test(text) || FULLWIDTH.test(text));
      st.tailLine = n;
      if (rules.length === 0 && !escaped && !hidden && !hits.base64Run && !(literals && t.leetIds.some((id) => hits.found[id] === 1))) {
        st.tail = text;
        st.tailRules = NO_RULES;
        return;
      }

      const norm = escaped || hidden ? normalize(text) : plain(text);
      let lineRules = candidates(hits, text);
      if (norm.text !== text) {
        lineRules = candidates(t.literals.scan(norm.text, normHits), norm.text);
        rules = union(rules, lineRules, NO_RULES);
      }
      if (st.seenLine !== n) {
        st.seenLine = n;
        st.seen = null;
      }
      const add = (from: number, kind: string, rule: string, snippet: string): void => {
        st.seen ??= new Set<string>();
        if (st.seen.has(kind + rule)) return;
        st.seen.add(kind + rule);
        record(stream, from, n, kind, rule, snippet);
      };

      for (const inv of norm.invisible) add(n, 'invisible', inv.rule, inv.snippet);

      let echo: boolean | undefined;
      const isEcho = (): boolean => (echo ??= st.inRunGroup || TRACE_ECHO.test(text));
      const head = tail ? `${tail.slice(-TAIL)}\n` : '';
      const joined = head + norm.text;
      let matchedAny = false;
      for (const m of matchRules(rules, joined, head.length, isEcho)) {
        matchedAny = true;
        const from = m.index < head.length && !continuation ? n - 1 : n;
        add(from, m.rule.kind, m.rule.id, snippetOf(joined, m.index, m.length));
        // Invisible characters that split the phrase are themselves evidence of hiding.
        if (norm.hadInvisible && !m.rule.re.test(head + norm.visible)) {
          add(from, 'invisible', 'zero-width-split', visibleSnippet(text));
        }
      }
      if (!matchedAny) {
        // Nothing matched as written: try the line's disguised spellings.
        for (const d of disguises(norm.text, rules.length > 0, hits.nonAscii)) {
          const found = candidates(t.literals.scan(d.text, normHits), d.text);
          const rulesFor = d.name === 'identifier' ? found.filter((r) => PROSE_KINDS.has(r.rule.kind)) : found;
          for (const m of matchRules(rulesFor, d.text, 0, isEcho)) add(n, m.rule.kind, `${d.name}:${m.rule.id}`, snippetOf(d.text, m.index, m.length));
        }
      }
      if (norm.hidden) {
        for (const m of matchAll(norm.hidden)) {
          add(n, m.rule.kind, `unicode-tags:${m.rule.id}`, snippetOf(norm.hidden, m.index, m.length));
        }
      }
      if (hits.base64Run || (norm.text !== text && t.literals.scan(norm.text, normHits).base64Run)) {
        for (const f of scanRuns(norm.text, 1)) {
          add(n, 'encoded', `base64:${f.rule}`, f.snippet);
          kinds.add(f.kind);
        }
      }
      st.tail = norm.text;
      st.tailRules = lineRules;
    },

    finish() {
      flushBlob('stdout', streams.stdout);
      flushBlob('stderr', streams.stderr);
      return { suspected: total > 0, kinds: [...kinds].sort(), hits: [...hits], total };
    },
  };
}

/** Where the first rule matches in one line of text (decoded as the scanner decodes it), or null. */
export function findInjection(text: string): { index: number; length: number } | null {
  const norm = normalize(text);
  const m = matchAll(norm.text)[0];
  // Decoding can move characters; the position is a guide for showing the line, not an exact offset.
  return m ? { index: Math.min(m.index, Math.max(0, text.length - 1)), length: m.length } : null;
}

/** Scans a whole text as one stream (tests, one-shot callers). */
export function scanText(text: string, stream: StreamName = 'stdout'): InjectionResult {
  const scanner = createInjectionScanner();
  let n = 0;
  for (const line of text.split('\n')) scanner.line(stream, ++n, line.endsWith('\r') ? line.slice(0, -1) : line);
  return scanner.finish();
}

function newState(): StreamState {
  return { tail: '', tailRules: NO_RULES, seenLine: -1, seen: null, tailLine: -1, inRunGroup: false, blob: '', blobFrom: 0, blobTo: 0 };
}

interface RuleMatch {
  rule: InjectionRule;
  index: number;
  length: number;
}

/** Every rule whose anchors occur in the text, first match each (decoded and hidden text). */
function matchAll(text: string): RuleMatch[] {
  return matchRules(candidates(tables().literals.scan(text), text), text, 0, () => false);
}

/** First match of each rule that reaches past `boundary` (matches wholly inside the tail were reported before). */
function matchRules(rules: readonly CompiledRule[], text: string, boundary: number, isEcho: () => boolean): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const { rule, re } of rules) {
    re.lastIndex = 0;
    for (let guard = 0; guard < 8; guard++) {
      const m = re.exec(text);
      if (!m) break;
      if (m[0].length === 0) re.lastIndex++;
      if (m.index + m[0].length > boundary && (!rule.accept || rule.accept(m)) && !(rule.leadIn && isQuotedMention(text, m.index, m[0].length))) {
        if (rule.skipTraceEcho && isEcho()) break; // a build log's record of a command it ran
        out.push({ rule, index: m.index, length: m[0].length });
        break;
      }
    }
  }
  return out;
}

// Quote pairs: a quoted phrase opens with the first and closes with the second.
const QUOTE_CLOSE: Record<string, string> = { "'": "'", '"': '"', '`': '`', '\u2018': '\u2019', '\u201c': '\u201d' };
// The quote closes right after the match, and the phrase ends there: the line ends or a list goes on (`, 'next'`).
const CLOSES_AFTER = /^[ \t.\u2026:,;!?-]{0,8}(['"`\u2019\u201d])\s*(?:[,;)\]}|/]|\.?\s*$)/u;
const MAX_QUOTE_LEAD = 40; // characters between an opening quote and the match ("an LLM processes this")

/**
 * Whether a match sits in a quoted phrase that ends where the match ends: `rules for 'AI reviewers:', 'your
 * new task is'` names phrases (a commit subject, a test name, a changelog), it does not address the reader.
 * The opening quote is on the same line, at most a few words before the match, and not an apostrophe; after
 * the closing quote the line ends or a list goes on, so `"your new task is" to ...` is still an order.
 */
function isQuotedMention(text: string, index: number, length: number): boolean {
  const close = CLOSES_AFTER.exec(text.slice(index + length));
  if (!close) return false;
  const closer = close[1]!;
  for (let p = index; p >= 0 && p >= index - MAX_QUOTE_LEAD; p--) {
    const c = text[p]!;
    if (c === '\n') return false;
    if (QUOTE_CLOSE[c] === closer) return p === 0 || !/[\p{L}\p{N}]/u.test(text[p - 1]!);
    if (c === closer) return false;
  }
  return false;
}

interface Normalized {
  /** The line with escapes decoded and invisible characters removed. */
  text: string;
  /** Invisible-character findings worth flagging on their own. */
  invisible: { rule: string; snippet: string }[];
  /** Whether any invisible character was removed. */
  hadInvisible: boolean;
  /** The decoded line before invisible characters were removed. */
  visible: string;
  /** Text hidden in Unicode tag characters, decoded to ASCII. */
  hidden: string | null;
}

function plain(text: string): Normalized {
  return { text, invisible: [], hadInvisible: false, visible: text, hidden: null };
}

function normalize(raw: string): Normalized {
  let text = raw;
  if (/[\\&%]/.test(text)) text = decodeEscapes(text);
  const visible = text;
  const invisible: { rule: string; snippet: string }[] = [];
  let hidden: string | null = null;
  let hadInvisible = false;
  if (INVISIBLE.test(text)) {
    hadInvisible = true;
    const info = inspectInvisible(text);
    hidden = info.hidden;
    if (info.tags) invisible.push({ rule: 'unicode-tags', snippet: clip(`hidden tag text: ${info.hidden ?? ''}`) });
    // Bidi controls and scattered zero-width characters hide or reorder text only where they are characters:
    // written as escapes (`\u202a-\u202e` in a character table, `\u200D` joining a test's emoji) they are
    // visible text. A run of escaped zero-width characters is still a message encoded in them (steganography
    // in a JSON body, which a client decodes).
    const asWritten = text === raw ? info : INVISIBLE.test(raw) ? inspectInvisible(raw) : null;
    if (asWritten?.bidi) invisible.push({ rule: 'bidi-override', snippet: visibleSnippet(text) });
    if ((asWritten && asWritten.zeroWidth >= 3) || info.longestRun >= 4) invisible.push({ rule: 'zero-width', snippet: visibleSnippet(text) });
    text = text.replace(TAG_FLAG, '').replace(INVISIBLE_G, '');
  }
  if (FULLWIDTH.test(text)) text = text.normalize('NFKC');
  return { text, invisible, hadInvisible, visible, hidden };
}

/** JSON string escapes, HTML entities and dense percent-encoding, decoded so the rules see plain text. */
function decodeEscapes(s: string): string {
  let out = s;
  if (out.includes('\\')) {
    out = out.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[nrt"/\\])/g, (_, e: string) => {
      if (e[0] === 'u' || e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
      return e === 'n' ? '\n' : e === 'r' ? '' : e === 't' ? '\t' : e;
    });
  }
  if (out.includes('&')) {
    out = out.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|lt|gt|quot|amp|apos);/gi, (whole, e: string) => {
      const lower = e.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
      return ({ lt: '<', gt: '>', quot: '"', amp: '&', apos: "'" } as Record<string, string>)[lower] ?? whole;
    });
  }
  const pct = out.match(/%[0-9a-fA-F]{2}/g);
  if (pct && pct.length >= 6) {
    try {
      out = decodeURIComponent(out.replace(/\+/g, ' '));
    } catch {
      // Not valid percent-encoding: scan as it is.
    }
  }
  return out;
}

function safeCodePoint(cp: number, fallback: string): string {
  return Number.isFinite(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : fallback;
}

function inspectInvisible(text: string): { zeroWidth: number; longestRun: number; bidi: boolean; tags: boolean; hidden: string | null } {
  let zeroWidth = 0;
  let run = 0;
  let longestRun = 0;
  let bidi = false;
  let hidden = '';
  const scan = text.replace(TAG_FLAG, '');
  for (let i = 0; i < scan.length; i++) {
    const c = scan.charCodeAt(i);
    if (c === 0xdb40 && i + 1 < scan.length) {
      const lo = scan.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdc7f) {
        const ascii = lo - 0xdc00;
        if (ascii >= 0x20 && ascii < 0x7f) hidden += String.fromCharCode(ascii);
        i++;
        run++;
        longestRun = Math.max(longestRun, run);
        continue;
      }
    }
    const zw = c === 0x200b || (c >= 0x2060 && c <= 0x2064) || c === 0x180e || (c === 0xfeff && i > 0);
    const joiner = c === 0x200c || c === 0x200d;
    const bidiCtl = (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    if (zw || joiner || bidiCtl) {
      run++;
      longestRun = Math.max(longestRun, run);
    } else {
      run = 0;
    }
    // ZWJ/ZWNJ and bidi controls are ordinary inside emoji and right-to-left scripts; suspicious between ASCII.
    const asciiAround = isAsciiNeighbour(scan, i - 1) && isAsciiNeighbour(scan, i + 1);
    if (zw || (joiner && asciiAround)) zeroWidth++;
    if (bidiCtl && (c === 0x202d || c === 0x202e || asciiAround)) bidi = true;
  }
  return { zeroWidth, longestRun, bidi, tags: hidden.length > 0, hidden: hidden || null };
}

function isAsciiNeighbour(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return true;
  const c = s.charCodeAt(i);
  return c < 0x80 || INVISIBLE.test(s[i] ?? '');
}

interface DecodedFinding {
  kind: string;
  rule: string;
  snippet: string;
}

/** Base64 runs inside a line, decoded and rescanned. */
function scanRuns(text: string, depth: number): DecodedFinding[] {
  if (depth > MAX_DEPTH || text.length < 32) return [];
  const out: DecodedFinding[] = [];
  B64_RUN.lastIndex = 0;
  let tried = 0;
  for (let m = B64_RUN.exec(text); m && tried < MAX_B64_RUNS; m = B64_RUN.exec(text)) {
    const run = m[0];
    if (HEXISH.test(run) || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) continue;
    tried++;
    out.push(...scanBase64(run, depth));
  }
  return out;
}

/** Decodes one base64 blob; when it is text, runs the rules (and nested base64) over it. */
function scanBase64(blob: string, depth: number): DecodedFinding[] {
  const head = Buffer.from(blob.slice(0, 64), 'base64');
  if (printableRatio(head) < 0.85) return [];
  const bytes = Buffer.from(blob.slice(0, MAX_DECODE), 'base64');
  if (bytes.length < 16 || printableRatio(bytes) < 0.9) return [];
  const decoded = normalize(bytes.toString('utf8'));
  const out: DecodedFinding[] = [];
  for (const m of matchAll(decoded.text)) {
    out.push({ kind: m.rule.kind, rule: m.rule.id, snippet: clip(`base64 decodes to: ${snippetOf(decoded.text, m.index, m.length)}`) });
  }
  out.push(...scanRuns(decoded.text, depth + 1));
  return out;
}

function printableRatio(bytes: Buffer): number {
  if (bytes.length === 0) return 0;
  let ok = 0;
  for (const b of bytes) if ((b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d || b >= 0xc2) ok++;
  return ok / bytes.length;
}

function snippetOf(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 30);
  const end = Math.min(text.length, index + Math.max(length, 1) + 30);
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return visibleSnippet((start > 0 ? '…' : '') + body + (end < text.length ? '…' : ''));
}

/** At most MAX_SNIPPET characters, invisible and control characters shown escaped. */
function visibleSnippet(s: string): string {
  return clip(showInvisible(s.slice(0, MAX_SNIPPET)));
}

function clip(s: string): string {
  return s.length > MAX_SNIPPET ? s.slice(0, MAX_SNIPPET - 1) + '…' : s;
}

/** Makes invisible and control characters visible as `\u{...}` so a snippet cannot hide anything. */
function showInvisible(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200B-\u200F\u2028\u2029\u2060-\u2064\uFEFF\u180E\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g,
    (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`,
  );
}
