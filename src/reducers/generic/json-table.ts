/**
 * An array of objects read as a table: the columns are the scalar keys most items share, one row
 * per item, prefixed by its index so a row can be found again by pointer (`/items/137`). A row is
 * written as JSON in the document's own style (`{"name": "web-3", "state": "up"}`), so what is
 * searched for in the document is found in the row; long cells are cut so a row stays one line.
 */
import type { JsonStyle } from '../../core/types.js';
import { isPlainObject, renderJson } from './json-render.js';
import { IDENTITY_KEY, STATUS_KEY } from './json-collections.js';

const MAX_COLUMNS = 8;
const MAX_CELL = 40;
/** Identity cells (names, paths) are what a row is looked up by: they get more room. */
const MAX_IDENTITY_CELL = 90;
/** A column with at most this many distinct values (over at least MIN_COUNTED items) is counted per value. */
const LOW_CARDINALITY = 6;
const MIN_COUNTED = 10;
/** A key is a column when at least this share of the items have a scalar under it. */
const COLUMN_SHARE = 0.5;
const SAMPLE = 500;
/** A column whose values average more characters than this is prose, not a cell. */
const LONG_TEXT = 60;

export interface JsonTable {
  columns: string[];
  header: string;
  row(item: unknown, index: number): string;
  /** Value counts of low-cardinality columns that are not already status histograms (`dev: true 150, false 99`). */
  counts: Array<[string, Array<[string, number]>]>;
}

/** The table view of a collection, or null when its items are not objects with shared scalar keys. */
export function jsonTable(items: readonly unknown[], style: JsonStyle = 'spaced'): JsonTable | null {
  const sample = items.length <= SAMPLE ? items : [...items.slice(0, SAMPLE / 2), ...items.slice(-SAMPLE / 2)];
  const seen = new Map<string, number>();
  const chars = new Map<string, number>();
  let objects = 0;
  for (const item of sample) {
    if (!isPlainObject(item)) continue;
    objects++;
    for (const [key, value] of Object.entries(item)) {
      if (value !== null && typeof value === 'object') continue;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      chars.set(key, (chars.get(key) ?? 0) + String(value).length);
    }
  }
  if (objects < sample.length * 0.8) return null;
  // Items that carry prose (a comment's body, a log message) read better as identity lines with a preview.
  if ([...chars.entries()].some(([key, n]) => n / seen.get(key)! > LONG_TEXT)) return null;
  const keys = [...seen.entries()].filter(([, n]) => n >= objects * COLUMN_SHARE).map(([k]) => k);
  if (keys.length < 2) return null;
  // Identity and outcome columns first, then the rest in first-seen order, up to the limit.
  const rank = (k: string): number => (IDENTITY_KEY.test(k) ? 0 : STATUS_KEY.test(k) ? 1 : 2);
  const columns = [...keys].sort((a, b) => rank(a) - rank(b) || keys.indexOf(a) - keys.indexOf(b)).slice(0, MAX_COLUMNS);
  const more = keys.length - columns.length;
  return {
    columns,
    header: `columns: ${columns.join(', ')}${more > 0 ? ` (+${more} more)` : ''}`,
    row: (item, index) => `${index} ${renderJson(isPlainObject(item) ? Object.fromEntries(columns.filter((c) => c in item).map((c) => [c, cell(item[c], IDENTITY_KEY.test(c) ? MAX_IDENTITY_CELL : MAX_CELL)])) : item, { style, limit: 400, maxString: MAX_IDENTITY_CELL })}`,
    counts: items.length >= MIN_COUNTED ? columnCounts(items, columns.filter((c) => !STATUS_KEY.test(c))) : [],
  };
}

function columnCounts(items: readonly unknown[], columns: readonly string[]): Array<[string, Array<[string, number]>]> {
  const out: Array<[string, Array<[string, number]>]> = [];
  for (const column of columns) {
    const counts = new Map<string, number>();
    for (const item of items) {
      if (!isPlainObject(item)) continue;
      const value = item[column];
      if (value !== null && typeof value === 'object') continue;
      const key = value === undefined ? '(none)' : String(value);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (counts.size > LOW_CARDINALITY) break;
    }
    if (counts.size >= 2 && counts.size <= LOW_CARDINALITY) out.push([column, [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))]);
  }
  return out;
}

/** A scalar as it is, a long string cut to `max` characters. */
function cell(value: unknown, max: number): unknown {
  if (typeof value !== 'string' || value.length <= max) return value;
  return `${value.slice(0, max - 1)}…`;
}
