/**
 * Tables of any tool, read as they stream: psql and mysql boxes, column-aligned tables
 * (`NAME   STATUS   AGE`, `Package  Version` over a dashed rule), CSV/TSV, and, when asked for,
 * headerless grids (`nm`, `openssl ciphers -v`, `--no-headers` listings). For each table it keeps
 * the header, the row count, per-column value counts while a column stays low-cardinality, and a
 * few line numbers per value, so that the rows whose status-like cell differs from the majority
 * can be cited at the end. State is bounded: past MAX_DISTINCT values a column stops counting.
 */
import type { FieldValue, Priority, StreamName } from '../../core/types.js';
import type { StructureParts } from './structured-run.js';
import { count, plural } from '../../core/format.js';
import { EdgeSample } from './edge-sample.js';

export type TableKind = 'psql' | 'mysql' | 'box' | 'aligned' | 'csv' | 'tsv' | 'columns';

/** A column stops counting its values past this many distinct ones (it is not status-like). */
const MAX_DISTINCT = 16;
/** Line numbers remembered per value: the first few, so minority rows can be cited. */
const LINES_PER_VALUE = 3;
const FIRST_ROWS = 3;
const LAST_ROWS = 3;
/** Tables described in full; later ones are only counted. */
const MAX_TABLES = 4;
/** Minority rows cited per table. */
const MAX_MINORITY_CITED = 24;
/** First rows of the smaller groups of grouping columns cited per table. */
const MAX_GROUP_FIRSTS = 12;
const MAX_COLUMNS = 40;
/** Rows with the largest values kept per numeric column, and the numeric columns whose largest rows are cited. */
const TOP_ROWS = 3;
const TOP_COLUMNS = 2;
/** Numeric columns that number or name rows rather than measure them: their largest value says nothing. */
const ID_NAME = /^(?:#|n|no|nr|num|number|id|\w*_id|pid|ppid|pgid|sid|tid|uid|gid|port|index|idx|line|row|rank|seq|version)$/i;
/** Header names that say a column holds a status. */
const STATUS_NAME = /^(?:status|stat|state|phase|result|health|healthy|ready|conclusion|outcome|level|severity|condition|active|sub|load|reason|verdict|exit|code)$/i;
/** Values that read as a status even under another header. */
const STATUS_VALUE = /^(?:ok|okay|fail(?:ed|ure)?|error|errored|pass(?:ed)?|success(?:ful)?|running|pending|stopped|exited.*|up.*|down|active|inactive|failed|dead|healthy|unhealthy|ready|notready|completed|crashloopbackoff|terminating|succeeded|cancelled|canceled|skipped|queued|in_progress|true|false|yes|no|enabled|disabled|paid|shipped|refunded|open|closed|merged|draft)$/i;
const NUMERIC = /^[-+]?[\d,.]+%?$|^\d+(?:\.\d+)?\s*[kKMGTP]i?B?$/;
/** psql's header rule (`----+-----`), mysql's border (`+----+----+`), a dashed rule under aligned columns. */
const PSQL_RULE = /^-+(?:\+-+)*$/;
/** A box border: mysql's `+----+`, or box-drawing lines (`┌───┬───┐`, `├───┼───┤`) of sqlite -box, duckdb and friends. */
const MYSQL_BORDER = /^[+┌├└╔╠╚╭╰](?:[-─═]+[+┬┼┴┐┤┘╦╬╩╗╣╝╮╯])+$/;
const BOX_ROW = /^[|│║].*[|│║]$/;
const DASH_RULE = /^\s*-{2,}(?: +-{2,})+\s*$/;
/** A rule of `=` runs under a header, joined by `-` or a space (dpkg -l's `+++-====-====`, `==== =====`). */
const EQUALS_RULE = /^[+=]{2,}(?:[- ][+=]{2,})+\s*$/;
/** A header names columns: a line holding a date, a commit hash or code is a data row (`git blame`, a log). */
const NOT_A_HEADER = /\d{4}-\d\d-\d\d|\b[0-9a-f]{7,40}\b|[(){};]\s*\S|=>|\)\s/;
/** An upper-case header with two or more gaps of two spaces (`NAME   READY   STATUS`). */
const CAPS_HEADER = /^\s*[A-Z][A-Z0-9_()./%#-]*(?: [A-Z0-9_()./%#-]+)*(?:\s{2,}[A-Z][A-Z0-9_()./%#-]*(?: [A-Z0-9_()./%#-]+)*){2,}\s*$/;
/** psql marks a cell that continues on the next line with a trailing ` +`. */
const WRAPPED = / \+(?:\s*\||\s*$)/;
const PSQL_FOOTER = /^\((\d[\d,]*) rows?\)$/;
const MYSQL_FOOTER = /^(\d+) rows? in set\b|^Empty set\b/;

interface ValueStat {
  count: number;
  lines: number[];
  last: number;
}

interface ColumnStat {
  name: string;
  /** null once the column has more than MAX_DISTINCT values. */
  values: Map<string, ValueStat> | null;
  numeric: boolean;
  empty: number;
  /** While numeric: the rows with the largest values (at most TOP_ROWS), and whether the values so far rise or fall in order. */
  top: Array<{ value: number; n: number }>;
  /** False once a cell reads as a version or an address rather than a quantity. */
  measure: boolean;
  previous: number | null;
  rising: boolean;
  falling: boolean;
}

interface Table {
  kind: TableKind;
  stream: StreamName;
  header: number;
  columns: ColumnStat[];
  rows: number;
  first: number[];
  last: EdgeSample<number>;
  footer: number | null;
  /** Column start offsets, for aligned tables. */
  starts: number[];
  /** A headerless grid's right-aligned number columns, by where their numbers end (see gridNumberEnds). */
  ends: number[];
  /** Header words' extents, for aligned tables read word by word (right-aligned numbers); null otherwise. */
  spans: Span[] | null;
  /** The row count a footer states (`(181 rows)`, `3 rows in set`). */
  stated: number | null;
  /** The last row wrapped its cell (psql ends it with ` +`): the next line continues that row. */
  wrapped: boolean;
}

const JSON_LINE = /^\s*(?:\{.*\}|\[.*\])\s*,?\s*$/;
/** Consecutive lines a headerless grid must span before it is taken for one. */
export const GRID_ROWS = 5;
const GRID_MAX_LINE = 400;

/**
 * The columns of a headerless grid, or null: at least three offsets where a word starts on nine lines
 * in ten, and lines whose every word but a free-text last one begins on such an offset or ends where
 * words end on nine lines in ten (right-aligned numbers). Prose and logs with a fixed prefix fail.
 */
export function gridColumns(lines: readonly string[]): number[] | null {
  const rows = lines.filter((l) => l.trim() !== '');
  if (rows.length < GRID_ROWS || rows.some((l) => l.length > GRID_MAX_LINE)) return null;
  const words = rows.map((l) => [...l.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as const));
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  for (const row of words) {
    for (const [from, to] of row) {
      starts.set(from, (starts.get(from) ?? 0) + 1);
      ends.set(to, (ends.get(to) ?? 0) + 1);
    }
  }
  const need = Math.ceil(rows.length * 0.9);
  const shared = (m: Map<number, number>): Set<number> => new Set([...m].filter(([, c]) => c >= need).map(([at]) => at));
  const sharedStarts = shared(starts);
  const sharedEnds = shared(ends);
  if (!sharedStarts.has(0) || sharedStarts.size < 3) return null;
  const onGrid = words.filter((row) => row.length >= 3 && row.slice(0, -1).every(([from, to]) => sharedStarts.has(from) || sharedEnds.has(to))).length;
  return onGrid >= need ? [...sharedStarts].sort((a, b) => a - b) : null;
}

/**
 * The right-aligned number columns of a headerless grid whose starts are `starts`: offsets where a number
 * ends on nine lines in ten, a number that does not start at a column start (`ls -l`'s and `tar -tv`'s
 * sizes, glued to the owner column by the starts alone). Sorted.
 */
export function gridNumberEnds(lines: readonly string[], starts: readonly number[]): number[] {
  const rows = lines.filter((l) => l.trim() !== '');
  const onStart = new Set(starts);
  const ends = new Map<number, number>();
  for (const row of rows) {
    for (const m of row.matchAll(/\S+/g)) {
      if (onStart.has(m.index) || !NUMERIC.test(m[0])) continue;
      const end = m.index + m[0].length;
      ends.set(end, (ends.get(end) ?? 0) + 1);
    }
  }
  const need = Math.ceil(rows.length * 0.9);
  return [...ends].filter(([end, c]) => c >= need && !onStart.has(end)).map(([end]) => end).sort((a, b) => a - b);
}

/** A grid row's cells: sliced at the column starts, each right-aligned number (ending at one of `ends`) taken out as a cell of its own after its neighbour. */
function gridCells(text: string, starts: readonly number[], ends: readonly number[]): string[] {
  const cells: string[] = [];
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i]!;
    const to = i + 1 < starts.length ? starts[i + 1]! : text.length;
    let cell = text.slice(from, to);
    const numbers: string[] = [];
    for (const end of ends) {
      if (end <= from || end > to) continue;
      // The number ending there, if this row has one: a word whose last character sits at end - 1.
      const local = end - from;
      if (local > cell.length || /\S/.test(cell[local] ?? ' ')) {
        numbers.push('');
        continue;
      }
      const start = cell.slice(0, local).search(/\S+$/);
      if (start <= 0 || !/\s/.test(cell[start - 1]!)) {
        numbers.push('');
        continue;
      }
      numbers.push(cell.slice(start, local));
      cell = cell.slice(0, start) + ' '.repeat(local - start) + cell.slice(local);
    }
    cells.push(cell.trim(), ...numbers);
  }
  return cells;
}

/** Splits one CSV/TSV line (quotes respected; a line break inside quotes is not followed). */
export function splitDelimited(text: string, delimiter: string): string[] {
  if (!text.includes('"')) return text.split(delimiter);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Start offsets of the words of an aligned header, split at runs of two or more spaces. */
function wordStarts(text: string, rule = false): number[] {
  const starts: number[] = [];
  // Header names may hold one space (`Mounted on`); the dashes of a rule never do.
  const re = rule ? /\S+/g : /\S+(?: \S+)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index);
  return starts;
}

/** How many column starts of `starts` fall on the start of a word of `text` (or a blank cell). */
function alignedAt(text: string, starts: readonly number[]): number {
  let hits = 0;
  for (const s of starts) {
    if (s >= text.length) continue;
    if (text[s] !== ' ' && (s === 0 || text[s - 1] === ' ')) hits++;
  }
  return hits;
}

/** Where one header word (or a header name of several words) starts and ends. */
export interface Span {
  from: number;
  to: number;
}

function wordSpans(text: string): Span[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
}

/**
 * Where the cells of `text` under the header words `spans` start and end (null for an empty cell), or
 * null when the line does not line up. A word goes to the column it overlaps most: a right-aligned
 * number ends under its header's end (`ps aux`'s `VSZ  RSS`, `df`'s `Size  Used Avail`), a left-aligned
 * value starts under its header's start. Words from the last column's start on are its free text
 * (`COMMAND`). At most one word may fall in a gap (it goes to the nearest column); columns must come in order.
 */
function spanExtents(text: string, spans: readonly Span[]): Array<Span | null> | null {
  const cells: Array<Span | null> = spans.map(() => null);
  const lastFrom = spans[spans.length - 1]!.from;
  let loose = 0;
  let previous = 0;
  for (const m of text.matchAll(/\S+/g)) {
    const from = m.index;
    const to = from + m[0].length;
    let column = spans.length - 1;
    if (from < lastFrom) {
      let best = 0;
      let nearest = Infinity;
      for (let i = 0; i < spans.length - 1; i++) {
        const span = spans[i]!;
        const overlap = Math.min(to, span.to) - Math.max(from, span.from);
        const distance = overlap > 0 ? 0 : Math.min(Math.abs(from - span.to), Math.abs(span.from - to));
        if (overlap > best || (best === 0 && overlap <= 0 && distance < nearest)) {
          if (overlap > best) best = overlap;
          nearest = distance;
          column = i;
        }
      }
      if (best === 0 && ++loose > 1) return null;
    }
    if (column < previous) return null;
    previous = column;
    const cell = cells[column];
    cells[column] = cell ? { from: cell.from, to } : { from, to };
  }
  return cells;
}

/** The cells of `text` under the header words `spans` (see spanExtents), or null when the line does not line up. */
export function spanCells(text: string, spans: readonly Span[]): string[] | null {
  return spanExtents(text, spans)?.map((c) => (c ? text.slice(c.from, c.to) : '')) ?? null;
}

/**
 * The header's columns read word by word, confirmed by its first row, or null when the row does not
 * line up or the header has no word that a single space separates (its 2-space groups say it all). A
 * header word with no value in that row is part of a neighbour's name: `Mounted on` after a
 * left-aligned value, `Local Address:Port` before a right-aligned one.
 */
function headerSpans(header: string, row: string, groups: number): { spans: Span[]; names: string[] } | null {
  const words = wordSpans(header);
  if (words.length <= groups || words.length < 3 || words.length > MAX_COLUMNS) return null;
  // Where each word's value sits in the row, to tell which neighbour an empty word belongs to.
  const values = spanExtents(row, words);
  if (!values || values.filter((c) => c !== null).length < Math.max(3, Math.ceil(words.length * 0.6))) return null;
  const spans = words.map((w) => ({ ...w }));
  const keep = spans.map(() => true);
  const distance = (a: Span, b: Span | null): number => (b ? Math.max(0, b.from - a.to, a.from - b.to) : Infinity);
  for (let i = 1; i < spans.length; i++) {
    if (values[i] !== null) continue;
    const word = spans[i]!;
    const before = header.slice(spans[i - 1]!.to, word.from) === ' ' ? i - 1 : -1;
    const after = i + 1 < spans.length && values[i + 1] !== null && header.slice(word.to, spans[i + 1]!.from) === ' ' ? i + 1 : -1;
    const dBefore = before < 0 ? Infinity : distance(word, values[before] ?? null);
    const dAfter = after < 0 ? Infinity : distance(word, values[after] ?? null);
    const into = dAfter < dBefore ? after : before;
    if (into < 0) continue;
    const target = spans[into]!;
    target.from = Math.min(target.from, word.from);
    target.to = Math.max(target.to, word.to);
    keep[i] = false;
  }
  const merged = spans.filter((_, i) => keep[i]);
  return { spans: merged, names: merged.map((s) => header.slice(s.from, s.to)) };
}

function sliceAligned(text: string, starts: readonly number[]): string[] {
  return starts.map((s, i) => text.slice(s, i + 1 < starts.length ? starts[i + 1] : undefined).trim());
}

/** The cells of a psql (`a | b`) or mysql (`| a | b |`) row. */
function splitBox(text: string, kind: 'psql' | 'mysql'): string[] {
  if (kind === 'psql') return text.split('|').map((c) => c.trim());
  return text.trim().slice(1, -1).split(/[|│║]/).map((c) => c.trim());
}

export class TableScanner {
  readonly done: Table[] = [];
  /** Tables found past MAX_TABLES. */
  extraTables = 0;
  private current: Table | null = null;
  private prev: { stream: StreamName; n: number; text: string } | null = null;
  /** A CSV/TSV header candidate seen on the first line of a stream. */
  private delimited: { stream: StreamName; n: number; cells: string[]; delimiter: string } | null = null;
  /** An aligned header candidate waiting for the line that confirms it. */
  private aligned: { stream: StreamName; n: number; text: string; starts: number[]; names: string[] } | null = null;
  /** The last consecutive lines outside any table, while a headerless grid is looked for. */
  private gridLines: Array<{ stream: StreamName; n: number; text: string }> = [];

  /** `headerless`: also take consecutive lines that line up in columns for a table (the table reducer does). */
  constructor(
    private readonly hint: TableKind | null = null,
    private readonly headerless = false,
  ) {}

  /** Rows counted in all tables. */
  get rows(): number {
    return this.done.reduce((a, t) => a + t.rows, 0) + (this.current?.rows ?? 0);
  }

  get tables(): number {
    return this.done.length + (this.current ? 1 : 0) + this.extraTables;
  }

  /** Reads one line; true when the line belongs to a table (header, rule, row or footer). */
  line(stream: StreamName, n: number, text: string): boolean {
    const prev = this.prev;
    this.prev = { stream, n, text };
    const table = this.current;
    if (table && table.stream === stream) {
      if (this.continueTable(table, n, text)) return true;
      this.close();
    }
    if (this.open(stream, n, text, prev)) {
      this.gridLines.length = 0;
      return true;
    }
    return this.headerless && this.openGrid(stream, n, text);
  }

  /** Whether `text` completes GRID_ROWS consecutive lines that line up in columns: they start a `columns` table. */
  private openGrid(stream: StreamName, n: number, text: string): boolean {
    const lines = this.gridLines;
    const last = lines[lines.length - 1];
    if (text.trim() === '' || (last && (last.stream !== stream || last.n !== n - 1))) lines.length = 0;
    if (text.trim() === '') return false;
    lines.push({ stream, n, text });
    if (lines.length < GRID_ROWS) return false;
    const starts = gridColumns(lines.map((l) => l.text));
    if (!starts) {
      lines.shift();
      return false;
    }
    const ends = gridNumberEnds(lines.map((l) => l.text), starts);
    const width = gridCells(lines[0]!.text, starts, ends).length;
    const table = this.begin('columns', stream, lines[0]!.n, Array.from({ length: width }, (_, i) => `col${i + 1}`), starts);
    table.ends = ends;
    for (const line of lines) this.row(table, line.n, gridCells(line.text, starts, ends));
    lines.length = 0;
    return true;
  }

  /** Whether `text` continues the open table (a row, a rule or its footer). */
  private continueTable(table: Table, n: number, text: string): boolean {
    if (table.footer !== null) return false;
    switch (table.kind) {
      case 'psql': {
        const footer = PSQL_FOOTER.exec(text);
        if (footer) {
          table.footer = n;
          table.stated = Number(footer[1]!.replace(/,/g, ''));
          return true;
        }
        if (text.trim() === '' || (!text.includes('|') && table.columns.length > 1)) return false;
        // A wrapped cell's next line continues the row: counted once, cited with its row.
        const continued = table.wrapped;
        table.wrapped = WRAPPED.test(text);
        if (!continued) this.row(table, n, splitBox(text, 'psql'));
        return true;
      }
      case 'mysql':
      case 'box': {
        if (MYSQL_BORDER.test(text)) return true;
        const footer = MYSQL_FOOTER.exec(text);
        if (footer) {
          table.footer = n;
          table.stated = footer[1] ? Number(footer[1]) : 0;
          return true;
        }
        if (!BOX_ROW.test(text)) return false;
        this.row(table, n, splitBox(text, 'mysql'));
        return true;
      }
      case 'csv':
      case 'tsv': {
        if (text === '') return false;
        const cells = splitDelimited(text, table.kind === 'csv' ? ',' : '\t');
        if (cells.length !== table.columns.length) return false;
        this.row(table, n, cells);
        return true;
      }
      case 'aligned':
      case 'columns': {
        if (text.trim() === '' || DASH_RULE.test(text)) return text.trim() !== '' && table.kind === 'aligned';
        if (table.spans) {
          const cells = spanCells(text, table.spans);
          if (!cells || cells.filter((c) => c !== '').length < Math.ceil(table.spans.length / 2)) return false;
          this.row(table, n, cells);
          return true;
        }
        // A row starts its first cell where the header does and lines up with most other columns.
        const hits = alignedAt(text, table.starts);
        if (hits < Math.max(1, Math.ceil(table.starts.length / 2))) return false;
        this.row(table, n, table.ends.length ? gridCells(text, table.starts, table.ends) : sliceAligned(text, table.starts));
        return true;
      }
    }
  }

  private open(stream: StreamName, n: number, text: string, prev: { stream: StreamName; n: number; text: string } | null): boolean {
    const samePrev = prev && prev.stream === stream && prev.n === n - 1 ? prev : null;
    // psql: a header line, then a rule with one `+` fewer than the header has `|`.
    if (samePrev && PSQL_RULE.test(text) && (text.includes('+') ? samePrev.text.includes('|') : samePrev.text.trim() !== '') && !samePrev.text.startsWith('+')) {
      const names = splitBox(samePrev.text, 'psql');
      if (names.length === (text.match(/\+/g)?.length ?? 0) + 1) {
        this.begin('psql', stream, samePrev.n, names, []);
        return true;
      }
    }
    // A header over a rule of `=` runs (dpkg -l): each run starts a column, whatever the header's own spacing.
    if (samePrev && EQUALS_RULE.test(text) && text.includes('=') && samePrev.text.trim() !== '') {
      const starts = [...text.matchAll(/[+=]+/g)].map((m) => m.index!);
      const names = sliceAligned(samePrev.text, starts);
      if (names.length >= 2 && names.length <= MAX_COLUMNS && names.every((name) => name !== '')) {
        this.aligned = null;
        this.begin('aligned', stream, samePrev.n, names, starts);
        return true;
      }
    }
    // mysql: a border, then `| a | b |`, then a border.
    if (samePrev && MYSQL_BORDER.test(samePrev.text) && BOX_ROW.test(text)) {
      this.begin(samePrev.text.startsWith('+') ? 'mysql' : 'box', stream, n, splitBox(text, 'mysql'), []);
      return true;
    }
    // Aligned columns: an upper-case header confirmed by the next line, or any header over a dashed rule.
    const waiting = this.aligned;
    this.aligned = null;
    if (waiting && waiting.stream === stream && waiting.n === n - 1) {
      if (DASH_RULE.test(text)) {
        const starts = wordStarts(text, true);
        this.begin('aligned', stream, waiting.n, sliceAligned(prev!.text, starts), starts);
        return true;
      }
      const byWords = headerSpans(waiting.text, text, waiting.starts.length);
      if (byWords) {
        const table = this.begin('aligned', stream, waiting.n, byWords.names, [], byWords.spans);
        this.row(table, n, spanCells(text, byWords.spans)!);
        return true;
      }
      if (alignedAt(text, waiting.starts) >= Math.max(2, Math.ceil(waiting.starts.length * 0.6))) {
        const table = this.begin('aligned', stream, waiting.n, waiting.names, waiting.starts);
        this.row(table, n, sliceAligned(text, waiting.starts));
        return true;
      }
    }
    if (CAPS_HEADER.test(text) || (text.length < 400 && /\S {2,}\S/.test(text) && !text.includes('|') && !text.startsWith(' '))) {
      const starts = wordStarts(text);
      if (starts.length >= 2 && starts.length <= MAX_COLUMNS && (CAPS_HEADER.test(text) || (/^\s*-{2,}/.test(text) === false && !NOT_A_HEADER.test(text)))) {
        this.aligned = { stream, n, text, starts, names: sliceAligned(text, starts) };
      }
    }
    // CSV/TSV: the first line of a stream names two or more columns; the second has as many cells.
    // A JSON object or array per line (`jq -c`, NDJSON) has commas but no columns.
    if (n === 1 && !JSON_LINE.test(text)) {
      const delimiter = this.hint === 'tsv' || text.includes('\t') ? '\t' : ',';
      const cells = text.includes(delimiter) ? splitDelimited(text, delimiter) : [];
      if (cells.length >= 2 && cells.length <= MAX_COLUMNS && cells.every((c) => c.trim() !== '' && !NUMERIC.test(c.trim()))) this.delimited = { stream, n, cells, delimiter };
      return false;
    }
    const header = this.delimited;
    if (header && header.stream === stream && n === 2) {
      this.delimited = null;
      const cells = splitDelimited(text, header.delimiter);
      if (cells.length === header.cells.length && this.done.length === 0) {
        this.aligned = null;
        const table = this.begin(header.delimiter === ',' ? 'csv' : 'tsv', stream, header.n, header.cells.map((c) => c.trim()), []);
        this.row(table, n, cells);
        return true;
      }
    }
    return false;
  }

  private begin(kind: TableKind, stream: StreamName, header: number, names: string[], starts: number[], spans: Span[] | null = null): Table {
    this.close();
    const table: Table = {
      kind,
      stream,
      header,
      columns: names.slice(0, MAX_COLUMNS).map((name) => ({ name, values: new Map(), numeric: true, empty: 0, top: [], measure: true, previous: null, rising: true, falling: true })),
      rows: 0,
      first: [],
      last: new EdgeSample<number>(0, LAST_ROWS),
      footer: null,
      starts,
      ends: [],
      spans,
      stated: null,
      wrapped: false,
    };
    this.current = table;
    return table;
  }

  private row(table: Table, n: number, cells: readonly string[]): void {
    table.rows++;
    if (table.first.length < FIRST_ROWS) table.first.push(n);
    else table.last.push(n);
    const columns = table.columns;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const cell = (cells[i] ?? '').trim();
      if (cell === '') {
        column.empty++;
        continue;
      }
      if (column.numeric && !NUMERIC.test(cell)) column.numeric = false;
      if (column.numeric) noteMagnitude(column, n, cell);
      const values = column.values;
      if (!values) continue;
      const stat = values.get(cell);
      if (stat) {
        stat.count++;
        stat.last = n;
        if (stat.lines.length < LINES_PER_VALUE) stat.lines.push(n);
      } else if (values.size >= MAX_DISTINCT) column.values = null;
      else values.set(cell, { count: 1, lines: [n], last: n });
    }
  }

  /**
   * Ends the open table; a table with no rows is forgotten (a header-like line that was not one), and so is an
   * aligned one with a single row: two lines that space alike (two `psql: NOTICE:  …` messages) are not a table.
   */
  close(): void {
    const table = this.current;
    this.current = null;
    if (!table) return;
    if ((table.rows === 0 || (table.kind === 'aligned' && table.rows === 1)) && table.footer === null) return;
    if (this.done.length < MAX_TABLES) this.done.push(table);
    else this.extraTables++;
  }

  /** The tables as packet parts, most informative first; `nextRef` numbers the citations. */
  finish(nextRef: () => string): StructureParts {
    this.close();
    const out: StructureParts = { summary: [], citations: [], fields: {}, omitted: [] };
    const described: Record<string, FieldValue>[] = [];
    this.done.forEach((table, index) => describeTable(table, index, nextRef, out, described));
    if (described.length) out.fields.tables = described;
    if (this.extraTables) out.omitted.push({ what: `tables past the first ${MAX_TABLES} (only counted)`, count: this.extraTables });
    return out;
  }
}

const UNIT = /([kKMGTP])i?B?$/;
const SCALE: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15 };

/** A numeric cell's value: `1,234`, `12.5%`, `3.4 MiB`, `12K`. */
function magnitude(cell: string): number {
  const unit = UNIT.exec(cell);
  const value = Number.parseFloat(cell.replace(/,/g, ''));
  return unit ? value * SCALE[unit[1]!]! : value;
}

/** Keeps a numeric column's largest rows (bounded) and whether its values run in order. */
function noteMagnitude(column: ColumnStat, n: number, cell: string): void {
  // A version or an address (`1.2.3`, `10.0.0.2`) is numeric text, not a measure.
  if (cell.indexOf('.') !== cell.lastIndexOf('.')) column.measure = false;
  if (!column.measure) return;
  const value = magnitude(cell);
  if (!Number.isFinite(value)) return;
  if (column.previous !== null) {
    if (value < column.previous) column.rising = false;
    if (value > column.previous) column.falling = false;
  }
  column.previous = value;
  const top = column.top;
  if (top.length === TOP_ROWS && value <= top[top.length - 1]!.value) return;
  let at = top.length;
  while (at > 0 && top[at - 1]!.value < value) at--;
  top.splice(at, 0, { value, n });
  if (top.length > TOP_ROWS) top.pop();
}

/**
 * Numeric columns whose largest rows stand out (a size, a time, a count): not one that numbers or
 * names the rows (`PID`, `port`), nor one in order (its largest rows are the first or the last).
 */
function measureColumns(table: Table): ColumnStat[] {
  if (table.rows < 10) return [];
  return table.columns.filter((c) => c.numeric && c.measure && c.top.length === TOP_ROWS && !ID_NAME.test(c.name) && !c.rising && !c.falling && c.top[0]!.value > c.top[TOP_ROWS - 1]!.value).slice(0, TOP_COLUMNS);
}

/** A column is status-like when few values repeat over many rows and they are not numbers. */
function statusColumns(table: Table): ColumnStat[] {
  return table.columns.filter((c) => {
    if (!c.values || c.numeric || c.values.size < 1) return false;
    const limit = Math.max(2, Math.min(12, Math.floor(table.rows / 3)));
    if (c.values.size > limit) return false;
    if (STATUS_NAME.test(c.name)) return true;
    return table.rows >= 4 && [...c.values.keys()].some((v) => STATUS_VALUE.test(v));
  });
}

/**
 * Columns with few distinct values (worth counting) that are not status-like: up to 8 over three rows
 * each, or up to MAX_DISTINCT over ten rows each (the licenses of 200 packages: the rare ones stand out).
 */
function groupColumns(table: Table, status: readonly ColumnStat[]): ColumnStat[] {
  const few = (size: number): boolean => (size <= 8 && size <= table.rows / 3) || size <= table.rows / 10;
  return table.columns.filter((c) => c.values && !c.numeric && !status.includes(c) && table.rows >= 6 && c.values.size >= 2 && few(c.values.size));
}

/** A status value this many times rarer than the most common one stands out even where no value dominates. */
const RARE_SHARE = 20;

function sortedValues(column: ColumnStat): Array<[string, ValueStat]> {
  return [...column.values!.entries()].sort((a, b) => b[1].count - a[1].count || a[1].lines[0]! - b[1].lines[0]!);
}

function describeTable(table: Table, index: number, nextRef: () => string, out: StructureParts, described: Record<string, FieldValue>[]): void {
  const lead = index === 0;
  const names = table.columns.map((c) => c.name);
  const headerEnd = table.first.length ? table.first[table.first.length - 1]! : table.header;
  const headRef = nextRef();
  const headless = table.kind === 'columns';
  const headLabel = headless ? `first ${plural(table.first.length, 'row')}` : `table header and first ${plural(table.first.length, 'row')}`;
  out.citations.push({ ref: headRef, stream: table.stream, from: table.header, to: headerEnd, label: headLabel, kind: 'table rows', priority: lead ? 'high' : 'normal' });
  const lastRows = table.last.items;
  const refs = [headRef];
  if (lastRows.length || table.footer !== null) {
    const from = lastRows[0] ?? table.footer!;
    const ref = nextRef();
    refs.push(ref);
    out.citations.push({ ref, stream: table.stream, from, to: table.footer ?? lastRows[lastRows.length - 1]!, label: table.footer !== null ? 'last rows and the row count' : 'last rows', kind: 'table rows', priority: lead ? 'high' : 'normal' });
  }

  const rows = table.stated ?? table.rows;
  const field: Record<string, FieldValue> = { kind: table.kind, rows, columns: names.length > 12 ? [...names.slice(0, 12), `… ${names.length - 12} more`] : names };
  const status = statusColumns(table);
  const counts: Record<string, FieldValue> = {};
  const countTexts: string[] = [];
  const minority: Array<{ column: ColumnStat; value: string; stat: ValueStat; statusNamed: boolean }> = [];
  for (const column of status) {
    const values = sortedValues(column);
    counts[column.name] = Object.fromEntries(values.map(([v, s]) => [v, s.count]));
    countTexts.push(`${column.name}: ${values.map(([v, s]) => `${v} ${count(s.count)}`).join(', ')}`);
    const majority = values[0]![1].count;
    // Rows that differ from the majority, rarest values first. Where no value dominates (paid, refunded, failed and
    // pending in even shares) only a value rare beside the largest stands out (the one chargeback of 1,515 orders).
    const dominated = majority * 2 >= table.rows - column.empty;
    for (const [value, stat] of values.slice(1)) {
      if (dominated || stat.count * RARE_SHARE <= majority) minority.push({ column, value, stat, statusNamed: STATUS_NAME.test(column.name) });
    }
  }
  // Columns that group the rows: counted, and the first row of each much smaller group cited (it stands out).
  const groupFirsts: Array<{ column: ColumnStat; value: string; n: number }> = [];
  for (const column of groupColumns(table, status).slice(0, 3)) {
    const values = sortedValues(column);
    counts[column.name] = Object.fromEntries(values.map(([v, s]) => [v, s.count]));
    countTexts.push(`${column.name}: ${values.map(([v, s]) => `${v} ${count(s.count)}`).join(', ')}`);
    // Groups of even size (round-robin queues, workers) have no rows that stand out.
    const largest = values[0]![1].count;
    for (const [value, stat] of values.slice(1)) if (stat.count * 2 <= largest) groupFirsts.push({ column, value, n: stat.lines[0]! });
  }
  if (Object.keys(counts).length) field.counts = counts;
  described.push(field);

  minority.sort((a, b) => Number(b.statusNamed) - Number(a.statusNamed) || a.stat.count - b.stat.count || a.stat.lines[0]! - b.stat.lines[0]!);
  const minorityRefs: string[] = [];
  let cited = 0;
  let uncited = 0;
  for (const m of minority) {
    const lines = [...new Set([...m.stat.lines, m.stat.last])];
    for (const [i, n] of lines.entries()) {
      if (cited >= MAX_MINORITY_CITED) {
        uncited += lines.length - i;
        break;
      }
      const ref = nextRef();
      if (minorityRefs.length < 4) minorityRefs.push(ref);
      const priority: Priority = m.statusNamed && cited < 8 ? 'high' : cited < 12 ? 'normal' : 'low';
      out.citations.push({ ref, stream: table.stream, from: n, to: n, label: `row with ${m.column.name} ${m.value}`, kind: 'minority row', priority });
      cited++;
    }
    uncited += Math.max(0, m.stat.count - lines.length);
  }
  if (uncited) out.omitted.push({ what: `rows whose ${status.map((c) => c.name).join('/')} differs from the majority, not cited`, count: uncited });
  const shown = new Set(table.first);
  for (const g of groupFirsts.slice(0, MAX_GROUP_FIRSTS)) {
    if (shown.has(g.n)) continue;
    shown.add(g.n);
    out.citations.push({ ref: nextRef(), stream: table.stream, from: g.n, to: g.n, label: `first row with ${g.column.name} ${g.value}`, kind: 'group row', priority: 'low' });
  }

  // The rows with the largest values of a measure stand out (the biggest file, the slowest import).
  const shownRows = new Set([...table.first, ...table.last.items]);
  const largest: Record<string, FieldValue> = {};
  measureColumns(table).forEach((column, i) => {
    largest[column.name] = column.top[0]!.value;
    for (const { value, n } of column.top) {
      if (shownRows.has(n)) continue;
      shownRows.add(n);
      out.citations.push({ ref: nextRef(), stream: table.stream, from: n, to: n, label: `row with a largest ${column.name} (${value})`, kind: 'largest row', priority: lead && i === 0 ? 'normal' : 'low' });
    }
  });
  if (Object.keys(largest).length) field.largest = largest;

  out.summary.push({ text: `${table.kind} table: ${plural(rows, 'row')} × ${plural(names.length, 'column')} (${headless ? 'no header' : clipNames(names)})`, cites: refs, fields: ['tables'], priority: lead ? 'high' : 'normal' });
  if (countTexts.length) out.summary.push({ text: countTexts.slice(0, 4).join('; '), cites: minorityRefs, fields: ['tables'] });
}

function clipNames(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown}, …` : shown;
}
