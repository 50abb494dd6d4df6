/**
 * One pass over a line that finds which of many literals occur, case-insensitively, so the regex
 * rules behind them run only when they can match. A regex alternation of a hundred literals runs at
 * tens of MB/s; this table-driven loop runs at hundreds, which keeps a 1 GiB log fast.
 *
 * Literals are ASCII, at least three characters. A space in a literal matches any run of whitespace.
 * The same pass notes what the injection scanner needs besides literals: non-ASCII characters (for
 * invisible ones) and base64-looking runs of mixed case.
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
  scan(text: string, into?: LiteralHits): LiteralHits;
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
  const buckets: { id: number; offset: number }[][] = [];
  const buildTables = (): void => {
    const bucketOf = new Map<number, number>();
    endsTrigram = new Uint8Array(1 << 14);
    unique.forEach((lit, id) => {
      const offset = rarestTrigram(lit);
      const key = (lit.charCodeAt(offset) << 14) | (lit.charCodeAt(offset + 1) << 7) | lit.charCodeAt(offset + 2);
      endsTrigram[key & 0x3fff] = 1;
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

  const scan = (text: string, into: LiteralHits = newHits()): LiteralHits => {
    // Most lines found nothing the last time: no reset, no length set (a call into the runtime per line).
    if (into.ids.length !== 0) {
      for (const id of into.ids) into.found[id] = 0;
      into.ids.length = 0;
    }
    if (endsTrigram.length === 0) buildTables();
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
    into.percent = text.indexOf('%') === -1 ? 0 : countPercent(text);
    return into;
  };

  return {
    size: unique.length,
    idOf: (literal) => ids.get(literal.toLowerCase()) ?? -1,
    scan,
    newHits,
  };
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
