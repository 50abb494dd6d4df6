/**
 * Blocks of `key: value` lines, as `apt-cache show`, `pip show`, `git show` headers, `systemctl show`
 * and describe-like commands print them, and psql's expanded display (`-[ RECORD 1 ]`, `key | value`).
 * Kept as they stream: the block count, the keys in first-seen order, each block's identity line,
 * and which keys differ between blocks (a key whose value is the same everywhere is only named).
 */
import type { StreamName } from '../../core/types.js';
import type { StructureParts } from './structured-run.js';
import { count, plural } from '../../core/format.js';
import { EdgeSample } from './edge-sample.js';

/** `Key: value` or `Key:` (its value on indented lines below). Keys are short and start with a letter. */
const KEY_VALUE = /^([A-Za-z][\w .()/-]{0,38}[\w)]|[A-Za-z]):(?:[ \t]+(\S.*)|\s*)$/;
/** psql's expanded display: `name        | Ada`. */
const PIPE_VALUE = /^([A-Za-z_][\w ]{0,40}?)\s*\| ?(.*)$/;
/** A line that opens a new record in some tools: psql's `-[ RECORD 3 ]---`, `*** 1. row ***`, `---`. */
const SEPARATOR = /^(?:-\[ RECORD \d+ \]-*\+?-*|\*+ \d+\. row \*+|-{3,}|={3,})$/;
/** Keys that name the thing a block is about: its identity line. */
const IDENTITY = /^(?:package|name|id|commit|title|unit|key|module|crate|resource|pod|node|image|container|host|user|email|path|file|url)$/i;
const MAX_KEYS = 200;
/** Keys whose lines are remembered per block, for the blocks kept for citing. */
const MAX_KEYS_PER_BLOCK = 40;
const FIRST_BLOCKS = 12;
const LAST_BLOCKS = 4;
/** Blocks whose differing fields are cited line by line. */
const DETAIL_BLOCKS = 6;

interface KeyStat {
  blocks: number;
  /** The value of the first block that had the key, and whether any later block differed. */
  value: string;
  differs: boolean;
  first: number;
}

interface Block {
  stream: StreamName;
  start: number;
  identity: number;
  identityKey: string | null;
  lines: Map<string, number>;
}

/**
 * Whether `key: value` lines make records: each record has several keys, so no one key holds more than
 * half of the lines, and keys are names, not one sentence with other numbers. Lines that all start with
 * the same `word:` (`svc: …`, `error: …`, `tar: …`) or `processed record 7 of 1500: ok` lines are a log.
 */
export function keysMakeRecords(linesPerKey: ReadonlyMap<string, number>, keyLines: number): boolean {
  let top = 0;
  const shapes = new Set<string>();
  for (const [key, lines] of linesPerKey) {
    if (lines > top) top = lines;
    shapes.add(key.replace(/\d+/g, '#'));
  }
  // Keys that differ only in their numbers are one line template (`processed record 7 of 1500: ok`).
  return linesPerKey.size >= 2 && top * 2 <= keyLines && shapes.size * 2 > linesPerKey.size;
}

/** The key and value of a record line, or null; `pipe` accepts psql's `key | value` form. */
export function keyValueOf(text: string, pipe: boolean): { key: string; value: string } | null {
  const m = KEY_VALUE.exec(text);
  if (m) return { key: m[1]!, value: m[2] ?? '' };
  if (pipe) {
    const p = PIPE_VALUE.exec(text);
    if (p) return { key: p[1]!.trim(), value: p[2]!.trim() };
  }
  return null;
}

export class RecordBlocks {
  readonly keys = new Map<string, KeyStat>();
  blocks = 0;
  keyLines = 0;
  otherLines = 0;
  private current: Block | null = null;
  private readonly kept = new EdgeSample<Block>(FIRST_BLOCKS, LAST_BLOCKS);
  /** psql expanded display: `key | value` lines count, once a `-[ RECORD` separator was seen. */
  private pipe = false;

  /** `expandedOnly`: count only psql's expanded records (a SQL session's other lines are no records). */
  constructor(private readonly expandedOnly = false) {}

  /** True when the line is part of a record (a field, its continuation, a separator). */
  line(stream: StreamName, n: number, text: string): boolean {
    if (text.trim() === '') {
      this.current = null;
      return false;
    }
    if (SEPARATOR.test(text)) {
      if (text.startsWith('-[ RECORD')) this.pipe = true;
      this.current = null;
      return this.pipe;
    }
    if (this.expandedOnly && !this.pipe) return false;
    // Indented lines continue the value above (`Description:` in apt, folded headers).
    if (text.charCodeAt(0) === 32 || text.charCodeAt(0) === 9) {
      if (this.current) return true;
      this.otherLines++;
      return false;
    }
    const kv = keyValueOf(text, this.pipe);
    if (!kv) {
      this.otherLines++;
      // A line that is no `key: value` (git show's `commit …`) opens a block of its own.
      if (!this.current) this.open(stream, n, null);
      return false;
    }
    this.keyLines++;
    const block = this.current ?? this.open(stream, n, kv.key);
    if (block.identityKey === null && block.identity === n) block.identityKey = kv.key;
    else if (IDENTITY.test(kv.key) && !(block.identityKey && IDENTITY.test(block.identityKey))) {
      block.identity = n;
      block.identityKey = kv.key;
    }
    if (block.lines.size < MAX_KEYS_PER_BLOCK && !block.lines.has(kv.key)) block.lines.set(kv.key, n);
    const stat = this.keys.get(kv.key);
    if (stat) {
      stat.blocks++;
      if (!stat.differs && stat.value !== kv.value) stat.differs = true;
    } else if (this.keys.size < MAX_KEYS) this.keys.set(kv.key, { blocks: 1, value: kv.value, differs: false, first: n });
    return true;
  }

  /** Whether what was read is records at all (see keysMakeRecords); BestStructure asks before it lets them speak. */
  fits(): boolean {
    return keysMakeRecords(new Map([...this.keys].map(([key, s]) => [key, s.blocks])), this.keyLines);
  }

  private open(stream: StreamName, n: number, key: string | null): Block {
    const block: Block = { stream, start: n, identity: n, identityKey: key, lines: new Map() };
    this.blocks++;
    this.current = block;
    this.kept.push(block);
    return block;
  }

  finish(nextRef: () => string): StructureParts {
    const out: StructureParts = { summary: [], citations: [], fields: {}, omitted: [] };
    if (this.blocks === 0) return out;
    const keys = [...this.keys.entries()];
    // Keys found in most blocks describe the records; rare ones are extras of a few.
    const common = keys.filter(([, s]) => s.blocks * 2 >= this.blocks || this.blocks <= 2).map(([k]) => k);
    const differing = keys.filter(([, s]) => s.differs).map(([k]) => k);
    const constant = keys.filter(([, s]) => !s.differs && s.blocks === this.blocks && this.blocks > 1).map(([k]) => k);
    out.fields.records = this.blocks;
    out.fields.keys = clipList(common, 24);
    if (this.blocks > 1) out.fields.differing = clipList(differing, 24);

    const identityRefs: string[] = [];
    const blocks = this.kept.items;
    blocks.forEach((block, i) => {
      const ref = nextRef();
      if (identityRefs.length < 6) identityRefs.push(ref);
      const label = block.identityKey ? `record ${i < FIRST_BLOCKS ? i + 1 : this.blocks - (blocks.length - 1 - i)}: ${block.identityKey}` : 'record start';
      out.citations.push({ ref, stream: block.stream, from: block.identity, to: block.identity, label, kind: 'record identity', priority: i < 8 || i >= blocks.length - 2 ? 'high' : 'normal' });
    });
    if (this.kept.dropped) out.omitted.push({ what: 'records in the middle whose identity line is not cited', count: this.kept.dropped });

    // The fields that differ, shown for the first few blocks: what tells the records apart.
    const differ = new Set(differing.filter((k) => !IDENTITY.test(k)).slice(0, 8));
    if (this.blocks > 1 && differ.size) {
      for (const block of blocks.slice(0, DETAIL_BLOCKS)) {
        for (const [key, n] of block.lines) {
          if (!differ.has(key) || n === block.identity) continue;
          out.citations.push({ ref: nextRef(), stream: block.stream, from: n, to: n, label: `differs: ${key}`, kind: 'record field', priority: 'low' });
        }
      }
    }

    out.summary.push({ text: `${plural(this.blocks, 'record')} of \`key: value\` lines; keys: ${clipList(common, 12).join(', ')}`, cites: identityRefs, fields: ['records', 'keys'], priority: 'high' });
    if (this.blocks > 1) {
      const same = constant.length ? `; the same in all: ${clipList(constant, 6).join(', ')}` : '';
      out.summary.push({ text: `differ between records: ${differing.length ? clipList(differing, 12).join(', ') : 'none'}${same}`, fields: ['differing'] });
    }
    if (this.keys.size >= MAX_KEYS) out.omitted.push({ what: `keys past the first ${count(MAX_KEYS)} (not tracked)`, count: 1 });
    return out;
  }
}

function clipList(items: readonly string[], max: number): string[] {
  return items.length > max ? [...items.slice(0, max), `… ${items.length - max} more`] : [...items];
}
