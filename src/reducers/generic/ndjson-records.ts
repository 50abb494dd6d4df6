import type { Bullet, CitationDraft, Omission } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { STATUS_KEY, STRONG_BAD } from './json-collections.js';
import { isPlainObject } from './json-render.js';
import { EdgeSample } from './edge-sample.js';
import { errorKey } from './templates.js';

/**
 * NDJSON read record by record, with bounded state: the keys records carry, value counts of their
 * status-like fields (`Action`, `level`, `status`), and the records whose status reads like a
 * failure (`"Action":"fail"`, `"level":"error"`, `"status":"FAILED"`), cited by line.
 */

const MAX_KEYS = 64;
const MAX_STATUS_PATHS = 16;
const MAX_DISTINCT_VALUES = 24;
/** Distinct flagged records cited: the first ones and a sliding window of the last ones. */
const FLAGGED_FIRST = 12;
const FLAGGED_LAST = 12;
/** Event streams name their status `Action` (`go test -json`): status-like here, though not in documents. */
const ACTION_KEY = /^action$/i;
/** Numeric log levels (pino, bunyan) at error and above. */
const ERROR_LEVEL = 50;

interface FlaggedRecord {
  n: number;
  why: string;
  repeats: number;
}

export class NdjsonRecords {
  records = 0;
  flaggedTotal = 0;
  private readonly keys = new Map<string, number>();
  private readonly histograms = new Map<string, Map<string, number>>();
  /** Distinct flagged records: the first ones and the last ones are cited, the middle counted. */
  private readonly flagged = new EdgeSample<FlaggedRecord>(FLAGGED_FIRST, FLAGGED_LAST);
  private readonly byKey = new Map<string, FlaggedRecord>();

  /**
   * One stdout line; returns whether it was a JSON object record. Lines come capped at
   * MAX_LINE_CHARS with a `…[+N bytes]` note, so a longer record does not end in `}` and is not one.
   */
  line(n: number, text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return false;
    this.records++;
    let record: unknown;
    try {
      record = JSON.parse(trimmed);
    } catch {
      return true;
    }
    if (!isPlainObject(record)) return true;
    for (const key of Object.keys(record)) if (this.keys.has(key) || this.keys.size < MAX_KEYS) this.keys.set(key, (this.keys.get(key) ?? 0) + 1);
    const bad: string[] = [];
    this.visit(record, '', 0, bad);
    if (bad.length) this.flag(n, trimmed, bad);
    return true;
  }

  /** Status-like values at the top level and one level down (`{"log":{"level":"error"}}`). */
  private visit(object: Record<string, unknown>, prefix: string, depth: number, bad: string[]): void {
    for (const [key, value] of Object.entries(object)) {
      if (isPlainObject(value)) {
        if (depth === 0) this.visit(value, `${key}.`, depth + 1, bad);
        continue;
      }
      if (!STATUS_KEY.test(key) && !ACTION_KEY.test(key)) continue;
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const shown = String(value);
      if (shown.length > 40) continue;
      this.count(prefix + key, shown);
      const failing = typeof value === 'string' ? STRONG_BAD.test(value) : /^(?:level|severity)$/i.test(key) && value >= ERROR_LEVEL;
      if (failing) bad.push(`${prefix}${key}=${shown}`);
    }
  }

  private count(path: string, value: string): void {
    let values = this.histograms.get(path);
    if (!values) {
      if (this.histograms.size >= MAX_STATUS_PATHS) return;
      this.histograms.set(path, (values = new Map()));
    }
    if (values.has(value) || values.size < MAX_DISTINCT_VALUES) values.set(value, (values.get(value) ?? 0) + 1);
  }

  private flag(n: number, text: string, bad: string[]): void {
    this.flaggedTotal++;
    const key = errorKey(text);
    const seen = this.byKey.get(key);
    if (seen) {
      seen.repeats++;
      return;
    }
    const record: FlaggedRecord = { n, why: bad.slice(0, 3).join(', '), repeats: 0 };
    this.flagged.push(record);
    if (this.byKey.size < 20_000) this.byKey.set(key, record);
  }

  /** Bullets, fields and line citations for the records; `nextRef` numbers the citations. */
  finish(nextRef: () => string): { summary: Bullet[]; fields: Record<string, number | Record<string, Record<string, number>>>; citations: CitationDraft[]; omitted: Omission[] } {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const omitted: Omission[] = [];
    const keys = [...this.keys.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);
    const shownKeys = keys.slice(0, 8).join(', ') + (keys.length > 8 ? `, … (${keys.length} keys)` : '');
    summary.push({ text: `NDJSON: ${plural(this.records, 'record')}; keys ${shownKeys}`, fields: ['records'] });

    const histograms: Record<string, Record<string, number>> = {};
    const described: string[] = [];
    for (const [path, values] of this.histograms) {
      if (values.size < 2 && ![...values.keys()].some((v) => STRONG_BAD.test(v))) continue;
      const sorted = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      histograms[path] = Object.fromEntries(sorted);
      described.push(`${path}: ${sorted.slice(0, 6).map(([v, c]) => `${v} ${count(c)}`).join(', ')}${sorted.length > 6 ? ', …' : ''}`);
    }

    const refs: string[] = [];
    this.flagged.items.forEach((record, i) => {
      const ref = nextRef();
      refs.push(ref);
      const again = record.repeats > 0 ? `, same record ${count(record.repeats)} more times` : '';
      citations.push({ ref, stream: 'stdout', from: record.n, to: record.n, label: `flagged: ${record.why}${again}`, kind: 'flagged record', priority: i < 8 ? 'high' : 'normal' });
    });
    if (this.flaggedTotal > 0) summary.push({ text: `${plural(this.flaggedTotal, 'record')} flagged by a failing status`, cites: refs.slice(0, 4), fields: ['flaggedRecords'] });
    if (described.length) summary.push({ text: described.slice(0, 3).join('; '), fields: ['histograms'] });
    if (this.flagged.dropped) omitted.push({ what: 'distinct flagged records in the middle not cited', count: this.flagged.dropped });

    const fields: Record<string, number | Record<string, Record<string, number>>> = { records: this.records };
    if (this.flaggedTotal > 0) fields.flaggedRecords = this.flaggedTotal;
    if (Object.keys(histograms).length) fields.histograms = histograms;
    return { summary, fields, citations, omitted };
  }
}
