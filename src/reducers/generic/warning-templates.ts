import type { StreamName } from '../../core/types.js';
import { isOutcomeLine } from './classify.js';
import { templateOf } from './templates.js';

/**
 * Distinct warnings of a run, each counted once under its template (numbers, ids, paths and
 * quoted values masked): the deprecations, peer-dependency overrides, skipped install scripts
 * and ignored tests that explain the next failure. A successful run lists them before noise.
 */

/** What a tool says when it went on but left something out or changed it, beyond the word "warning". */
const NOTICE = /\b(?:skipp(?:ed|ing)|ignor(?:ed|ing)|held back|kept back|not (?:run|built|installed)|overrid(?:e|es|ing|den)|deprecat(?:ed|ion)|xfail(?:ed)?|obsolete|superseded|retrying|unmet)\b/i;
/** A count of zero says nothing happened: `0 skipped`, `skipped: 0`. */
const ZERO = /\b0\s+(?:skipped|ignored|deprecat\w*)\b|\b(?:skipped|ignored)\s*[=:]\s*0\b/i;
/** Distinct templates remembered; later new ones are only counted. */
const MAX_TEMPLATES = 500;

export interface WarningTemplate {
  stream: StreamName;
  template: string;
  /** Lines with this template. */
  count: number;
  /** First and last line with it. */
  first: number;
  last: number;
}

/** Whether a line that no error word marked reports a warning: a severity word or a notice of something left out. */
export function isWarningLine(body: string, classifiedWarning: boolean): boolean {
  if (classifiedWarning) return true;
  if (!NOTICE.test(body) || ZERO.test(body)) return false;
  // Totals (`3 passed, 2 skipped`) are outcomes, cited as such.
  return !isOutcomeLine(body);
}

export class WarningTemplates {
  private readonly byKey = new Map<string, WarningTemplate>();
  /** Warning lines seen, all templates. */
  lines = 0;
  /** Warning lines whose template came after the first MAX_TEMPLATES. */
  uncounted = 0;

  /** Counts `body` (the line without its log prefix) as a warning of `stream` at line `n`. */
  add(stream: StreamName, n: number, body: string): void {
    this.lines++;
    const template = templateOf(body.trim());
    const key = `${stream}\u0000${template}`;
    const seen = this.byKey.get(key);
    if (seen) {
      seen.count++;
      seen.last = n;
      return;
    }
    if (this.byKey.size >= MAX_TEMPLATES) {
      this.uncounted++;
      return;
    }
    this.byKey.set(key, { stream, template, count: 1, first: n, last: n });
  }

  /** The distinct templates in order of first appearance (stdout before stderr). */
  distinct(): WarningTemplate[] {
    return [...this.byKey.values()].sort((a, b) => (a.stream === b.stream ? a.first - b.first : a.stream === 'stdout' ? -1 : 1));
  }
}
