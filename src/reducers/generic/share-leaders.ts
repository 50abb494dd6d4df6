/**
 * The lines that carry the largest shares of an answer too long to show whole: a profile's hot function
 * (`140   47.6%  JS: *buildMap`), cachegrind's line with 69.74% of the instructions, a coverage row at 12%.
 * A line's share is the largest percentage on it below 100 (a 100% is a whole: a total, a parent frame).
 * One line per shape (numbers masked): massif's `99.99% (…B) (heap allocation functions)` of every
 * snapshot is one leader, not eight. State is bounded: the top MAX_LEADERS lines and their shapes.
 */
import type { LineCitation, StreamName } from '../../core/types.js';

/** Lines cited at most. */
const MAX_LEADERS = 8;
/** A percentage: up to three digits, a fraction, an optional space before `%`; not part of a longer number. */
const PERCENT = /(?<![\d.])(\d{1,3}(?:\.\d+)?) ?%/g;
/** Shares below this are not worth a line of their own. */
const MIN_SHARE = 1;
/** Answers with fewer share lines than this list them all in their rows anyway. */
const MIN_LINES = 3;

interface Leader {
  stream: StreamName;
  n: number;
  share: number;
  shape: string;
}

/** The line with its numbers and hex ids masked. */
function shapeOf(text: string): string {
  return text.trim().replace(/\b0x[0-9a-f]+\b|\d+(?:[.,]\d+)*/gi, '#');
}

export class ShareLeaders {
  private readonly leaders: Leader[] = [];
  private lines = 0;

  line(stream: StreamName, n: number, text: string): void {
    if (!text.includes('%')) return;
    let share = -1;
    for (const m of text.matchAll(PERCENT)) {
      const value = Number(m[1]);
      if (value < 100 && value > share) share = value;
    }
    if (share < MIN_SHARE) return;
    this.lines++;
    if (this.leaders.length === MAX_LEADERS && share <= this.leaders[MAX_LEADERS - 1]!.share) return;
    const shape = shapeOf(text);
    const same = this.leaders.findIndex((l) => l.shape === shape);
    if (same !== -1) {
      if (share <= this.leaders[same]!.share) return;
      this.leaders.splice(same, 1);
    }
    // Insert in order (largest first, then the earlier line), dropping the smallest past the cap.
    let at = this.leaders.findIndex((l) => share > l.share);
    if (at === -1) at = this.leaders.length;
    this.leaders.splice(at, 0, { stream, n, share, shape });
    if (this.leaders.length > MAX_LEADERS) this.leaders.pop();
  }

  /** The leading lines in output order, adjacent ones merged; none when the text has few shares. */
  finish(nextRef: () => string): LineCitation[] {
    if (this.lines < MIN_LINES) return [];
    const sorted = [...this.leaders].sort((a, b) => (a.stream === b.stream ? a.n - b.n : a.stream === 'stdout' ? -1 : 1));
    const out: LineCitation[] = [];
    for (const l of sorted) {
      const last = out[out.length - 1];
      if (last && last.stream === l.stream && last.to === l.n - 1) last.to = l.n;
      else out.push({ ref: nextRef(), stream: l.stream, from: l.n, to: l.n, label: 'largest shares', kind: 'share', priority: 'high' });
    }
    return out;
  }
}
