import type { StreamName } from '../../core/types.js';
import { STRONG_BAD, WEAK_BAD } from './json-collections.js';
import { firstNonSpace } from './classify.js';

/**
 * Finds rows of column-aligned status tables (`NAME  READY  STATUS  RESTARTS`, `docker ps`,
 * `helm status`) whose STATUS/STATE/PHASE cell reads like a failure or a stop, with bounded state.
 */

/** A header: three or more upper-case columns, one of them a status. */
export const HEADER = /^\s*[A-Z][A-Z0-9_()./-]*(?:\s{2,}[A-Z][A-Z0-9_()./ -]*){2,}\s*$/;
/** Whether the first character past leading space can open a HEADER (a capital): most lines skip the regex, which irregexp tried at length. */
export function mayOpenHeader(text: string): boolean {
  const c = firstNonSpace(text);
  return c >= 65 && c <= 90;
}
const STATUS_COLUMN = /(?:^|\s)(STATUS|STATE|PHASE|ACTIVE|HEALTH|CONDITION)(?=\s|$)/;
const NORMAL_EXIT = /^Exited \(0\)/;
const MAX_ROWS = 40;

export interface FlaggedRow {
  stream: StreamName;
  n: number;
  value: string;
}

export class StatusTableScanner {
  readonly rows: FlaggedRow[] = [];
  flagged = 0;
  private column: { stream: StreamName; start: number; end: number | null } | null = null;

  line(stream: StreamName, n: number, text: string): void {
    if (mayOpenHeader(text) && HEADER.test(text)) {
      const match = STATUS_COLUMN.exec(text);
      if (match) {
        const start = match.index + match[0].length - match[1]!.length;
        const next = /\S/.exec(text.slice(start + match[1]!.length).replace(/^\S*/, ''));
        const rest = text.slice(start + match[1]!.length);
        const gap = /\s{1,}\S/.exec(rest);
        this.column = { stream, start, end: gap && next ? start + match[1]!.length + gap.index + gap[0].length - 1 : null };
        return;
      }
    }
    const column = this.column;
    if (!column || column.stream !== stream) return;
    if (text.trim() === '' || text.startsWith('==>')) {
      this.column = null;
      return;
    }
    if (text.length <= column.start) return;
    const cell = (column.end === null ? text.slice(column.start) : text.slice(column.start, column.end)).trim().split(/\s{2,}/)[0]!;
    if (!cell || NORMAL_EXIT.test(cell) || !(STRONG_BAD.test(cell) || WEAK_BAD.test(cell))) return;
    this.flagged++;
    if (this.rows.length < MAX_ROWS) this.rows.push({ stream, n, value: cell });
  }
}
