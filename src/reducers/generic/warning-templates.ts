import type { Bullet, LineCitation, Omission, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { isOutcomeLine } from './classify.js';
import { templateOf } from './templates.js';
import { scannedNoticeOf } from '../../core/line-facts.js';

/**
 * Distinct warnings of a run, each counted once under its template (numbers, ids, paths and
 * quoted values masked): the deprecations, peer-dependency overrides, skipped install scripts
 * and ignored tests that explain the next failure. A successful run lists them before noise.
 */

/** What a tool says when it went on but left something out or changed it, beyond the word "warning". */
export const NOTICE = /\b(?:skipp(?:ed|ing)|ignor(?:ed|ing)|held back|kept back|not (?:run|built|installed)|overrid(?:e|es|ing|den)|deprecat(?:ed|ion)|xfail(?:ed)?|obsolete|superseded|retrying|unmet)\b/i;
/** A count of zero says nothing happened: `0 skipped`, `skipped: 0`, TAP's `# skipped 0`. */
const ZERO = /\b0\s+(?:skipped|ignored|deprecat\w*)\b|\b(?:skipped|ignored)\s*[=:]?\s*0\b/i;
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
  /** Last line of its first block: a warning printed over several lines (`npm warn` objects, notes under a header). */
  to: number;
  /** Characters of the first line, as an excerpt shows it (with its log prefix). */
  length: number;
  /**
   * A line further below that names what the first block is about (a skipped subtest's `--- SKIP:`
   * verdict, printed after its siblings' lines): cited with it as a line of its own, not as a range.
   */
  also?: { n: number; length: number };
}

/**
 * Whether a line that no error word marked reports a warning: a severity word or a notice of something left out.
 * `line`: the whole line `body` was cut from, when the injection scan's literal pass may have read it (core/line-facts.ts).
 */
export function isWarningLine(body: string, classifiedWarning: boolean, line?: string): boolean {
  if (classifiedWarning) return true;
  if (line !== undefined && scannedNoticeOf(line) === false) return false;
  // Removing paths only takes words away (whole tokens become spaces), so a body without a notice word
  // has none without its paths either: most lines stop here, before the replace.
  if (!NOTICE.test(body)) return false;
  // A notice word inside a path (`_pytest/skipping.py`, `deprecated/index.js`) is no notice.
  const words = body.includes('/') || body.includes('\\') ? body.replace(/\S*[\\/]\S*/g, ' ') : body;
  if (!NOTICE.test(words) || ZERO.test(words)) return false;
  // Totals (`3 passed, 2 skipped`) are outcomes, cited as such.
  return !isOutcomeLine(body);
}

/**
 * Whether a warning line says so in its first words (`WARNING: …`, `npm warn deprecated …`, `test_x SKIPPED`,
 * `level=warn`) rather than mentions a notice word in its prose (`such items are simply skipped.`, `a subclass
 * that overrides the default`): in a document or a help page read as an answer, only the first kind is a warning.
 */
export function noticeLeads(body: string): boolean {
  const head = leadingWords(body);
  return NOTICE.test(head) || LEADING_WARNING.test(head) || LEVEL_WARN.test(body);
}

/**
 * A line that leads with a warning level (and may mention an error further on: pip's `WARNING: Retrying (…) after
 * connection broken by 'NewConnectionError(…)'`): a warning of the run, counted among its warnings even when the
 * error word makes it an error mention for the error windows.
 */
export const LEADING_WARNING_LEVEL = /^\s*(?:\[(?:WARN|WARNING|warn|warning)\]|WARN(?:ING)?[:\s]|[Ww]arning:|warn:|npm warn )/;

/**
 * Whether a line leads with its own warning level and kind (`WARNING: Retrying …`, `npm warn deprecated x`): a
 * warning of its own, not a detail line of the warning above it (`npm warn While resolving: …`).
 */
function namesOwnKind(body: string): boolean {
  const level = LEADING_WARNING_LEVEL.exec(body);
  return level !== null && NOTICE.test(leadingWords(body.slice(level[0].length)));
}

/** The first LEADING_WORDS words of `text`, one space between them. */
function leadingWords(text: string): string {
  return text.trim().split(/\s+/, LEADING_WORDS).join(' ');
}

/** Words of a line's start a warning must show itself in (see noticeLeads). */
const LEADING_WORDS = 3;
const LEADING_WARNING = /\bwarn(?:ings?)?\b|\w+Warning\b|\bdeprecat|\bnotice\b/i;
const LEVEL_WARN = /\blevel[=:]\s*"?warn|"level":\s*40\b/i;

/** A diagnostic that leads with its file and line: `path:12:` or `path(12):`, then its kind. */
const LOCATED = /^\s*[\w./\\@-]+(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\)):\s*\w/;

/** Lines a multi-line warning's first block may span. */
const MAX_BLOCK_LINES = 10;

export class WarningTemplates {
  private readonly byKey = new Map<string, WarningTemplate>();
  /** Templates first met as the continuation of a block: later met again, they are part of a repeat of it. */
  private readonly continuations = new Set<string>();
  /** The block the last warning line belongs to; `growing` while it is its template's first block. */
  private block: { entry: WarningTemplate; stream: StreamName; last: number; growing: boolean } | null = null;
  /** Warning lines seen, all templates. */
  lines = 0;
  /** Warning lines whose template came after the first MAX_TEMPLATES. */
  uncounted = 0;

  /**
   * Counts `body` (the line without its log prefix) as a warning of `stream` at line `n`; `to` ends
   * its first block when the lines below it belong to it (a skipped test's reason, then its verdict line);
   * `also` is such a line further below, with other lines between (see {@link WarningTemplate.also}).
   */
  add(stream: StreamName, n: number, body: string, length = body.length, to = n, also?: { n: number; length: number }): void {
    this.lines++;
    const template = templateOf(body.trim());
    const key = `${stream}\u0000${template}`;
    const seen = this.byKey.get(key);
    // A warning printed over adjacent lines (a header, then its details) is one warning: the
    // details of its first block are cited with it, those of its repeats are counted with it.
    const block = this.block;
    // A warning that names its own place (`app.py:7: UserWarning: …`, `a.c:3:5: warning: …`), or its own level and
    // kind (pip's `WARNING: Retrying …` under `WARNING: Location … is ignored`), opens a warning of its own.
    if (block && block.stream === stream && n === block.last + 1 && !seen && !LOCATED.test(body) && !namesOwnKind(body)) {
      if (this.continuations.has(key)) {
        block.last = n;
        return;
      }
      if (block.growing && n - block.entry.first < MAX_BLOCK_LINES && this.continuations.size < MAX_TEMPLATES) {
        this.continuations.add(key);
        block.entry.to = n;
        block.entry.length += length + 8;
        block.last = n;
        return;
      }
    }
    if (seen) {
      seen.count++;
      seen.last = n;
      this.block = { entry: seen, stream, last: n, growing: false };
      return;
    }
    if (this.byKey.size >= MAX_TEMPLATES) {
      this.uncounted++;
      this.block = null;
      return;
    }
    const entry: WarningTemplate = { stream, template, count: 1, first: n, last: n, to: Math.max(n, to), length, ...(also && also.n > Math.max(n, to) ? { also } : {}) };
    this.byKey.set(key, entry);
    this.block = { entry, stream, last: entry.to, growing: true };
  }

  /** The distinct templates in order of first appearance (stdout before stderr). */
  distinct(): WarningTemplate[] {
    return [...this.byKey.values()].sort((a, b) => (a.stream === b.stream ? a.first - b.first : a.stream === 'stdout' ? -1 : 1));
  }
}

/** Distinct warning templates cited; the first ones rank with the outcome on success. */
const WARNINGS_HIGH = 6;
const WARNINGS_CITED = 16;
/** Bytes a cited warning is assumed to take beyond its text: the citation header and the line number. */
const CITATION_OVERHEAD = 64;

/** The warnings of a run as packet parts, and the room the ones that must be shown ask for. */
export interface WarningParts {
  citations: LineCitation[];
  /** One bullet naming the distinct warnings and their lines, when there are any. */
  summary: Bullet[];
  omitted: Omission[];
  /** Bytes the high-priority warnings take: on success the budget grows by this much (capped, see budget.ts). */
  bytes: number;
}

/**
 * The one way every verdict reducer (install, build, test, lint) shows warnings: each distinct
 * template cited once at its first line, with its count and last line, in order of first
 * appearance. On success the first few rank with the outcome (`high`): they explain the next
 * failure; on failure they rank below the errors.
 */
export function warningParts(warnings: WarningTemplates, nextRef: () => string, succeeded: boolean): WarningParts {
  const out: WarningParts = { citations: [], summary: [], omitted: [], bytes: 0 };
  const distinct = warnings.distinct();
  distinct.slice(0, WARNINGS_CITED).forEach((w, i) => {
    const label = w.count > 1 ? `warning ×${count(w.count)}, last at line ${count(w.last)}` : 'warning';
    const priority = i < WARNINGS_HIGH ? (succeeded ? 'high' : 'normal') : 'low';
    out.citations.push({ ref: nextRef(), stream: w.stream, from: w.first, to: w.to, label, kind: 'warning', priority });
    if (priority === 'high') out.bytes += Math.min(w.length, 1200) + label.length + CITATION_OVERHEAD;
    if (w.also) {
      out.citations.push({ ref: nextRef(), stream: w.stream, from: w.also.n, to: w.also.n, label: 'its verdict', kind: 'warning', priority });
      if (priority === 'high') out.bytes += Math.min(w.also.length, 300) + CITATION_OVERHEAD;
    }
  });
  if (distinct.length > WARNINGS_CITED) out.omitted.push({ what: 'distinct warnings not cited', count: distinct.length - WARNINGS_CITED });
  if (warnings.uncounted > 0) out.omitted.push({ what: 'warning lines past the distinct-template limit', count: warnings.uncounted });
  if (succeeded && distinct.length > 1) {
    out.summary.push({ text: `${plural(distinct.length, 'distinct warning')} in ${plural(warnings.lines, 'line')}`, cites: out.citations.slice(0, 4).map((c) => c.ref), priority: 'normal' });
    out.bytes += 60;
  }
  return out;
}
