import type { Bullet, CitationDraft, ExitInfo, LineCitation, Omission, PacketParts, StreamName } from '../../core/types.js';
import { ErrorWindowFinder, type ErrorWindowOptions } from './error-windows.js';
import { count, plural } from '../../core/format.js';
import { TemplateCounter } from './templates.js';

const HEAD_LINES = 5;
const TAIL_LINES = 10;
/** Windows at each end of the output that are kept first when the budget is tight. */
const EDGE_WINDOWS = 3;
const TOP_TEMPLATES = 5;

/**
 * The generic text and log digest: error windows, first and last lines, repeated-line templates.
 * Family reducers embed it for the lines they do not understand themselves.
 */
export class LogDigest {
  readonly errors: ErrorWindowFinder;
  readonly templates = new TemplateCounter();
  readonly lines: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  private refs = 0;

  constructor(options: ErrorWindowOptions = {}) {
    this.errors = new ErrorWindowFinder(options);
  }

  line(stream: StreamName, n: number, text: string): void {
    this.lines[stream] = n;
    this.errors.line(stream, n, text);
    if (text.trim() !== '') this.templates.add(stream, text, n);
  }

  nextRef(): string {
    return `c${++this.refs}`;
  }

  /** The digest as packet parts; `prefix` lets a family reducer put its own bullets first. */
  finish(exit: ExitInfo, options: { skipHead?: boolean; skipTail?: boolean } = {}): PacketParts {
    const windows = this.errors.finish(this.lines);
    const citations: CitationDraft[] = [];
    const summary: Bullet[] = [];
    const omitted: Omission[] = [];
    const total = this.lines.stdout + this.lines.stderr;

    windows.forEach((window, i) => {
      const edge = i < EDGE_WINDOWS || i >= windows.length - EDGE_WINDOWS;
      const label = window.repeats > 0 ? `error, same message ${count(window.repeats)} more times (last at line ${count(window.lastRepeat)})` : 'error';
      citations.push({ ref: this.nextRef(), stream: window.stream, from: window.from, to: window.to, label, priority: edge ? 'high' : 'normal', focus: window.focus });
    });

    for (const stream of ['stdout', 'stderr'] as const) {
      const lines = this.lines[stream];
      if (lines === 0) continue;
      if (!options.skipHead) citations.push(this.range(stream, 1, Math.min(HEAD_LINES, lines), 'first lines', 'normal'));
      if (!options.skipTail && lines > HEAD_LINES) citations.push(this.range(stream, Math.max(HEAD_LINES + 1, lines - TAIL_LINES + 1), lines, 'last lines', 'high'));
    }

    const repeated = this.templates.repeated().filter((s) => s.count >= 3).slice(0, TOP_TEMPLATES);
    for (const stat of repeated) {
      citations.push({ ref: this.nextRef(), stream: stat.stream, from: stat.first, to: stat.first, label: `×${count(stat.count)} lines like this`, priority: 'low' });
    }

    const errorRefs = citations.filter((c) => c.label?.startsWith('error')).map((c) => c.ref);
    const streams = (['stdout', 'stderr'] as const).filter((s) => this.lines[s] > 0).map((s) => `${s} ${plural(this.lines[s], 'line')}`);
    summary.push({ text: streams.length ? streams.join(', ') : 'no output', fields: ['lines'] });
    if (this.errors.errorLines > 0) {
      const repeats = windows.reduce((a, w) => a + w.repeats, 0);
      const extra = repeats > 0 ? `; ${plural(repeats, 'repeat')} of the same messages folded` : '';
      summary.push({ text: `${plural(this.errors.errorLines, 'error line')} in ${plural(windows.length + this.errors.droppedWindows, 'window')}${extra}`, cites: errorRefs.slice(0, 3), fields: ['errorLines'] });
    }
    if (this.errors.droppedWindows > 0) omitted.push({ what: 'error windows past the first ' + windows.length, count: this.errors.droppedWindows });
    const folded = this.templates.folded();
    if (folded > 0 && total > 20) {
      const templateRefs = citations.filter((c) => c.label?.includes('lines like this')).map((c) => c.ref);
      summary.push({ text: `${count(folded)} of ${count(total)} lines repeat ${plural(this.templates.repeated().length, 'template')}`, cites: templateRefs.slice(0, 2), fields: ['foldedLines'] });
    }

    const failed = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
    return {
      status: failed || this.errors.errorLines > 0 ? 'fail' : this.errors.warningLines > 0 ? 'warn' : 'ok',
      summary,
      fields: {
        lines: total,
        errorLines: this.errors.errorLines,
        warningLines: this.errors.warningLines,
        foldedLines: folded,
      },
      citations,
      omitted,
      confidence: this.errors.errorLines > 0 ? 0.7 : 0.8,
    };
  }

  range(stream: StreamName, from: number, to: number, label: string, priority: LineCitation['priority']): LineCitation {
    return { ref: this.nextRef(), stream, from, to, label, priority };
  }
}
