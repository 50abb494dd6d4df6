/**
 * The skeleton of an indented text read as an answer: a disassembly (`0000000000001a70 <checksum>:`
 * over its instructions), a class dump (`  public double hitRate();` over its bytecode), a profile
 * with call graphs (`    20.15%  prof  [.] sha256.block` over its callers), a module's help
 * (`FUNCTIONS`, `    mean(data)` over its text). A line that opens a block is one followed at once by
 * a more indented line; those lines, when they are few beside the lines they open, are the text's
 * outline, cited as an index with their line numbers. State is bounded: the previous line and at
 * most MAX_ENTRIES entries.
 */
import { count, plural } from '../../core/format.js';
import type { LineCitation, StreamName } from '../../core/types.js';

/** Entries remembered; later ones are counted. */
const MAX_ENTRIES = 2000;
/** Fewer block openings than this are no outline (a stack trace, a heading and its list). */
const MIN_ENTRIES = 4;
/** Fewer non-blank lines than this are shown whole, or near enough. */
const MIN_LINES = 60;
/** An outline is a skeleton: its top levels open at most this share of the non-blank lines. */
const MAX_SHARE = 0.3;
/** Share of the outline's entries that must differ from one another. */
const MIN_DISTINCT = 0.5;
/** Past this many bytes of entries, the deepest levels give way (the shallowest always stays). */
const OUTLINE_BYTES = 4000;
/** Bytes an index entry takes beyond its text: the line number, the bar, the newline. */
const ENTRY_OVERHEAD = 10;
/** A heading names something: a bare `#`, `|` or `{` opens a block but says nothing about it. */
const WORDY = /[A-Za-z]{2}/;
/** Entries are cut at this many characters when shown (the packer's own limit). */
const ENTRY_CHARS = 120;

interface Entry {
  n: number;
  indent: number;
  /** The line, cut where an index entry is cut. */
  text: string;
  wordy: boolean;
  /** The column where the line's first word ends. */
  wordEnd: number;
}

function indentOf(text: string): number {
  let columns = 0;
  for (const ch of text) {
    if (ch === ' ') columns++;
    else if (ch === '\t') columns += 8 - (columns % 8);
    else break;
  }
  return columns;
}

export class IndentOutline {
  private stream: StreamName | null = null;
  private previous: Entry | null = null;
  private entries: Entry[] = [];
  private uncounted = 0;
  private nonBlank = 0;

  line(stream: StreamName, n: number, text: string): void {
    if (this.stream === null) this.stream = stream;
    if (stream !== this.stream) return;
    if (text.trim() === '') {
      // A heading is followed at once by its block: a blank line in between opens nothing.
      this.previous = null;
      return;
    }
    this.nonBlank++;
    const indent = indentOf(text);
    const previous = this.previous;
    const wordEnd = indent + text.trimStart().search(/\s|$/);
    // Right-aligned columns (`     10/1` under `   ncalls`) shift the indent, not the nesting: their first words end together.
    if (previous && indent > previous.indent && previous.wordy && wordEnd !== previous.wordEnd) {
      if (this.entries.length < MAX_ENTRIES) this.entries.push(previous);
      else this.uncounted++;
    }
    this.previous = { n, indent, wordEnd, text: text.slice(0, ENTRY_CHARS), wordy: WORDY.test(text) };
  }

  /** The outline as an index citation, or null when the text has none (too few openings, or too many to be a skeleton). */
  finish(nextRef: () => string): LineCitation | null {
    const total = this.entries.length + this.uncounted;
    if (this.stream === null || this.nonBlank < MIN_LINES || total < MIN_ENTRIES) return null;
    const kept = shallowest(this.entries);
    if (kept.length > this.nonBlank * MAX_SHARE) return null;
    // Blocks that all open alike (`  + resource "terraform_data" "worker" {` seventeen times) name nothing.
    if (new Set(kept.map((e) => e.text)).size < kept.length * MIN_DISTINCT) return null;
    return {
      ref: nextRef(),
      stream: this.stream,
      from: 1,
      to: Math.max(...this.entries.map((e) => e.n)),
      label: kept.length < total ? `outline, ${count(kept.length)} of ${plural(total, 'block')}` : `outline, ${plural(total, 'block')}`,
      kind: 'outline',
      priority: 'high',
      layout: 'index',
      focus: kept.map((e) => e.n),
    };
  }
}

/**
 * The top two levels of the outline (the blocks and their members), fewer when they pass
 * OUTLINE_BYTES: deeper levels go first; the shallowest always stays.
 */
function shallowest(entries: readonly Entry[]): Entry[] {
  const levels = [...new Set(entries.map((e) => e.indent))].sort((a, b) => a - b).slice(0, 2);
  let kept = entries.filter((e) => e.indent <= levels[levels.length - 1]!);
  const size = () => kept.reduce((a, e) => a + e.text.length + ENTRY_OVERHEAD, 0);
  for (const level of levels.slice().reverse()) {
    if (size() <= OUTLINE_BYTES || level === levels[0]) break;
    kept = kept.filter((e) => e.indent < level);
  }
  return kept;
}
