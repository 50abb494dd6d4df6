/**
 * What every test-runner reducer shares: failing tests grouped by their error message (hundreds
 * of failures with one root cause become one entry with a count and a few names), the totals
 * line, the first project frame of a stack, and the packet built from them. Bounded state only.
 */
import { clip, count, plural } from '../../core/format.js';
import type { Bullet, CitationDraft, ExitInfo, FieldValue, Omission, PacketParts, Priority, ReducerRun, StreamName } from '../../core/types.js';
import { LogDigest } from '../generic/log-digest.js';
import { WarningTemplates, warningParts } from '../generic/warning-templates.js';
import { errorKey } from '../generic/templates.js';
import { countTimestamped } from '../generic/classify.js';

/** Groups of failures kept with their own citation; later messages are only counted. */
const MAX_GROUPS = 40;
/** Groups whose first failure is cited as mandatory / high; the rest are 'normal' or counted. */
const MANDATORY_GROUPS = 3;
const HIGH_GROUPS = 10;
/** Names kept per group in the fields: the first ones and the latest. */
const NAMES_PER_GROUP = 3;
/** Groups listed in the `failures` field. */
const FIELD_GROUPS = 12;
/** Longest cited failure block; longer ones end at their last focus line. */
const MAX_BLOCK_SPAN = 40;
/** Lines at the end of the output cited on failure. */
const TAIL_LINES = 6;
/** Per-package / per-suite result lines all cited when there are at most this many; else the first and last. */
const RESULT_LINES_SHOWN = 12;
/** Result lines past RESULT_LINES_SHOWN cited at low priority, to fill the room left. */
const MORE_RESULT_LINES = 48;
/** Result lines remembered (positions only). */
const MAX_RESULT_LINES = 1000;
/** Bytes a cited result line is assumed to take beyond its text (citation header, line number). */
const RESULT_OVERHEAD = 40;
/** Distinct lines a passing test printed (t.Log) cited on success, in the room left: a -v run was asked for them. */
const TEST_LOGS_CITED = 8;
/** Measurement lines sharing one value before that value is the common one, the others standing out. */
const COMMON_VALUE_MIN = 4;
/** A passing test this slow, and this many times slower than the typical one, is cited with the outcome. */
const SLOW_TEST_SECONDS = 1;
const SLOW_TEST_FACTOR = 5;
/** Slowest tests kept (by duration) and cited. */
const SLOWEST_KEPT = 3;
/** Measurement lines remembered (positions only); later ones are counted. */
const MAX_MEASUREMENTS = 400;

/** A test's verdict line with the time it took. */
interface TimedTest {
  stream: StreamName;
  n: number;
  name: string;
  seconds: number;
}

/** One failing test (or a failing file, package, hook) as the runner printed it. */
export interface FailureDraft {
  name: string;
  stream: StreamName;
  /** The block of output about this failure, 1-based inclusive. */
  from: number;
  to: number;
  /** The assertion or error message, one line. */
  message?: string;
  /** The first frame in the project's own files, `file:line`. */
  location?: string;
  /** Lines worth keeping when the block is shortened: the message, expected/received, the frame. */
  focus: number[];
  /** For a JSON report: where the failure sits in the document, and its rendered excerpt. */
  pointer?: string;
  excerpt?: readonly string[];
}

interface Group {
  index: number;
  key: string;
  message: string;
  location: string | null;
  count: number;
  names: string[];
  first: FailureDraft;
}

/** A line (or, for a JSON report, a pointer with its rendered excerpt) that states the run's totals. */
interface Totals {
  stream: StreamName;
  n: number;
  label: string;
  priority: Priority;
  pointer?: string;
  excerpt?: readonly string[];
}

/** The citation of a totals entry or a failure: by line range, or by JSON pointer when it has one. */
function citeAt(
  ref: string,
  at: { stream: StreamName; from: number; to: number; pointer?: string | undefined; excerpt?: readonly string[] | undefined; focus?: readonly number[] | undefined },
  label: string,
  kind: string,
  priority: Priority,
): CitationDraft {
  if (at.pointer !== undefined) return { ref, stream: at.stream, pointer: at.pointer, label, kind, priority, excerpt: at.excerpt ?? [] };
  return { ref, stream: at.stream, from: at.from, to: at.to, label, kind, priority, ...(at.focus ? { focus: at.focus } : {}) };
}

/** Bytes of block text a failure citation may span once its message is known. */
const BLOCK_BYTES = 1400;

/**
 * A failure being read, block by block; `draft()` hands it to the report. Once the message is
 * known and the block has grown past BLOCK_BYTES, it stops growing (a 100 KB diff stays out).
 */
export class OpenFailure {
  message?: string;
  location?: string;
  readonly focus: number[] = [];
  to: number;
  /** Expected/received details appended to the message so far. */
  details = 0;
  /** The line the message was read from. */
  messageLine?: number;
  /** Cite from the first focus line (a traceback's first project frame) instead of the block's header. */
  trimHead = false;
  private bytes = 0;

  constructor(
    /** The test's name; runners that print it over several lines complete it as they go. */
    public name: string,
    readonly stream: StreamName,
    readonly from: number,
    headerLength = 0,
  ) {
    this.to = from;
    this.bytes = headerLength;
  }

  /** Whether the block is full: later lines are not cited (only counted by the packer). */
  get full(): boolean {
    return this.message !== undefined && this.bytes > BLOCK_BYTES;
  }

  /** Extends the block over line n (of `length` characters), unless it is full. */
  extend(n: number, length = 0): boolean {
    if (n <= this.to) return true;
    if (this.full) return false;
    this.bytes += length + 8;
    this.to = n;
    return true;
  }

  /** The first message line wins; later ones are kept as focus while there is room. */
  setMessage(n: number, text: string, length = text.length): void {
    if (this.message !== undefined) return this.mark(n, length);
    if (!this.extend(n, length)) return;
    this.message = text.trim();
    this.messageLine = n;
    this.mark(n, length);
  }

  /** A message that ends the block (a Python traceback's exception line): the last one wins, always cited. */
  setFinalMessage(n: number, text: string): void {
    this.message = text.trim();
    this.messageLine = n;
    if (n > this.to) this.to = n;
    if (!this.focus.includes(n)) this.focus.push(n);
  }

  /** Adds an expected/received detail to the message: `expect(x).toBe(y); Expected: 3; Received: 2`. */
  addDetail(text: string): void {
    if (this.message === undefined || this.message.includes(text)) return;
    this.message = this.message.endsWith(':') ? `${this.message} ${text}` : `${this.message}; ${text}`;
    this.details++;
  }

  /** The first project frame wins; past the byte cap it is kept as a name, not cited. */
  setLocation(n: number, location: string, length = 0): void {
    if (this.location !== undefined) return;
    this.location = location;
    this.mark(n, length);
  }

  mark(n: number, length = 0): void {
    if (!this.extend(n, length)) return;
    if (this.focus.length < 12 && !this.focus.includes(n)) this.focus.push(n);
  }

  draft(): FailureDraft {
    const near = this.focus.filter((n) => n < this.from + MAX_BLOCK_SPAN);
    const lastFocus = near.length ? Math.max(...near) : this.from;
    // Keep the block tight: header to the last line that matters, and never past the cap.
    let to = Math.min(this.to, Math.max(lastFocus, this.from + 2), this.from + MAX_BLOCK_SPAN - 1);
    // The message is always inside the cited range (the packer elides the lines between).
    if (this.messageLine !== undefined && this.messageLine > to) to = this.messageLine;
    const focus = this.focus.filter((n) => n <= to);
    // Tracebacks: the lines before the first frame that matters are runner internals (the label names the test).
    const from = this.trimHead && focus.length ? Math.min(...focus) : this.from;
    const draft: FailureDraft = { name: this.name, stream: this.stream, from, to: Math.max(from, to), focus };
    if (this.message !== undefined) draft.message = this.message;
    if (this.location !== undefined) draft.location = this.location;
    return draft;
  }
}

export interface ReportOptions {
  /** Runner name for bullets: `pytest`, `jest`, `go test`. */
  runner: string;
  /** What one failing item is called: `test`, `package`. */
  unit?: string;
  /** Whether a failure packet also cites the lines before the closing totals (default true). */
  tail?: boolean;
}

/**
 * Collects what a test run says: counts, the totals line(s), failures grouped by message.
 * Lines it does not understand go to the embedded LogDigest, used when nothing is recognised.
 */
export class TestReport {
  readonly digest: LogDigest;
  /** Counts as the runner's totals state them (passed, failed, skipped, errors, ...). */
  readonly counts: Record<string, number> = {};
  /** Failures added; may exceed what the groups show. */
  failures = 0;
  /** Failures past MAX_GROUPS distinct messages: counted only. */
  ungrouped = 0;
  private readonly groups = new Map<string, Group>();
  /** The same groups by index, in the order they were first seen. */
  private readonly groupList: Group[] = [];
  private readonly totals: Totals[] = [];
  private readonly extra: Array<{ stream: StreamName; from: number; to: number; label: string; priority: Priority; focus?: number[]; bullet?: string }> = [];
  /** Extra totals lines past the kept ones. */
  private droppedTotals = 0;
  /** Per-package / per-suite result lines (`ok  pkg 0.1s`, `PASS src/a.test.ts`): part of the outcome when few. */
  private readonly results: Array<{ stream: StreamName; n: number; length: number; odd?: boolean }> = [];
  private resultCount = 0;
  /** Runs of adjacent measurement lines (`BenchmarkX-8  1000  1234 ns/op`), each a range with its characters. */
  private readonly measurements: Array<{ stream: StreamName; from: number; to: number; chars: number }> = [];
  private measurementCount = 0;
  /** The value of each single measurement line (`stream:n`), and how many lines have each value. */
  private readonly measurementValues = new Map<string, string>();
  private readonly valueCounts = new Map<string, number>();
  /** Whether the durations came from the runner's own slowest-tests list (see addReportedDuration). */
  private reportedSlowest = false;
  /** The shortest reported duration cited: SLOW_TEST_SECONDS, or none where the runner prints a duration only past its own slow mark (mocha). */
  private slowFloor = SLOW_TEST_SECONDS;
  /** What the measurements are (`benchmark result`, `coverage line`), for the bullet; the first noun seen. */
  private measurementNoun: string | null = null;
  private mixedMeasurements = false;
  /** What passing tests printed (t.Log, print debugging), each template once. */
  private readonly testLogs = new WarningTemplates();
  /** The slowest tests' verdict lines (`--- PASS: TestX (3.21s)`), and every duration seen, to tell slow from typical. */
  private readonly slowest: TimedTest[] = [];
  private readonly durations: number[] = [];

  constructor(
    private readonly options: ReportOptions,
    extraPatterns: readonly RegExp[] = [],
  ) {
    // A run that passes with nothing test-like recognised is read as a verdict: the few lines unlike its flood stand out.
    this.digest = new LogDigest({ extraPatterns, standOutsOnSuccess: true });
  }

  /** The failure block being read, if any. */
  block: OpenFailure | null = null;

  /** Starts a failure block (ending the one before). */
  openBlock(name: string, stream: StreamName, n: number, headerLength = 0): OpenFailure {
    this.closeBlock();
    this.block = new OpenFailure(name, stream, n, headerLength);
    return this.block;
  }

  /** Ends the open failure block and adds it; returns its group index (or -1). */
  closeBlock(): number {
    const block = this.block;
    this.block = null;
    return block ? this.add(block.draft()) : -1;
  }

  /** A reducer run that feeds every line to the digest, then to `read`; finish closes the last block. */
  run(read: (stream: StreamName, n: number, text: string) => void, before?: () => void): ReducerRun {
    return {
      line: (stream, n, text) => {
        this.digest.line(stream, n, text);
        read(stream, n, text);
      },
      finish: (exit) => {
        before?.();
        this.closeBlock();
        return this.finish(exit);
      },
    };
  }

  /** Sets a count from the totals (the last statement wins: summaries come after progress). */
  setCount(name: string, value: number): void {
    this.counts[name] = value;
  }

  addCount(name: string, value = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + value;
  }

  /** A line that states the run's totals; the first few (by order) and a failing one are kept. */
  addTotals(stream: StreamName, n: number, label = 'totals', priority: Priority = 'mandatory'): void {
    if (this.totals.length >= 6) {
      this.droppedTotals++;
      return;
    }
    this.totals.push({ stream, n, label, priority });
  }

  /**
   * A per-package or per-suite result line (of `length` characters). `odd`: an outcome unlike the
   * others' (`?  pkg [no test files]` among `ok  pkg 0.1s`), cited above the plain ones when not all fit.
   */
  addResultLine(stream: StreamName, n: number, length = 60, odd = false): void {
    this.resultCount++;
    if (this.results.length < MAX_RESULT_LINES) this.results.push({ stream, n, length, ...(odd ? { odd } : {}) });
  }

  /** A test's duration from its verdict line: the slowest ones stand out on a passing run (a suite asked to speed up). */
  addDuration(stream: StreamName, n: number, name: string, seconds: number): void {
    if (this.durations.length < 100_000) this.durations.push(seconds);
    if (this.slowest.length === SLOWEST_KEPT && seconds <= this.slowest[SLOWEST_KEPT - 1]!.seconds) return;
    this.slowest.push({ stream, n, name, seconds });
    this.slowest.sort((a, b) => b.seconds - a.seconds || a.n - b.n);
    if (this.slowest.length > SLOWEST_KEPT) this.slowest.pop();
  }

  /**
   * A test's duration from the runner's own list of the slowest ones (pytest's `--durations`): the runner
   * chose it as slow, so it stands out at SLOW_TEST_SECONDS whatever the median of the few listed.
   */
  addReportedDuration(stream: StreamName, n: number, name: string, seconds: number, floor = SLOW_TEST_SECONDS): void {
    this.reportedSlowest = true;
    this.slowFloor = floor;
    this.addDuration(stream, n, name, seconds);
  }

  /** The slowest tests that stand out: at least SLOW_TEST_SECONDS and SLOW_TEST_FACTOR times the median duration. */
  private slowTests(): TimedTest[] {
    if (this.reportedSlowest) return this.slowest.filter((t) => t.seconds >= this.slowFloor);
    if (this.durations.length < 3) return [];
    const sorted = [...this.durations].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return this.slowest.filter((t) => t.seconds >= SLOW_TEST_SECONDS && t.seconds >= median * SLOW_TEST_FACTOR);
  }

  /**
   * A line a passing test printed of its own (`x_test.go:12: seeded 100 rows`): counted under its
   * template; on success the first distinct ones fill the room the outcome, skips and warnings left.
   */
  addTestLog(stream: StreamName, n: number, body: string, length = body.length): void {
    this.testLogs.add(stream, n, body, length);
  }

  /**
   * A measurement line (a benchmark's result): the numbers a benchmark run was made for, part of
   * its outcome like the totals. Adjacent lines form one range.
   */
  addMeasurement(stream: StreamName, n: number, length: number, noun = 'benchmark result', value?: number): void {
    this.measurementCount++;
    if (value !== undefined && Number.isFinite(value) && this.measurementValues.size < MAX_MEASUREMENTS) {
      const key = String(value);
      this.valueCounts.set(key, (this.valueCounts.get(key) ?? 0) + 1);
      this.measurementValues.set(`${stream}:${n}`, key);
    }
    if (this.measurementNoun !== null && this.measurementNoun !== noun) this.mixedMeasurements = true;
    this.measurementNoun ??= noun;
    const last = this.measurements[this.measurements.length - 1];
    if (last && last.stream === stream && last.to === n - 1) {
      last.to = n;
      last.chars += Math.min(length, 200) + 3;
      return;
    }
    if (this.measurements.length < MAX_MEASUREMENTS) this.measurements.push({ stream, from: n, to: n, chars: Math.min(length, 200) + 3 });
  }

  /** The measurement ranges as citations at `priority`, with the bytes they ask for. */
  private measurementCitations(priority: Priority): { citations: CitationDraft[]; bytes: number; summary: Bullet[] } {
    // Many single-line measurements that mostly repeat one value (28 packages at `coverage: 6.7%`): the ones
    // with another value (`coverage: 0.0%`) stand out and rank with the outcome, with the first and the last;
    // the common ones fill the room left and ask for none.
    const common = this.commonMeasurementValue();
    const plain = (m: { stream: StreamName; from: number; to: number }, i: number): boolean =>
      common !== null && m.from === m.to && i > 0 && i < this.measurements.length - 1 && this.measurementValues.get(`${m.stream}:${m.from}`) === common;
    const citations: CitationDraft[] = this.measurements.map((m, i) => ({ ref: this.digest.nextRef(), stream: m.stream, from: m.from, to: m.to, label: 'measurements', kind: 'totals', priority: plain(m, i) ? 'normal' : priority }));
    const bytes = this.measurements.reduce((a, m, i) => a + (plain(m, i) ? 0 : m.chars + RESULT_OVERHEAD), 0);
    const noun = this.mixedMeasurements ? 'measurement line' : (this.measurementNoun ?? 'benchmark result');
    const cites = [...citations.filter((c) => c.priority === priority), ...citations.filter((c) => c.priority !== priority)].slice(0, 4).map((c) => c.ref);
    const summary: Bullet[] = citations.length ? [{ text: plural(this.measurementCount, noun), cites }] : [];
    return { citations, bytes, summary };
  }

  /** The value most measurements share, when at least COMMON_VALUE_MIN lines and half of them do; else null. */
  private commonMeasurementValue(): string | null {
    let best: [string, number] | null = null;
    for (const entry of this.valueCounts) if (!best || entry[1] > best[1]) best = entry;
    return best && best[1] >= COMMON_VALUE_MIN && best[1] * 2 >= this.measurementCount ? best[0] : null;
  }

  /**
   * A skipped, ignored or todo test, counted as a warning under its reason's template (the reason
   * line when the runner printed one, through `to` when the test's verdict line follows it closely, or
   * with `also`, the verdict line cited on its own, when other tests' lines come between):
   * which tests did not run, and why, explains the next failure.
   */
  addSkip(stream: StreamName, n: number, reason: string, length = reason.length, to = n, also?: { n: number; length: number }): void {
    this.digest.warnings.add(stream, n, reason, length, to, also);
  }

  /**
   * The result lines as citations: every one when few; else the first and the last, and up to
   * MORE_RESULT_LINES others at low priority that take only the room left (the rest are counted in
   * the omissions). Returns the citations and the bytes they ask for.
   */
  private resultCitations(priority: Priority, skip: ReadonlySet<string>): { citations: CitationDraft[]; bytes: number; omitted: Omission[] } {
    const citations: CitationDraft[] = [];
    let bytes = 0;
    const few = this.results.length <= RESULT_LINES_SHOWN;
    const last = this.results.length - 1;
    // Past a dozen, the first and the last ask for room; the others fill what is left (low), in order.
    const capped = this.results.length > RESULT_LINES_SHOWN + MORE_RESULT_LINES;
    // Past the cap, the odd outcomes still come in (in order), with the last line.
    const shown = few ? this.results : this.results.filter((r, i) => i < RESULT_LINES_SHOWN + MORE_RESULT_LINES || r.odd || (capped && i === last));
    shown.forEach((r, i) => {
      if (skip.has(`${r.stream}:${r.n}`)) return;
      const ends = few || i === 0 || r === this.results[last];
      // An odd outcome (a package without tests among passing ones) ranks above the plain lines, below the ends.
      const rank: Priority = ends ? priority : r.odd ? 'normal' : 'low';
      citations.push({ ref: this.digest.nextRef(), stream: r.stream, from: r.n, to: r.n, label: 'result', kind: 'totals', priority: rank });
      if (ends || r.odd) bytes += Math.min(r.length, 200) + RESULT_OVERHEAD;
    });
    const uncited = this.resultCount - shown.length;
    return { citations, bytes, omitted: uncited > 0 ? [{ what: 'per-package/suite result lines not cited', count: uncited }] : [] };
  }

  /** The totals of a JSON report: a pointer and the excerpt rendered from the document. */
  addPointerTotals(pointer: string, excerpt: readonly string[], label = 'totals'): void {
    this.totals.push({ stream: 'stdout', n: 0, label, priority: 'mandatory', pointer, excerpt });
  }

  /**
   * Cites a range beside the failures (a panic, a build error, a failing test's later checks). Excerpts
   * given the same `bullet` text share one summary bullet; others get their label as their bullet.
   */
  addExcerpt(stream: StreamName, from: number, to: number, label: string, priority: Priority, focus?: number[], bullet?: string): void {
    if (this.extra.length >= 8) return;
    this.extra.push({ stream, from, to, label, priority, ...(focus ? { focus } : {}), ...(bullet ? { bullet } : {}) });
  }

  /** Adds one failure; returns the group index so callers can attach names later (or -1). */
  add(failure: FailureDraft): number {
    this.failures++;
    const message = failure.message ?? '';
    const key = message ? errorKey(message) : `\u0000${failure.name}`;
    const known = this.groups.get(key);
    if (known) {
      known.count++;
      // The first names and the latest: the last failing test of a group is a row an agent asks for as often as the first.
      if (failure.name && !known.names.includes(failure.name)) {
        if (known.names.length < NAMES_PER_GROUP) known.names.push(failure.name);
        else known.names[NAMES_PER_GROUP - 1] = failure.name;
      }
      return known.index;
    }
    if (this.groups.size >= MAX_GROUPS) {
      this.ungrouped++;
      return -1;
    }
    const group: Group = { index: this.groupList.length, key, message, location: failure.location ?? null, count: 1, names: failure.name ? [failure.name] : [], first: failure };
    this.groups.set(key, group);
    this.groupList.push(group);
    return group.index;
  }

  /** Adds a name to a group found earlier (e.g. from a summary listing the full test ids). */
  nameGroup(index: number, name: string, replace = false): void {
    const group = this.groupList[index];
    if (!group) return;
    // A full test id (`tests/test_x.py::test_a`) replaces the short names taken from block headers.
    if (replace && name.includes('::') && group.names.length > 0 && !group.names.some((x) => x.includes('::'))) group.names = [];
    if (group.names.length < NAMES_PER_GROUP && !group.names.includes(name)) group.names.push(name);
  }

  /** Names a group's first (cited) failure when its block carried no name of its own. */
  nameFirst(index: number, name: string): void {
    const group = this.groupList[index];
    if (group && !group.first.name) group.first = { ...group.first, name };
  }

  get groupCount(): number {
    return this.groups.size;
  }

  /** A success packet must be tiny: the counts and the one totals line that states them. */
  private finishOk(): PacketParts {
    const fields: Record<string, FieldValue> = {};
    for (const [name, value] of Object.entries(this.counts)) if (!name.startsWith('suites')) fields[name] = value;
    const totals = this.totals.find((t) => t.label === 'totals') ?? this.totals[this.totals.length - 1];
    const citations: CitationDraft[] = [];
    const bullet: Bullet = { text: describeCounts(fields as Record<string, number>) || `${this.options.runner} passed` };
    if (totals) {
      const ref = this.digest.nextRef();
      citations.push(citeAt(ref, { ...totals, from: totals.n, to: totals.n }, totals.label, 'totals', 'mandatory'));
      bullet.cites = [ref];
    }
    if (Object.keys(fields).length) bullet.fields = Object.keys(fields);
    else if (!bullet.cites) return this.digest.finish({ code: 0, signal: null, timedOut: false });
    // Per-package / per-suite results are the outcome too when there are few of them.
    // (Below a benchmark run's measurements, which are what it was run for.)
    const results = this.resultCitations(this.measurements.length ? 'normal' : 'high', new Set(totals ? [`${totals.stream}:${totals.n}`] : []));
    citations.push(...results.citations);
    // Skipped, ignored and todo tests, deprecations: the warnings that explain the next failure.
    const warnings = warningParts(this.digest.warnings, () => this.digest.nextRef(), true);
    citations.push(...warnings.citations);
    // Measurements are data the run was made for: they grow the budget as an answer's data does.
    const measured = this.measurementCitations('high');
    citations.push(...measured.citations);
    // What passing tests printed: in the room left (they ask for none), below skips and warnings.
    const logs = this.testLogs.distinct();
    logs.slice(0, TEST_LOGS_CITED).forEach((w) => {
      const label = w.count > 1 ? `test output ×${count(w.count)}, last at line ${count(w.last)}` : 'test output';
      citations.push({ ref: this.digest.nextRef(), stream: w.stream, from: w.first, to: w.to, label, priority: 'normal' });
    });
    // The slowest tests, when they stand out: a passing suite is often run to be made faster.
    const slow = this.slowTests();
    const summary: Bullet[] = [];
    if (slow.length) {
      fields.slowest = slow.map((t) => `${t.name} ${t.seconds}s`);
      const refs = slow.map((t) => {
        const ref = this.digest.nextRef();
        citations.push({ ref, stream: t.stream, from: t.n, to: t.n, label: 'slowest test', kind: 'slowest test', priority: 'high' });
        return ref;
      });
      summary.push({ text: `slowest: ${slow.map((t) => `${t.name} (${t.seconds}s)`).join(', ')}`, cites: refs, fields: ['slowest'] });
    }
    const omitted = [...results.omitted, ...warnings.omitted];
    if (logs.length > TEST_LOGS_CITED) omitted.push({ what: 'distinct lines printed by passing tests not cited', count: logs.length - TEST_LOGS_CITED });
    // The slowest tests' verdict lines grow the budget as warnings do (a name and a time: a line each).
    const extraBytes = warnings.bytes + results.bytes + slow.reduce((a, t) => a + t.name.length + 30 + RESULT_OVERHEAD, 0);
    return { status: 'ok', summary: [bullet, ...measured.summary, ...warnings.summary, ...summary], fields, citations, omitted, confidence: 0.9, ...(extraBytes ? { warningBytes: extraBytes } : {}), ...(measured.bytes ? { answerBytes: measured.bytes } : {}) };
  }

  /** True once anything test-like was seen; otherwise the packet is the generic digest. */
  recognised(): boolean {
    return this.totals.length > 0 || this.failures > 0 || this.extra.length > 0 || Object.keys(this.counts).length > 0;
  }

  finish(exit: ExitInfo): PacketParts {
    const failedByExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
    const failing = this.failures + (this.counts.failed ?? 0) + (this.counts.errors ?? 0);
    if (!this.recognised()) {
      const parts = this.digest.finish(exit);
      parts.notes = [...(parts.notes ?? []), `no ${this.options.runner} results recognised; generic digest`];
      parts.confidence = Math.min(parts.confidence, 0.5);
      return parts;
    }
    const status = failedByExit || failing > 0 ? 'fail' : 'ok';
    if (status === 'ok') return this.finishOk();
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const omitted: Omission[] = [];
    const fields: Record<string, FieldValue> = { runner: this.options.runner };
    for (const [name, value] of Object.entries(this.counts)) fields[name] = value;

    const totalsRefs: string[] = [];
    for (const t of this.totals) {
      const ref = this.digest.nextRef();
      totalsRefs.push(ref);
      citations.push(citeAt(ref, { ...t, from: t.n, to: t.n }, t.label, 'totals', t.priority));
    }
    if (this.droppedTotals > 0) omitted.push({ what: 'more totals lines', count: this.droppedTotals });
    const countText = describeCounts(this.counts);
    if (countText || totalsRefs.length) {
      const bullet: Bullet = { text: countText || `${this.options.runner} totals`, ...(totalsRefs.length ? { cites: totalsRefs.slice(0, 3) } : {}) };
      if (countText) bullet.fields = Object.keys(this.counts).filter((k) => k in fields);
      if (!bullet.cites && !bullet.fields?.length) bullet.fields = ['runner'];
      summary.push(bullet);
    }

    const groups = this.groupList;
    if (groups.length > 0) {
      const unit = this.options.unit ?? 'test';
      const refs: string[] = [];
      // The first failure (often the root cause) and the largest groups decide the outcome.
      const byCount = groups.map((g, i) => ({ g, i })).sort((a, b) => (a.i === 0 ? -1 : b.i === 0 ? 1 : b.g.count - a.g.count || a.i - b.i));
      const rankOf = new Map(byCount.map((x, r) => [x.g, r]));
      groups.forEach((g) => {
        const r = rankOf.get(g)!;
        const priority: Priority = r < MANDATORY_GROUPS ? 'mandatory' : r < HIGH_GROUPS ? 'high' : 'normal';
        const ref = this.digest.nextRef();
        refs.push(ref);
        const more = g.count > 1 ? `; same error in ${count(g.count - 1)} more` : '';
        citations.push(citeAt(ref, g.first, `failed: ${clip(g.first.name || g.names[0] || 'test', 120)}${more}`, 'failing test', priority));
      });
      fields.failures = byCount.slice(0, FIELD_GROUPS).map(({ g }) => {
        const entry: Record<string, FieldValue> = { error: clip(g.message || '(no message)', 160) };
        if (g.location) entry.at = g.location;
        entry.count = g.count;
        entry.tests = g.names.map((n) => clip(n, 160));
        return entry;
      });
      if (groups.length > FIELD_GROUPS) omitted.push({ what: 'failure groups not listed in fields', count: groups.length - FIELD_GROUPS });
      const shared = groups.length < this.failures ? ` sharing ${plural(groups.length + (this.ungrouped ? 1 : 0), 'distinct error')}` : '';
      summary.push({ text: `${plural(this.failures, `failing ${unit}`)}${shared}`, cites: refs.slice(0, 3), fields: ['failures'] });
      const biggest = groups.reduce((a, b) => (b.count > a.count ? b : a));
      if (biggest.count > 1 && groups.length > 1) {
        const ref = refs[groups.indexOf(biggest)]!;
        summary.push({ text: `most common (${count(biggest.count)}×): ${clip(biggest.message || biggest.first.name, 140)}`, cites: [ref] });
      }
      const unnamed = groups.reduce((a, g) => a + Math.max(0, g.count - g.names.length), 0);
      if (unnamed > 0) omitted.push({ what: `failing ${unit} names not listed (grouped by message)`, count: unnamed });
    }
    if (this.ungrouped > 0) omitted.push({ what: `failures past ${MAX_GROUPS} distinct messages`, count: this.ungrouped });

    const shared = new Map<string, Bullet>();
    for (const x of this.extra) {
      const ref = this.digest.nextRef();
      citations.push({ ref, stream: x.stream, from: x.from, to: x.to, label: x.label, priority: x.priority, ...(x.focus ? { focus: x.focus } : {}) });
      const known = x.bullet ? shared.get(x.bullet) : undefined;
      if (known) known.cites = [...(known.cites ?? []), ref];
      else {
        const bullet: Bullet = { text: x.bullet ?? x.label, cites: [ref] };
        if (x.bullet) shared.set(x.bullet, bullet);
        summary.push(bullet);
      }
    }

    // The other packages' / suites' results (which passed), then skips and deprecations: below the failures.
    // (When nothing test-like failed, the digest below cites its own warnings.)
    if (groups.length > 0 || this.extra.length > 0) {
      const results = this.resultCitations('normal', new Set(this.totals.map((t) => `${t.stream}:${t.n}`)));
      citations.push(...results.citations);
      omitted.push(...results.omitted);
      const warnings = warningParts(this.digest.warnings, () => this.digest.nextRef(), false);
      citations.push(...warnings.citations);
      omitted.push(...warnings.omitted);
    }
    // Benchmarks that ran before or beside the failure: below the failures too.
    citations.push(...this.measurementCitations('normal').citations);

    const passed = this.counts.passed ?? 0;
    if (passed > 0) omitted.push({ what: 'passing tests (counted, not listed)', count: passed });

    // (Not for a JSON report: its one long line says nothing its pointers do not.)
    if (status === 'fail' && this.options.tail !== false && (groups.length > 0 || this.extra.length > 0) && !this.totals.some((t) => t.pointer !== undefined)) {
      // The end of the output: the runner's own closing words (and whatever crashed last).
      const stream: StreamName = this.digest.lines.stdout > 0 ? 'stdout' : 'stderr';
      let last = this.digest.lines[stream];
      // When the output ends with its totals (cited already), show the lines just before them.
      const closing = this.totals.filter((t) => t.stream === stream && t.pointer === undefined && t.n >= last - TAIL_LINES - 2).map((t) => t.n);
      if (closing.length) last = Math.min(...closing) - 1;
      if (last >= 1) citations.push({ ref: this.digest.nextRef(), stream, from: Math.max(1, last - TAIL_LINES + 1), to: last, label: 'last lines', priority: 'high' });
    }

    let confidence = 0.9;
    if (status === 'fail' && groups.length === 0 && this.extra.length === 0) {
      // Failed, but no failing test found: show the generic error windows and the end of the output.
      const digest = this.digest.finish(exit);
      citations.push(...digest.citations.filter((c) => c.label !== 'first lines'));
      omitted.push(...digest.omitted);
      const errorBullet = digest.summary.find((b) => b.fields?.includes('errorLines'));
      if (errorBullet) {
        fields.errorLines = digest.fields.errorLines ?? 0;
        summary.push(errorBullet);
      }
      confidence = 0.6;
    }
    if (this.ungrouped > 0) confidence -= 0.1;
    return { status, summary, fields, citations, omitted, confidence };
  }
}

/** "3 failed, 12 passed, 1 skipped" from whatever counts the runner stated. */
function describeCounts(counts: Record<string, number>): string {
  const order = ['failed', 'errors', 'flaky', 'passed', 'skipped', 'notRun', 'interrupted', 'todo', 'xfailed', 'xpassed', 'total', 'packagesFailed', 'packagesOk', 'packagesNoTests'];
  const keys = Object.keys(counts).sort((a, b) => rank(a, order) - rank(b, order) || a.localeCompare(b));
  return keys.map((k) => `${count(counts[k]!)} ${(COUNT_NAMES[k] ?? [k, k])[counts[k] === 1 ? 0 : 1]}`).join(', ');
}

/** How counts read in a bullet, singular and plural. */
const COUNT_NAMES: Record<string, [string, string]> = {
  errors: ['error', 'errors'],
  notRun: ['did not run', 'did not run'],
  packagesFailed: ['package failed', 'packages failed'],
  packagesOk: ['package ok', 'packages ok'],
  packagesNoTests: ['package without tests', 'packages without tests'],
  suitesFailed: ['suite failed', 'suites failed'],
  suitesPassed: ['suite passed', 'suites passed'],
};

function rank(key: string, order: string[]): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}

const SOURCE_FILE = String.raw`(?:[A-Za-z]:)?[\w.@~+\-\\/]*?[\w@+\-]+\.(?:py|js|mjs|cjs|jsx|ts|tsx|mts|cts|go|rs|vue|svelte)`;
const FILE_LINE = new RegExp(String.raw`(${SOURCE_FILE}):(\d+)(?::\d+)?`);
const PY_FRAME = /File "([^"]+)", line (\d+)/;
/** Frames in libraries, runtimes and the runner itself: never the project's own code. */
const FOREIGN =
  /node_modules|site-packages|dist-packages|[\\/]lib[\\/]python\d|[\\/]Python\d+[\\/]Lib[\\/]|<frozen|node:|internal[\\/]|[\\/]go[\\/]src[\\/]|[\\/]sdk[\\/]go|[\\/]usr[\\/](?:local[\\/])?(?:lib|go)[\\/]|\/rustc\/|\.cargo[\\/]registry|[\\/]library[\\/](?:core|std)[\\/]|_pytest[\\/]|pluggy[\\/]|unittest[\\/]|testing[\\/]testing\.go|_testmain\.go|assertions\.go|^testing\.go/;

/** The `file:line` a line points at when it is a frame in the project's own files, else null. */
export function projectFrame(raw: string): string | null {
  const text = raw.includes('file://') ? raw.replace(/file:\/\//g, '') : raw;
  const py = PY_FRAME.exec(text);
  if (py) return FOREIGN.test(py[1]!) ? null : `${py[1]}:${py[2]}`;
  const m = FILE_LINE.exec(text);
  if (!m) return null;
  if (FOREIGN.test(m[1]!)) return null;
  return `${m[1]}:${m[2]}`;
}

/** The exception line that ends a Python traceback: `ValueError: bad`, `mod.errors.Custom: x`, `KeyError`. */
export const PYTHON_EXCEPTION = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failure|Warning|Fault)\b(?::.*)?$|^[a-z_]\w*(?:\.[A-Za-z_]\w*)+: /;

/** GitHub Actions job logs (every line starts with an ISO timestamp) belong to the ci-log reducer. */
export function looksTimestamped(head: string): boolean {
  const { lines, stamped } = countTimestamped(head, 20);
  return lines > 0 && stamped >= Math.max(1, lines / 2);
}

/** Scores content evidence: the best single hit, a little more for each further kind of hit. */
export function scoreHits(hits: number[]): number {
  const sorted = hits.filter((h) => h > 0).sort((a, b) => b - a);
  if (sorted.length === 0) return 0;
  return Math.min(0.98, sorted[0]! + 0.04 * (sorted.length - 1));
}
