/**
 * One pass over a line that finds which of many literals occur, case-insensitively, so the regex
 * rules behind them run only when they can match. A regex alternation of a hundred literals runs at
 * tens of MB/s; this table-driven loop runs at hundreds, which keeps a 1 GiB log fast.
 *
 * Literals are ASCII, at least three characters. A space in a literal matches any run of whitespace.
 * The same pass notes what the injection scanner needs besides literals: non-ASCII characters (for
 * invisible ones) and base64-looking runs of mixed case.
 *
 * Two passes find the same things (test/safety/literal-word-pass.test.ts): the word pass reads an ASCII text four
 * bytes at a time, where a JavaScript loop pays for each typed array read or `charCodeAt` (the fourteenth session's
 * measurements in docs/benchmarks.md); the character pass reads any other text a character at a time.
 */

export interface LiteralHits {
  /** `found[id]` is 1 when literal `id` occurs. Reset by each `scan`. */
  readonly found: Uint8Array;
  /** Ids found in this scan, in no particular order. */
  readonly ids: number[];
  /** Whether the text has any character above U+007F. */
  nonAscii: boolean;
  /** How many `%` characters the text has (percent-encoding). */
  percent: number;
  /** Whether the text has a run of 32+ base64 characters with both lower and upper case letters. */
  base64Run: boolean;
}

export interface LiteralSet {
  /** Number of distinct literals; ids are 0..size-1 in the order given (duplicates share the first id). */
  readonly size: number;
  idOf(literal: string): number;
  /** `bytes[start..end)` may be given when they are the text's own bytes (see scan in createLiteralSet). */
  scan(text: string, into?: LiteralHits, bytes?: Buffer, start?: number, end?: number): LiteralHits;
  newHits(): LiteralHits;
}

const LOWER = new Uint8Array(128);
const B64 = new Uint8Array(128); // base64 alphabet: 1 lower, 2 upper, 4 digit or symbol (bits, OR-ed over a run)
for (let c = 0; c < 128; c++) {
  LOWER[c] = c >= 65 && c <= 90 ? c + 32 : c;
  if (c >= 97 && c <= 122) B64[c] = 1;
  else if (c >= 65 && c <= 90) B64[c] = 2;
  else if ((c >= 48 && c <= 57) || c === 43 || c === 47 || c === 95 || c === 45) B64[c] = 4;
}
// Whitespace folds to a space so "you are" matches "you\tare" and "you  are".
for (const c of [9, 10, 11, 12, 13]) LOWER[c] = 32;
/** LOWER and B64 in one table, read once per character: the folded character in the low 7 bits, the base64 class above. */
const FOLD = new Uint16Array(128);
for (let c = 0; c < 128; c++) FOLD[c] = LOWER[c]! | (B64[c]! << 7);

/**
 * The word pass (scanWords) reads an ASCII text four bytes at a time: in place when the caller has its bytes (a chunk
 * of output, seen through `viewBytes` and `viewWords`), otherwise from `copy` (MAX_COPY characters at most: a long
 * line's segments are 64 Ki characters; made at the first scan).
 */
const MAX_COPY = 64 * 1024;
let copy = Buffer.alloc(0);
let copyWords = new Int32Array(0);
/** The last caller's buffer (a chunk of output) seen as bytes and as words, kept while lines come from it. */
let viewed: Buffer | null = null;
let viewBase = 0;
let viewBytes: Uint8Array = new Uint8Array(0);
let viewWords: Int32Array = new Int32Array(0);
/** The words whose bits were set in one word pass: the word, the six bytes its trigrams span and which bits, three numbers each; past that many the characters are read instead. */
const MAX_CANDIDATES = 4096;
const candidates = new Int32Array(3 * MAX_CANDIDATES);
let wordPass = true;
/** Turns the word pass off (every text read by characters, as before it) or on: for tests that hold the two passes equal. */
export function useWordPass(on: boolean): void {
  wordPass = on;
}
/** The whitespace bytes a literal's space stands for (LOWER folds them to a space). */
const WHITESPACE = [32, 9, 10, 11, 12, 13];

export function createLiteralSet(literals: readonly string[]): LiteralSet {
  const unique: string[] = [];
  const ids = new Map<string, number>();
  for (const raw of literals) {
    const lit = raw.toLowerCase();
    if (lit.length < 3 || /[^\x20-\x7e]/.test(lit)) throw new Error(`literal must be 3+ ASCII characters: ${JSON.stringify(raw)}`);
    if (!ids.has(lit)) {
      ids.set(lit, unique.length);
      unique.push(lit);
    }
  }
  // Each literal is keyed by its rarest trigram (a 21-bit code of three 7-bit characters) so ordinary
  // English and logs rarely reach the candidate check. The trigram lies before any space of the literal,
  // so its offset from the literal's start is exact (whitespace runs fold only after it).
  // The tables are built at the first scan, not at start-up: a run with no output never scans.
  // The keyed trigrams (a few hundred) sit in a small open-addressing table: a direct table of all 2^21
  // trigrams took 4 MiB, which a long scan made resident page by page.
  let slotKeys = new Int32Array(0); // the trigram in each slot, -1 for none
  let slotBuckets = new Uint16Array(0); // bucket index + 1
  let slotMask = 0;
  // The last two characters of every keyed trigram: a 16 KiB table that stays in the L1 cache and
  // rejects almost every position before the trigram table is looked at.
  let endsTrigram = new Uint8Array(0);
  // The word pass reads bytes as they are (upper case folded, whitespace not): each keyed trigram is entered as the
  // 24-bit little-endian code of every byte sequence that can spell it (a space as any whitespace byte, and a space
  // between two characters also as two whitespace bytes: the start of a run), in a bit per hash (8 KiB) and in an
  // open-addressing table of the codes, each pointing to the literals it may start (byteLists).
  let byteBits = new Int32Array(0);
  let byteKeys = new Int32Array(0); // the code in each slot, -1 for none
  let byteBuckets = new Uint16Array(0); // index in byteLists + 1
  let byteMask = 0;
  const buckets: { id: number; offset: number }[][] = [];
  const byteLists: { id: number; offset: number }[][] = [];
  const buildTables = (): void => {
    const bucketOf = new Map<number, number>();
    const byteBucketOf = new Map<number, number>();
    endsTrigram = new Uint8Array(1 << 14);
    unique.forEach((lit, id) => {
      const offset = rarestTrigram(lit);
      const key = (lit.charCodeAt(offset) << 14) | (lit.charCodeAt(offset + 1) << 7) | lit.charCodeAt(offset + 2);
      endsTrigram[key & 0x3fff] = 1;
      // Two keyed trigrams can share a spelling ('x q' and 'x  ' both as x, tab, tab): each spelling lists every literal.
      for (const code of byteSpellings(lit.slice(offset, offset + 3))) {
        let list = byteBucketOf.get(code);
        if (list === undefined) {
          byteLists.push([]);
          byteBucketOf.set(code, (list = byteLists.length));
        }
        byteLists[list - 1]!.push({ id, offset });
      }
      if (!bucketOf.has(key)) {
        buckets.push([]);
        bucketOf.set(key, buckets.length);
      }
      buckets[(bucketOf.get(key) as number) - 1]?.push({ id, offset });
    });
    let size = 64;
    while (size < bucketOf.size * 4) size *= 2;
    slotKeys = new Int32Array(size).fill(-1);
    slotBuckets = new Uint16Array(size);
    slotMask = size - 1;
    for (const [key, bucket] of bucketOf) {
      let slot = slotHash(key) & slotMask;
      while (slotKeys[slot] !== -1) slot = (slot + 1) & slotMask;
      slotKeys[slot] = key;
      slotBuckets[slot] = bucket;
    }
    byteBits = new Int32Array(1 << 11);
    size = 64;
    while (size < byteBucketOf.size * 4) size *= 2;
    byteKeys = new Int32Array(size).fill(-1);
    byteBuckets = new Uint16Array(size);
    byteMask = size - 1;
    for (const [code, bucket] of byteBucketOf) {
      const h = byteHash(code);
      byteBits[h >>> 5]! |= 1 << (h & 31);
      let slot = slotHash(code) & byteMask;
      while (byteKeys[slot] !== -1) slot = (slot + 1) & byteMask;
      byteKeys[slot] = code;
      byteBuckets[slot] = bucket;
    }
  };
  const codes = unique.map((lit) => Uint8Array.from(lit, (ch) => ch.charCodeAt(0)));

  const newHits = (): LiteralHits => ({ found: new Uint8Array(unique.length), ids: [], nonAscii: false, base64Run: false, percent: 0 });

  const matchAt = (text: string, start: number, lit: Uint8Array): boolean => {
    let i = start;
    for (let j = 0; j < lit.length; j++) {
      const want = lit[j] ?? 0;
      if (i >= text.length) return false;
      const c = text.charCodeAt(i);
      const got = c < 128 ? (LOWER[c] ?? 0) : 0;
      if (got !== want) return false;
      i++;
      if (want === 32) while (i < text.length && text.charCodeAt(i) < 128 && LOWER[text.charCodeAt(i)] === 32) i++;
    }
    return true;
  };

  const check = (text: string, at: number, bucket: number, into: LiteralHits): void => {
    for (const { id, offset } of buckets[bucket - 1] ?? []) {
      if (into.found[id] === 0 && at - offset >= 0 && matchAt(text, at - offset, codes[id] as Uint8Array)) {
        into.found[id] = 1;
        into.ids.push(id);
      }
    }
  };

  /** matchAt over the `n` ASCII bytes of a text that starts at byte `base` of `bytes`. */
  const matchBytesAt = (bytes: Uint8Array, base: number, n: number, start: number, lit: Uint8Array): boolean => {
    let i = start;
    for (let j = 0; j < lit.length; j++) {
      const want = lit[j] as number;
      if (i >= n || LOWER[bytes[base + i] as number] !== want) return false;
      i++;
      if (want === 32) while (i < n && LOWER[bytes[base + i] as number] === 32) i++;
    }
    return true;
  };

  /**
   * `bytes[start..end)` are the text's own bytes when the caller has them (a line the splitter decoded from them):
   * when there are as many as the text has characters and all are ASCII, they spell the text exactly (decoding only
   * drops bytes, a carriage return or an escape sequence, or turns non-ASCII ones into other characters), and the
   * word pass reads them where they are. An ASCII text without them is copied; any other is read by characters.
   */
  const scan = (text: string, into: LiteralHits = newHits(), bytes?: Buffer, start = 0, end = 0): LiteralHits => {
    // Most lines found nothing the last time: no reset, no length set (a call into the runtime per line).
    if (into.ids.length !== 0) {
      for (const id of into.ids) into.found[id] = 0;
      into.ids.length = 0;
    }
    if (endsTrigram.length === 0) buildTables();
    const n = text.length;
    if (n >= 3 && wordPass) {
      if (bytes !== undefined && end - start === n) {
        // The views are made once per chunk (reading `buffer` calls into the runtime).
        if (bytes !== viewed) {
          viewed = bytes;
          viewBase = bytes.byteOffset;
          viewBytes = new Uint8Array(bytes.buffer, 0, bytes.buffer.byteLength);
          viewWords = new Int32Array(bytes.buffer, 0, bytes.buffer.byteLength >> 2);
        }
        if (scanWords(viewBytes, viewWords, viewBase + start, n, into)) return wordFacts(text, viewBytes, viewBase + start, into);
      }
      // UTF-8 takes two or more bytes for any character above U+007F: the copy is as long as the text exactly when it is ASCII.
      if (n <= MAX_COPY) {
        if (copy.length === 0) {
          copy = Buffer.allocUnsafeSlow(MAX_COPY + 8);
          copyWords = new Int32Array(copy.buffer, copy.byteOffset, (MAX_COPY + 8) >> 2);
        }
        if (copy.write(text) === n && scanWords(copy, copyWords, 0, n, into)) return wordFacts(text, copy, 0, into);
      }
    }
    scanChars(text, into);
    into.percent = text.indexOf('%') === -1 ? 0 : countPercent(text);
    return into;
  };

  /** The rest of a word pass's answer: no character above U+007F, base64 runs, and the count of '%' when the pass saw one. */
  const wordFacts = (text: string, bytes: Uint8Array, base: number, into: LiteralHits): LiteralHits => {
    into.nonAscii = false;
    into.base64Run = text.length >= 32 && hasBase64Run(bytes, base, text.length);
    if (into.percent !== 0) into.percent = countPercent(text);
    return into;
  };

  /**
   * The literal pass over the `n` bytes at `bytes[base..]` (`w32` views the same memory as words), four bytes at a
   * time (a typed array read costs several times the arithmetic on what it reads): each aligned word is folded to
   * lower case at once, the trigrams ending at its four bytes are looked up in the bits, and the positions whose bits
   * are set are checked after the loop. Bytes outside the text are masked to NUL, which no literal holds. False when
   * a byte is not ASCII or the positions were too many to keep: the caller reads the text another way then.
   */
  const scanWords = (bytes: Uint8Array, w32: Int32Array, base: number, n: number, into: LiteralHits): boolean => {
    const bits = byteBits;
    const at = candidates;
    const first = base >> 2;
    const last = (base + n - 1) >> 2;
    if (last >= w32.length) return false; // the text ends in the buffer's last, partial word
    const headMask = -1 << (8 * (base & 3));
    const tailBytes = ((base + n - 1) & 3) + 1;
    const tailMask = tailBytes === 4 ? -1 : (1 << (8 * tailBytes)) - 1;
    let found = 0;
    let percent = 0;
    let prev = 0; // the word before, folded
    for (let k = first; k <= last; k++) {
      let w = w32[k] as number;
      if (k === first) w &= headMask;
      if (k === last) w &= tailMask;
      if ((w & 0x80808080) !== 0) return false;
      // A '%' byte: a zero byte in w ^ '%%%%' (the masked bytes are NUL, not '%').
      const x = w ^ 0x25252525;
      percent |= ((x - 0x01010101) | 0) & ~x;
      // Upper case to lower, four bytes at once: a byte gets 0x20 when it is at least 'A' and not past 'Z'.
      w |= ((((w + 0x3f3f3f3f) | 0) & ~((w + 0x25252525) | 0)) & 0x80808080) >>> 2;
      // The trigrams ending at bytes 0..3 of the word, as little-endian codes; a set bit keeps the word for the check.
      const h0 = Math.imul((prev >>> 16) | ((w & 0xff) << 16), 0x9e3779b1) >>> 16;
      const h1 = Math.imul((prev >>> 24) | ((w & 0xffff) << 8), 0x9e3779b1) >>> 16;
      const h2 = Math.imul(w & 0xffffff, 0x9e3779b1) >>> 16;
      const h3 = Math.imul(w >>> 8, 0x9e3779b1) >>> 16;
      const set = ((bits[h0 >>> 5]! >>> h0) & 1) | (((bits[h1 >>> 5]! >>> h1) & 1) << 1) | (((bits[h2 >>> 5]! >>> h2) & 1) << 2) | (((bits[h3 >>> 5]! >>> h3) & 1) << 3);
      if (set !== 0) {
        if (found === MAX_CANDIDATES) return false;
        at[3 * found] = k;
        at[3 * found + 1] = (prev >>> 16) | (w << 16); // the six bytes the four trigrams span, in two numbers
        at[3 * found + 2] = (w >>> 16) | (set << 16);
        found++;
      }
      prev = w;
    }
    into.percent = (percent & 0x80808080) === 0 ? 0 : -1; // counted by wordFacts when there is one
    for (let c = 0; c < found; c++) {
      const p = 4 * (at[3 * c] as number) - base; // where byte 0 of the word is in the text
      const lo = at[3 * c + 1] as number; // bytes p-2, p-1, p, p+1
      const hi = at[3 * c + 2] as number; // bytes p+2, p+3, then the set bits
      const set = hi >>> 16;
      if ((set & 1) !== 0) checkCode(bytes, base, n, p - 2, lo & 0xffffff, into);
      if ((set & 2) !== 0) checkCode(bytes, base, n, p - 1, lo >>> 8, into);
      if ((set & 4) !== 0) checkCode(bytes, base, n, p, (lo >>> 16) | ((hi & 0xff) << 16), into);
      if ((set & 8) !== 0) checkCode(bytes, base, n, p + 1, (lo >>> 24) | ((hi & 0xffff) << 8), into);
    }
    return true;
  };

  /** The literals keyed by the trigram `code` that starts at position `at` of the text (at `bytes[base..]`), checked there. */
  const checkCode = (bytes: Uint8Array, base: number, n: number, at: number, code: number, into: LiteralHits): void => {
    if (at < 0 || at + 2 >= n) return; // a trigram reaching outside the text (its masked bytes match no code anyway)
    for (let slot = slotHash(code) & byteMask; ; slot = (slot + 1) & byteMask) {
      const key = byteKeys[slot] as number;
      if (key === -1) return;
      if (key !== code) continue;
      const list = byteLists[(byteBuckets[slot] as number) - 1]!;
      for (let e = 0; e < list.length; e++) {
        const { id, offset } = list[e]!;
        const start = at - offset;
        const lit = codes[id] as Uint8Array;
        // The first character decides most of them (`dex` in `index` keys `codex` and its six phrases).
        if (into.found[id] === 0 && start >= 0 && LOWER[bytes[base + start] as number] === lit[0] && matchBytesAt(bytes, base, n, start, lit)) {
          into.found[id] = 1;
          into.ids.push(id);
        }
      }
      return;
    }
  };

  /** The literal pass over a text's characters: a text with a character above U+007F, or a long or short one. */
  const scanChars = (text: string, into: LiteralHits): void => {
    // Tables and flags as locals: the loop below runs once per character of every line.
    const fold = FOLD;
    const ends = endsTrigram;
    const keys = slotKeys;
    const mask = slotMask;
    let nonAscii = false;
    let base64Run = false;
    let p1 = 0; // previous folded character (0: none), and where it stood
    let p1At = -1;
    let p2 = 0;
    let p2At = -1;
    let run = 0;
    let runCase = 0; // OR of the B64 classes in the current run
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) {
        nonAscii = true;
        if (run >= 32 && (runCase & 384) === 384) base64Run = true;
        p1 = p2 = 0;
        run = runCase = 0;
        continue;
      }
      const f = fold[c] as number;
      // A base64 run is judged where it ends (here, at a non-ASCII character, or after the loop).
      if (f >= 128) {
        run++;
        runCase |= f;
      } else if (run !== 0) {
        if (run >= 32 && (runCase & 384) === 384) base64Run = true;
        run = runCase = 0;
      }
      const lc = f & 127;
      if (lc === 32 && p1 === 32) continue; // a whitespace run counts once
      const k2 = (p1 << 7) | lc;
      if (ends[k2] === 1 && p2 !== 0) {
        const key = (p2 << 14) | k2;
        for (let slot = slotHash(key) & mask; ; slot = (slot + 1) & mask) {
          const at = keys[slot] as number;
          if (at === key) {
            check(text, p2At, slotBuckets[slot] as number, into);
            break;
          }
          if (at === -1) break;
        }
      }
      p2 = p1;
      p2At = p1At;
      p1 = lc;
      p1At = i;
    }
    if (run >= 32 && (runCase & 384) === 384) base64Run = true;
    into.nonAscii = nonAscii;
    into.base64Run = base64Run;
  };

  return {
    size: unique.length,
    idOf: (literal) => ids.get(literal.toLowerCase()) ?? -1,
    scan,
    newHits,
  };
}

/**
 * Whether the `n` bytes at `bytes[base..]` (ASCII) hold a run of 32 or more base64 characters with both a lower and an upper case
 * letter. Any such run holds two positions 16 apart on the grid 15, 31, 47, ... and every byte between them: only the
 * grid (and three bytes between two base64 ones) is read until such a span is found, and the run around it is measured.
 */
function hasBase64Run(bytes: Uint8Array, base: number, n: number): boolean {
  const b64 = B64;
  for (let p = 15; p + 16 < n; p += 16) {
    if (b64[bytes[base + p] as number] === 0 || b64[bytes[base + p + 16] as number] === 0) continue;
    // The run would hold every byte between them: three more reads turn away most pairs in ordinary text.
    if (b64[bytes[base + p + 8] as number] === 0 || b64[bytes[base + p + 4] as number] === 0 || b64[bytes[base + p + 12] as number] === 0) continue;
    let start = p;
    while (start > 0 && b64[bytes[base + start - 1] as number] !== 0) start--;
    let letters = 0;
    let end = start;
    for (; end < n; end++) {
      const cls = b64[bytes[base + end] as number] as number;
      if (cls === 0) break;
      letters |= cls;
    }
    if (end - start >= 32 && (letters & 3) === 3) return true;
    while (p + 16 < end) p += 16; // on to the grid past the run
  }
  return false;
}

/**
 * The little-endian codes of the byte sequences that spell a keyed trigram in the word pass: upper case is folded
 * before the lookup, whitespace is not, so a space stands for each whitespace byte; a space between two characters
 * may also be the first of a whitespace run, whose second byte then stands where the third character would.
 */
function byteSpellings(trigram: string): number[] {
  let codes = [0];
  for (let j = 0; j < 3; j++) {
    const c = trigram.charCodeAt(j);
    const bytes = c === 32 ? WHITESPACE : [c];
    codes = codes.flatMap((code) => bytes.map((b) => code | (b << (8 * j))));
  }
  if (trigram.charCodeAt(1) === 32 && trigram.charCodeAt(2) !== 32) {
    for (const a of WHITESPACE) for (const b of WHITESPACE) codes.push(trigram.charCodeAt(0) | (a << 8) | (b << 16));
  }
  return codes;
}

/** A 16-bit hash of a trigram's code, for the word pass's bits. */
function byteHash(code: number): number {
  return Math.imul(code, 0x9e3779b1) >>> 16;
}

/** How many `%` the text holds (percent-encoding), counted apart from the loop: most lines hold none, which one native search tells. */
function countPercent(text: string): number {
  let count = 0;
  for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', at + 1)) count++;
  return count;
}

/** Spreads a 21-bit trigram over the slots of the trigram table. */
function slotHash(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> 11;
}

// English letters from most to least frequent; other printable characters count as rare.
const FREQUENT = ' etaoinshrdlcumwfgypbvkjxqz';
// Trigrams common in English and in logs: never chosen as a key when the literal offers another.
const COMMON = new Set(
  'the ing ion tio ent and for ver ter her hat tha ere ate his con res all ons nce men ith ted ers pro thi wit are ess not ive was ect rea com eve per int est sta cti ica ist ear ain one our iti rat ati ase ove act ssi pas ass set cha ses sio ati ror err rin ini nte tor ect str rou ear par age ran'.split(' '),
);

/** Offset of the literal's rarest trigram that lies before its first space. */
function rarestTrigram(lit: string): number {
  const space = lit.indexOf(' ');
  const last = Math.max(0, (space < 0 ? lit.length : space) - 3);
  let best = 0;
  let bestScore = -1;
  for (let o = 0; o <= last; o++) {
    let score = COMMON.has(lit.slice(o, o + 3)) ? 0 : 100;
    for (let k = o; k < o + 3; k++) {
      const rank = FREQUENT.indexOf(lit[k] ?? ' ');
      score += rank < 0 ? FREQUENT.length : rank;
    }
    if (score > bestScore) {
      best = o;
      bestScore = score;
    }
  }
  return best;
}
