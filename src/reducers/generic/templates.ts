import type { StreamName } from '../../core/types.js';

/**
 * Folds lines that differ only in numbers, timestamps, ids, hex, paths and quoted values into
 * one template, so 1,904 near-identical lines become one line with a count.
 */

const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?`;
const UUID = String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`;
const HEX = String.raw`\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b`;
const NUMBER = String.raw`\d+(?:\.\d+)*`;

/** Loose, and cheap: any token that starts with a digit (numbers, times, versions, addresses) and hex ids. */
const LOOSE_TOKENS = /\d[\w.:+-]*|\b(?=[a-f\d]{7,}\b)[a-f]*\d[a-f\d]*\b/gi;
/** Paths and quoted values fold too, but are looked for only on lines that have the characters. */
const LOOSE_PATHS = /(?:\/[\w.@-]+){2,}\/?/g;
const LOOSE_QUOTED = /"[^"]{0,200}"|'[^']{0,200}'/g;
/** Strict: numbers, times and ids only, so errors in different files stay apart. */
const STRICT = new RegExp([TIMESTAMP, UUID, HEX, NUMBER].join('|'), 'gi');

const MAX_TEMPLATE_CHARS = 240;

export function templateOf(text: string): string {
  let key = text.length > MAX_TEMPLATE_CHARS ? text.slice(0, MAX_TEMPLATE_CHARS) : text;
  if (key.includes('"') || key.includes("'")) key = key.replace(LOOSE_QUOTED, '#');
  if (key.includes('/')) key = key.replace(LOOSE_PATHS, '#');
  return key.replace(LOOSE_TOKENS, '#').trim();
}

/** The key under which repeated errors are grouped: the same message at other times or with other numbers. */
export function errorKey(text: string): string {
  const key = text.length > MAX_TEMPLATE_CHARS ? text.slice(0, MAX_TEMPLATE_CHARS) : text;
  return key.replace(STRICT, '#').trim();
}

export interface TemplateStat {
  stream: StreamName;
  template: string;
  count: number;
  first: number;
  last: number;
}

/** Counts templates with bounded memory: past `limit` distinct templates, new ones are counted as `other`. */
export class TemplateCounter {
  readonly stats = new Map<string, TemplateStat>();
  other = 0;

  constructor(private readonly limit = 4000) {}

  add(stream: StreamName, text: string, n: number): TemplateStat | null {
    const template = templateOf(text);
    const key = stream === 'stdout' ? template : `\u0000${template}`;
    const seen = this.stats.get(key);
    if (seen) {
      seen.count++;
      seen.last = n;
      return seen;
    }
    if (this.stats.size >= this.limit) {
      this.other++;
      return null;
    }
    const stat = { stream, template, count: 1, first: n, last: n };
    this.stats.set(key, stat);
    return stat;
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
