import type { StreamName } from '../../core/types.js';
import { classifyLine, continuationKind, errorStrength, firstNonSpace, stripLogPrefix, type LineClass } from './classify.js';
import { CallSiteTrail } from './call-site.js';
import { errorKey } from './templates.js';

/** A run of lines around one or more error lines, cited as a whole. */
export interface ErrorWindow {
  stream: StreamName;
  from: number;
  to: number;
  /** The error lines inside the window. */
  focus: number[];
  /** The first error line's text, as seen. */
  first: string;
  /** 2 when some error line in it leads with its severity, 1 when errors are only mentioned. */
  strength: 1 | 2;
  /** Later error lines elsewhere with the same message (other numbers, times or ids). */
  repeats: number;
  lastRepeat: number;
}

export interface ErrorWindowOptions {
  before?: number;
  after?: number;
  /** Longest window, in lines. */
  maxSpan?: number;
  /** Distinct windows kept; later ones are only counted. */
  maxWindows?: number;
  extraPatterns?: readonly RegExp[];
}

const MAX_KEYS = 20_000;
/** Lines shown above an error by the tool itself: code frames (`  11 | >>> RUN …`), rules, carets. */
export const FRAME = /^\s*(?:\d+\s*\||>>>|-{4,}|={4,}|\^)/;
/** Whether the first character past leading whitespace can open a FRAME line (a digit, `>`, `-`, `=`, `^`): most lines skip the regex. */
export function mayOpenFrame(text: string): boolean {
  const c = firstNonSpace(text);
  return (c >= 48 && c <= 57) || c === 62 || c === 45 || c === 61 || c === 94;
}
const LOOKBACK = 8;
/** A line that leads with a file location: `src/a.ts:9:7 …`, `lib/x.c:12: …`, `a.py(4,2) …`. */
const LOCATION_LEAD = /^[\w.@~+/\\-]*[\w/\\][\w.@~+-]*\.\w+(?::\d+|\(\d+)/;
/** Blank lines an error's indented detail may sit below (`Error: …`, blank, `  on main.tf line 3`). */
const BLANK_BRIDGE = 3;
const NON_BLANK = /\S/;

/** The longest window a Python traceback may grow to (see spanOf). */
const TRACEBACK_SPAN = 400;

/** Runs of repeated error lines remembered per stream (see repeatRuns). */
const MAX_REPEAT_RUNS = 4096;

/**
 * Finds error windows in a line stream with bounded state: each distinct error message opens a
 * window (context before and after, extended over stack frames and indented detail); repeats
 * of a message already cited are counted, not cited again.
 */
export class ErrorWindowFinder {
  readonly windows: ErrorWindow[] = [];
  errorLines = 0;
  warningLines = 0;
  /** Windows not kept because maxWindows was reached. */
  droppedWindows = 0;
  firstWarning: { stream: StreamName; n: number } | null = null;
  /**
   * Per stream, the runs of lines that repeat a message a window already cites (`same message 188
   * more times`): an answer's rows need not show them again. Bounded: past MAX_REPEAT_RUNS runs, no more are kept.
   */
  readonly repeatRuns: Record<StreamName, Array<[number, number]>> = { stdout: [], stderr: [] };
  private readonly open = new Map<StreamName, ErrorWindow>();
  /** Per stream, how many lines just before the current one were frame lines. */
  private readonly frameRun: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  /** Per stream, blank lines in a row just before the current one. */
  private readonly blankRun: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  /** Per stream, the open window's end before blank lines bridged it forward (see extend), while they do. */
  private readonly bridgedFrom: Record<StreamName, number | null> = { stdout: null, stderr: null };
  private readonly byKey = new Map<string, ErrorWindow | null>();
  /** The Python frames each window holds, for its traceback's call site (see call-site.ts), added to its focus at finish. */
  private readonly trails = new Map<ErrorWindow, CallSiteTrail>();
  private readonly before: number;
  private readonly after: number;
  private readonly maxSpan: number;
  private readonly maxWindows: number;
  private readonly extra: readonly RegExp[];

  constructor(options: ErrorWindowOptions = {}) {
    this.before = options.before ?? 2;
    this.after = options.after ?? 3;
    this.maxSpan = options.maxSpan ?? 40;
    this.maxWindows = options.maxWindows ?? 400;
    this.extra = options.extraPatterns ?? [];
  }

  /** 2 for a line that leads with its severity or matches a pattern the user named as an error, 1 for a mention. */
  strengthOf(text: string, body = stripLogPrefix(text)): 1 | 2 {
    return errorStrength(text, body) === 2 || this.extra.some((p) => p.test(text)) ? 2 : 1;
  }

  /** `body`: the line without its log prefix (`stripLogPrefix`), when the caller has it already. */
  line(stream: StreamName, n: number, text: string, body = stripLogPrefix(text)): LineClass {
    const kind = classifyLine(text, this.extra);
    const open = this.open.get(stream);
    const blank = !NON_BLANK.test(text);
    if (kind === 'error') {
      this.errorLines++;
      this.bridgedFrom[stream] = null;
      this.onError(stream, n, text, body, open);
      this.frameRun[stream] = 0;
    } else {
      const shown = body.charCodeAt(0) === 35 /* # */ ? body.replace(/^#\d+\s+(?:[\d.]+\s+)?/, '') : body;
      const frame = mayOpenFrame(shown) && FRAME.test(shown);
      this.frameRun[stream] = frame ? Math.min(LOOKBACK, this.frameRun[stream] + 1) : 0;
      if (kind === 'warning') {
        this.warningLines++;
        this.firstWarning ??= { stream, n };
      }
      if (open && n <= open.to + 1 && n - open.from < this.spanOf(open)) {
        this.extend(stream, open, n, text, body, blank, this.blankRun[stream]);
        this.endTraceback(open, n, body, blank);
      } else this.bridgedFrom[stream] = null;
    }
    this.blankRun[stream] = blank ? this.blankRun[stream] + 1 : 0;
    return kind;
  }

  /**
   * Stack frames right after any error belong to it. An error that leads with its severity also
   * keeps its indented detail, even a few blank lines down; a mere mention of an error word does
   * not swallow the indented block it happens to sit in (a plan attribute, a heredoc).
   */
  private extend(stream: StreamName, open: ErrorWindow, n: number, text: string, body: string, blank: boolean, blanksBefore: number): void {
    if (blank) {
      if (open.strength === 2 && blanksBefore < BLANK_BRIDGE && open.to < n + 1) {
        this.bridgedFrom[stream] ??= open.to;
        open.to = n + 1;
      }
      return;
    }
    const kind = continuationKind(text, body);
    const bridged = this.bridgedFrom[stream];
    this.bridgedFrom[stream] = null;
    if (kind === 'frame' || (kind === 'indent' && open.strength === 2)) {
      open.to = Math.max(open.to, n + 1);
      // Only Python frames (`  File "…", line N`) start a trail: a JS or Go stack keeps the usual span.
      if (kind === 'frame') {
        const trail = this.trails.get(open) ?? new CallSiteTrail();
        if (trail.frame(n, body) && !this.trails.has(open)) this.trails.set(open, trail);
      }
    }
    // A line the blank lines reached that leads with a file location opens the next diagnostic
    // (biome's `src/a.ts:9:7 lint/correctness/useIsNan`): it is not this window's, and the next error's look-back takes it.
    else if (bridged !== null && bridged < n && LOCATION_LEAD.test(text)) open.to = n - 1;
  }

  /**
   * The first line back at the margin after a traceback's frames is its exception, whatever its name
   * (`NoResultFound: …`, `StopIteration`): in focus, and the window reaches it.
   */
  private endTraceback(open: ErrorWindow, n: number, body: string, blank: boolean): void {
    const trail = this.trails.get(open);
    if (!trail || trail.exception !== null || blank || /^\s/.test(body)) return;
    trail.exception = n;
    open.to = Math.max(open.to, n);
    if (open.focus.length < 64 && !open.focus.includes(n)) open.focus.push(n);
  }

  private onError(stream: StreamName, n: number, text: string, body: string, open: ErrorWindow | undefined): void {
    const strength = this.strengthOf(text, body);
    if (open && n <= open.to + 1 && n - open.from < this.spanOf(open)) {
      open.to = Math.max(open.to, n + this.after);
      if (open.focus.length < 64) open.focus.push(n);
      const trail = this.trails.get(open);
      if (trail && trail.exception === null && !/^\s/.test(body)) trail.exception = n;
      if (strength > open.strength) open.strength = strength;
      return;
    }
    const key = errorKey(text);
    const seen = this.byKey.get(key);
    if (seen !== undefined) {
      if (seen) {
        seen.repeats++;
        seen.lastRepeat = n;
        this.noteRepeat(stream, n);
      } else this.droppedWindows++;
      return;
    }
    if (this.windows.length >= this.maxWindows) {
      this.droppedWindows++;
      if (this.byKey.size < MAX_KEYS) this.byKey.set(key, null);
      return;
    }
    const previous = this.open.get(stream);
    const floor = previous ? previous.to + 1 : 1;
    // Reach back over a code frame printed just before the error, past the usual context.
    const back = Math.max(this.before, this.frameRun[stream] + 1);
    const window: ErrorWindow = { stream, from: Math.max(floor, n - back, 1), to: n + this.after, focus: [n], first: text, strength, repeats: 0, lastRepeat: 0 };
    this.windows.push(window);
    this.open.set(stream, window);
    if (this.byKey.size < MAX_KEYS) this.byKey.set(key, window);
  }

  private noteRepeat(stream: StreamName, n: number): void {
    const runs = this.repeatRuns[stream];
    const last = runs[runs.length - 1];
    if (last && last[1] === n - 1) last[1] = n;
    else if (runs.length < MAX_REPEAT_RUNS) runs.push([n, n]);
  }

  /** The window still open on a stream (the last one opened there), if any. */
  current(stream: StreamName): ErrorWindow | undefined {
    return this.open.get(stream);
  }

  /**
   * The longest a window may grow: a Python traceback runs to its exception line however many frames it
   * has (up to TRACEBACK_SPAN), so it is cited once, by its ends and its focus lines (the call site and the
   * exception), not cut in two with the exception's window showing only the raising library's frames.
   */
  private spanOf(window: ErrorWindow): number {
    return this.trails.has(window) ? Math.max(this.maxSpan, TRACEBACK_SPAN) : this.maxSpan;
  }

  /** Clamps windows to the lines that exist. */
  finish(lineCounts: Record<StreamName, number>): ErrorWindow[] {
    for (const window of this.windows) window.to = Math.min(window.to, lineCounts[window.stream]);
    for (const [window, trail] of this.trails) {
      if (trail.site !== null && !window.focus.includes(trail.site)) window.focus = [...window.focus, trail.site].sort((a, b) => a - b);
    }
    this.trails.clear();
    return this.windows;
  }
}
