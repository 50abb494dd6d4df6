/**
 * Rows of text with no header that still have columns: `openssl ciphers -v`, `git tag -n`, a
 * `--format` of a tool that prints fields separated by spaces. When nearly every line has the same
 * number of whitespace-separated words, a column with only a few different values groups the rows
 * (a protocol, a status, a kind): the first row of each group that does not open the output stands
 * out, and is cited. State is bounded: a column stops counting past MAX_VALUES values.
 */
import type { LineCitation, StreamName } from '../../core/types.js';

/** A column with more different values than this is not a grouping column (names, numbers, hashes). */
const MAX_VALUES = 8;
/** Fewer rows than this are read whole anyway. */
const MIN_ROWS = 20;
/** Share of the non-blank lines that must have the common word count. */
const MIN_SHARE = 0.9;
const MIN_WORDS = 3;
const MAX_WORDS = 24;
/** Group openings cited at most, over all columns. */
const MAX_CITED = 8;
/** Openings among the first rows are shown with them: not cited on their own. */
const SKIP_FIRST = 10;

interface Column {
  /** First line of each value, in order of appearance; null once the column has too many values. */
  first: Map<string, number> | null;
}

export class ColumnGroups {
  private stream: StreamName | null = null;
  private rows = 0;
  private lines = 0;
  /** The word count of the first line that could be a row, and its columns: rows are the lines with that count. */
  private words = 0;
  private columns: Column[] = [];

  line(stream: StreamName, n: number, text: string): void {
    if (this.stream === null) this.stream = stream;
    if (stream !== this.stream || text.trim() === '') return;
    this.lines++;
    const cells = text.trim().split(/\s+/);
    if (this.words === 0 && cells.length >= MIN_WORDS && cells.length <= MAX_WORDS) {
      this.words = cells.length;
      this.columns = cells.map(() => ({ first: new Map() }));
    }
    if (cells.length !== this.words) return;
    this.rows++;
    cells.forEach((cell, i) => {
      const column = this.columns[i]!;
      if (!column.first || column.first.has(cell)) return;
      if (column.first.size >= MAX_VALUES) column.first = null;
      else column.first.set(cell, n);
    });
  }

  /** The first row of each group past the first one, in each grouping column; none when the text has no columns. */
  finish(nextRef: () => string): LineCitation[] {
    if (this.stream === null || this.rows < MIN_ROWS || this.rows < this.lines * MIN_SHARE) return [];
    const openings = new Map<number, string[]>();
    // The first column names the row (a key); the others group it.
    this.columns.slice(1).forEach((column) => {
      if (!column.first || column.first.size < 2) return;
      const values = [...column.first.entries()];
      for (const [value, n] of values.slice(1)) openings.set(n, [...(openings.get(n) ?? []), value]);
    });
    const stream = this.stream;
    return [...openings.entries()]
      .filter(([n]) => n > SKIP_FIRST)
      .sort((a, b) => a[0] - b[0])
      .slice(0, MAX_CITED)
      .map(([n, values]) => ({ ref: nextRef(), stream, from: n, to: n, label: `first ${values.map((v) => JSON.stringify(v)).join(', ')}`, kind: 'group opening', priority: 'normal' }));
  }
}
