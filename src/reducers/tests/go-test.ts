/**
 * `go test` output, plain or -v (`--- FAIL: TestX (0.01s)`, `    x_test.go:12: want 2, got 3`,
 * `FAIL\tgithub.com/x/y\t0.337s`), and the `go test -json` event stream (test2json:
 * `{"Action":"fail","Package":"x/y","Test":"TestX","Elapsed":0.01}`), read line by line.
 * Docs: https://pkg.go.dev/cmd/go#hdr-Test_packages, https://pkg.go.dev/cmd/test2json
 */
import type { Reducer, ReducerRun, StreamName } from '../../core/types.js';
import { OpenFailure, TestReport, projectFrame } from './test-report.js';
import { goTestClaims } from './go-test.claims.js';
import { COUNT, countOf } from './counts.js';
import { plural } from '../../core/format.js';

const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+)(?: \(([\d.]+)s\))?/;
const PACKAGE_OK = /^ok\s+(\S+)\s/;
/** `?   \texample.com/x/cmd\t[no test files]`: a package whose tests did not run because it has none. */
const PACKAGE_NO_TESTS = /^\?\s+\S+\s+\[no test files\]/;
/** `ok  \texample.com/x\t0.01s\tcoverage: 84.6% of statements`: a package's result under `-cover`. */
const COVERAGE = /\scoverage: (?:[\d.]+% of statements|\[no statements\])/;

/** The percentage of a coverage line (`coverage: 84.6% of statements`), or undefined. */
function coverageOf(text: string): number | undefined {
  const m = /\scoverage: ([\d.]+)%/.exec(text);
  return m ? Number(m[1]) : undefined;
}
const PACKAGE_FAIL = /^FAIL\s+(\S+)\s+(?:[\d.]+s|\[[^\]]+\])/;
/** `    x_test.go:12: message` as t.Errorf and friends print it. */
const TEST_LOG = /^\s+(\S+\.go):(\d+):\s?(.*)$/;
/** testify's block: `Error Trace:  x_test.go:29`, `Error:  Not equal:`, `Messages: ...`. */
const TESTIFY = /^\s+(Error Trace|Error|Messages|Test|expected|actual\s*):\s+(.*)$/;
/** A benchmark's result: `BenchmarkParse-8   	49772084	        25.62 ns/op	       0 B/op` (custom metrics too). */
const BENCH_RESULT = /^Benchmark\S+\s+\d+\s+[\d.]+ \S+\/op\b/;
/** A runtime report that fails the test binary: a panic, a fatal error (concurrent map writes, deadlock), a data race (-race). */
const PANIC = /^(?:panic: |fatal error: |WARNING: DATA RACE$)/;
/** gotestsum's summary: `=== FAIL: example.com/x TestName (0.00s)`, `DONE 54 tests, 5 skipped, 12 failures in 1.234s`, `✖  example.com/x (20ms)`. */
const GOTESTSUM_FAIL = /^=== (?:FAIL|Errors?):? (\S+)(?: (\S+))?(?: \([\d.]+s\))?$/;
const GOTESTSUM_DONE = new RegExp(String.raw`^DONE (?:${COUNT} runs?, )?(${COUNT}) tests?(.*?) in [\d.]+s$`);
const GOTESTSUM_COUNTS = new RegExp(String.raw`(${COUNT}) (skipped|failures?|errors?)`, 'g');
const GOTESTSUM_PACKAGE = /^([✓✖∅]) {2}(\S+)/;
/** Wording of a failed check, preferred over plain t.Log lines as the message. */
const ASSERTY = /\b(?:want(?:ed)?|expected|got|mismatch|unexpected|differ|not equal|error|fail(?:ed|ure)?|should|must|missing|invalid)\b|!=|==/i;
/** Lines of a panic excerpt searched for the first project frame. */
const PANIC_SCAN = 60;
/** Lines of a panic cited when its trace has no project frame. */
const PANIC_HEAD = 8;
/** Lines below a test's first output line within which its `--- FAIL:` line is cited with it (the longest failure block, MAX_BLOCK_SPAN). */
const VERDICT_NEAR = 40;
/** Lines below a skip's reason within which its `--- SKIP:` line is cited with it, as one range. */
const SKIP_NEAR = 2;
/**
 * Lines below a skip's reason within which its `--- SKIP:` line is cited on its own beside it: a
 * subtest's verdict comes after its siblings' lines (-v prints them when the parent ends).
 */
const SKIP_NAMED = 40;
/** Characters of a kept output line remembered (a line's template needs no more; state stays bounded). */
const TEXT_KEPT = 400;
/** Tests whose output is kept while they run. */
const MAX_OUTPUTS = 5_000;
/** A changed row of a diff printed in a failure message: `- ` or `+ ` after the indentation (go-cmp, testify, hand-made). */
const DIFF_CHANGE = /^\s*[-+]\s+\S/;
/** Lines of a test's output kept in order (the block cited under its name). */
const KEPT_LINES = 8;
/**
 * A printed line that only names what follows (`got:`, `want (unordered):`, `diff:`): a short phrase ending
 * in a colon, no value on the line. An Example's failure prints its output and the expected output this way.
 */
const LABEL = /^[A-Za-z][\w ()-]{0,30}:$/;
/**
 * Past the first KEPT_LINES, a line printed from a call site (`x_test.go:30`) seen at most this many
 * times is still kept: another check than the t.Logf loop that filled the block, however far below.
 */
const RARE_SITE = 3;
/** Lines kept that way, per test (each is cited on its own when it is below the block). */
const MAX_RARE_LINES = 4;
/** Call sites counted per test (state stays bounded). */
const MAX_SITES = 64;

export const goTestReducer: Reducer = {
  ...goTestClaims,
  version: '1.1.5',
  start(ctx) {
    const json = /^\s*\{"(?:Time|Action|ImportPath)"/.test(ctx.head);
    // Events carry everything a test said; the last events add nothing but bytes.
    const report = new TestReport({ runner: 'go test', tail: !json }, ctx.errorPatterns);
    return json ? jsonRun(report) : textRun(report);
  },
};

/** What a failing test's output says: the message, the project frame, the lines worth citing. */
class TestOutput {
  readonly lines: number[] = [];
  /** The text of each kept line (without the json wrapping, at most TEXT_KEPT characters), for the logs of a test that passes. */
  readonly texts: string[] = [];
  /** The full length of each kept line. */
  readonly lengths: number[] = [];
  /** Lines past the first KEPT_LINES printed from a rarely seen call site (see RARE_SITE). */
  readonly rare: number[] = [];
  /** The first changed rows (`-` / `+`) of a diff printed under the message, past the lines kept for the block. */
  readonly changes: number[] = [];
  /** How many lines each call site (`x_test.go:30`) printed so far. */
  private readonly sites = new Map<string, number>();
  message?: string;
  location?: string;
  /** Whether t.Log lines were seen without a message yet (testify puts it on a later line). */
  private wantsMessage = false;
  /** Whether the location came from testify's `Error Trace` (better than the helper's frame). */
  private fromTestify = false;
  /** Whether the message reads like an assertion (a t.Log line before it is only context). */
  private asserts = false;
  /** Whether testify's `Messages:` may still complete the message. */
  private open = false;
  /** Whether the message is a label whose value follows on the next lines (an example's `got:` and `want:`). */
  private labelled = false;

  /** Reads one output line (without the json wrapping); n is the artifact line to cite. */
  read(n: number, text: string): void {
    if (/^\s*(?:=== (?:RUN|PAUSE|CONT|NAME)|--- (?:PASS|FAIL|SKIP):)/.test(text) || text.trim() === '') return;
    const testify = TESTIFY.exec(text);
    if (testify) {
      const [, key, value] = testify;
      if (key === 'Error Trace') {
        this.location ??= projectFrame(value!.trim()) ?? undefined;
        this.fromTestify = this.location !== undefined;
      }
      if (key === 'Error' && (this.message === undefined || this.wantsMessage)) {
        this.message = value!.trim();
        this.wantsMessage = false;
        this.open = true;
      } else if (key === 'Messages' && this.open && this.message !== undefined) {
        this.message = `${this.message} ${value!.trim()}`;
        this.open = false;
      }
      // A 2 KB `expected: []byte{0x7b, ...}` dump costs more than it shows; the diff and the message remain.
      if (key !== 'Test' && text.length <= 300) this.keep(n, text);
      return;
    }
    const log = TEST_LOG.exec(text);
    if (log) {
      const site = `${log[1]}:${log[2]}`;
      const seen = (this.sites.get(site) ?? 0) + 1;
      if (seen === 1 && this.sites.size >= MAX_SITES) this.sites.set('\u0000other', MAX_SITES);
      else this.sites.set(site, seen);
      if (this.lines.length >= KEPT_LINES && seen <= RARE_SITE && this.rare.length < MAX_RARE_LINES) this.rare.push(n);
      const frame = projectFrame(site);
      if (frame && !this.fromTestify) this.location ??= frame;
      const said = log[3]!.trim();
      if (this.message === undefined || this.wantsMessage || (!this.asserts && ASSERTY.test(said))) {
        if (said) {
          if (frame && !this.fromTestify) this.location = frame;
          this.message = said;
          this.asserts = ASSERTY.test(said);
          this.wantsMessage = false;
        } else this.wantsMessage = true;
      }
      this.keep(n, text);
      return;
    }
    const said = text.trim();
    // A changed row of a diff the message printed (`- want row`, `+ got row`), however far into a long one.
    if (this.message !== undefined && this.lines.length >= 3 && DIFF_CHANGE.test(text) && this.changes.length < MAX_RARE_LINES) this.changes.push(n);
    if (this.message === undefined && !/^\s*(?:goroutine |created by |\S+\(.*\)$|\t\/)/.test(text)) {
      this.message = said;
      this.labelled = LABEL.test(said);
    } else if (this.labelled && this.message !== undefined && LABEL.test(this.message)) {
      // The label's value is the message (`got:` then `[333 333 333]`): two examples failing with different output are two errors.
      this.message = `${this.message} ${said.slice(0, TEXT_KEPT)}`;
    }
    // A labelled block (`got:` … `want:` …) is kept to its values; other printed lines are context.
    if (this.lines.length < (this.labelled ? KEPT_LINES : 3)) this.keep(n, text);
  }

  /**
   * Whether an unindented line still belongs to this failure (plain output): an Example prints its
   * `got:` and `want:` blocks at the margin, where a test's t.Log lines are indented.
   */
  continues(text: string): boolean {
    return this.labelled || (this.message === undefined && LABEL.test(text.trim()));
  }

  private keep(n: number, text: string): void {
    if (this.lines.length >= KEPT_LINES) return;
    this.lines.push(n);
    this.texts.push(text.slice(0, TEXT_KEPT));
    this.lengths.push(text.length);
  }

  /**
   * Counts what a test that passed printed (its own log lines) with the report. Text output only: a
   * `-json` event wraps each such line in some 120 bytes of JSON, more than the line is worth there.
   */
  passed(report: TestReport, stream: StreamName): void {
    this.lines.forEach((n, i) => {
      const text = this.texts[i]!;
      if (TEST_LOG.test(text)) report.addTestLog(stream, n, text.trim(), this.lengths[i]!);
    });
  }

  /**
   * `verdict` (text output only): the `--- FAIL:` line at `fallback` came right after this test's own
   * output (`follows`), or may sit a few lines below it (`near`); a JSON event stream passes none.
   */
  failure(name: string, stream: StreamName, fallback: number, verdict?: 'follows' | 'near'): OpenFailure {
    const from = this.lines[0] ?? fallback;
    const open = new OpenFailure(name, stream, from);
    for (const n of this.lines) open.mark(n, 200);
    // -v prints a test's output before its `--- FAIL:` line (a subtest's with its parent's, a few lines
    // below): the verdict line then belongs to the block, unless it is far below (hundreds of subtests).
    if (fallback > from && (verdict === 'follows' || (verdict === 'near' && fallback - from < VERDICT_NEAR))) open.mark(fallback, 60);
    if (this.message !== undefined) open.message = this.message;
    if (this.location !== undefined) open.location = this.location;
    return open;
  }

  /**
   * Adds the failure to the report, and each rare line (another check than the loop that filled the
   * block: `line 233: want 3 fields` among 300 t.Logf rows) the block's range does not reach as its own excerpt.
   */
  report(report: TestReport, name: string, stream: StreamName, fallback: number, verdict?: 'follows' | 'near'): void {
    const draft = this.failure(name, stream, fallback, verdict).draft();
    report.add(draft);
    const below = this.rare.filter((n) => n < draft.from || n > draft.to);
    const label = `failed: ${name.slice(0, 120)}`;
    const bullet = `${label}: ${plural(below.length, 'more line')} from other call sites far below its first output`;
    for (const n of below) report.addExcerpt(stream, n, n, `${label} (another call site)`, 'high', [n], bullet);
    const changed = this.changes.filter((n) => n < draft.from || n > draft.to);
    if (changed.length) {
      // The rows a diff says changed, cited as one range when they sit together (a `-` row and its `+` row).
      const from = changed[0]!;
      const to = changed[changed.length - 1]!;
      const diffBullet = `${label}: ${plural(changed.length, 'changed row')} of the diff in its message`;
      if (to - from < MAX_RARE_LINES * 2) report.addExcerpt(stream, from, to, `${label} (changed rows)`, 'high', changed, diffBullet);
      else for (const n of changed) report.addExcerpt(stream, n, n, `${label} (changed row)`, 'high', [n], diffBullet);
    }
  }
}

/** Cites a panic from its first line to the first project frame of its trace (bounded). */
class PanicTracker {
  private open: { stream: StreamName; from: number; label: string; focus: number[] } | null = null;

  /** The label of the last panic flushed, to name a package that failed without a failing test. */
  last: string | null = null;

  constructor(private readonly report: TestReport) {}

  line(stream: StreamName, n: number, text: string): void {
    if (PANIC.test(text)) {
      this.flush();
      this.open = { stream, from: n, label: text.trim().slice(0, 160), focus: [n] };
      return;
    }
    const open = this.open;
    if (!open || open.stream !== stream) return;
    if (n - open.from > PANIC_SCAN) return this.flush();
    if (/^\s*running tests:|^\t\S+ \(\d/.test(text) && open.focus.length < 6) open.focus.push(n);
    if (open.focus.length < 8 && projectFrame(text)) {
      open.focus.push(n);
      this.flush(n);
    }
  }

  flush(to?: number): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    const end = Math.max(open.from + 3, to === undefined ? open.from + PANIC_HEAD : Math.min(to, open.from + PANIC_SCAN));
    this.last = open.label;
    this.report.addExcerpt(open.stream, open.from, end, open.label, 'mandatory', open.focus);
  }
}

function textRun(report: TestReport): ReducerRun {
  const panics = new PanicTracker(report);
  /** The test whose output lines are arriving (-v prints them under `=== RUN`). */
  let current: string | null = null;
  /** Output of tests that have not passed yet, by name (-v prints verdicts of subtests at the end). */
  const outputs = new Map<string, TestOutput>();
  /** Failures reported so far (a few), to recognise parents listed after their subtests. */
  const failedNames = new Set<string>();
  /** A `--- FAIL` block being read (plain mode prints the output after it). */
  let failing: { name: string; indent: number; output: TestOutput; line: number; children: number; follows?: boolean } | null = null;
  let building: { stream: StreamName; pkg: string; from: number; to: number; focus: number[] } | null = null;
  let lastOk = 0;
  const stream: StreamName = 'stdout';

  const closeFailing = (): void => {
    if (!failing) return;
    const f = failing;
    failing = null;
    // A parent that failed only because its subtests did adds nothing of its own.
    if (f.output.message === undefined && (f.children > 0 || [...failedNames].some((x) => x.startsWith(`${f.name}/`)))) return;
    if (failedNames.size < 1000) failedNames.add(f.name);
    f.output.report(report, f.name, stream, f.line, f.follows ? 'follows' : 'near');
  };
  const closeBuild = (): void => {
    if (!building) return;
    report.addExcerpt(building.stream, building.from, building.to, `build failed: ${building.pkg}`, 'mandatory', building.focus);
    building = null;
  };

  return {
    line(s, n, text) {
      report.digest.line(s, n, text);
      if (building && building.stream === s) {
        if (/^\S+\.go:\d+(?::\d+)?: |^\s+/.test(text) && !PACKAGE_FAIL.test(text)) {
          building.to = n;
          if (building.focus.length < 6 && /\.go:\d+/.test(text)) building.focus.push(n);
          const m = /^(\S+\.go):(\d+)(?::\d+)?: (.*)$/.exec(text);
          if (m) report.add({ name: building.pkg, stream: s, from: n, to: n, message: m[3]!, location: `${m[1]}:${m[2]}`, focus: [n] });
          return;
        }
        closeBuild();
      }
      // `# example.com/x [example.com/x.test]` opens the compiler's errors for a package.
      const heading = /^# (\S+)(?: \[\S+\])?$/.exec(text);
      if (heading) {
        if (s === 'stdout') closeFailing();
        building = { stream: s, pkg: heading[1]!, from: n, to: n, focus: [] };
        return;
      }
      if (s !== 'stdout') return;
      panics.line(s, n, text);
      const result = RESULT.exec(text);
      if (result) {
        const [, indent, verdict, name] = result;
        // gotestsum repeats the verdict inside its own `=== FAIL:` block.
        if (failing && failing.indent < 0 && name === failing.name) return;
        report.addCount(verdict === 'PASS' ? 'passed' : verdict === 'FAIL' ? 'failed' : 'skipped');
        // `--- PASS: TestX (1.20s)`: a top-level test's time (a subtest's is inside its parent's).
        if (verdict === 'PASS' && result[4] !== undefined && !name!.includes('/')) report.addDuration(s, n, name!, Number(result[4]));
        if (verdict === 'SKIP') {
          // -v prints the reason (t.Skip's message) before the verdict; a reason-less skip is its own line.
          const said = outputs.get(name!);
          // The verdict line names the test the reason belongs to: cited with it when it follows closely.
          if (said?.message !== undefined && said.lines.length) {
            const from = said.lines[0]!;
            const named = n > from && n - from <= SKIP_NEAR;
            const also = !named && n > from && n - from <= SKIP_NAMED ? { n, length: text.length } : undefined;
            report.addSkip(s, from, said.message, said.message.length + 24 + (named ? text.length : 0), named ? n : from, also);
          } else report.addSkip(s, n, text.trim());
        }
        if (verdict !== 'FAIL') {
          if (verdict === 'PASS') outputs.get(name!)?.passed(report, s);
          outputs.delete(name!);
          if (failing && indent!.length <= failing.indent) closeFailing();
          return;
        }
        if (failing && indent!.length > failing.indent) failing.children++;
        if (failing && name!.startsWith(failing.name + '/')) {
          // The parent's own block ends where its first failing subtest begins.
          const parent = failing;
          failing = null;
          if (parent.output.message !== undefined) parent.output.report(report, parent.name, stream, parent.line);
        } else closeFailing();
        const output = outputs.get(name!) ?? new TestOutput();
        outputs.delete(name!);
        if (output.lines.length === 0) output.lines.push(n);
        failing = { name: name!, indent: indent!.length, output, line: n, children: 0, follows: current === name };
        current = null;
        return;
      }
      const run = /^=== (?:RUN|CONT|NAME)\s+(\S+)/.exec(text);
      if (run) {
        current = run[1]!;
        return;
      }
      // gotestsum: `=== FAIL: pkg TestName (0.00s)` followed by the test's output.
      const summary = GOTESTSUM_FAIL.exec(text);
      if (summary) {
        closeFailing();
        const [, pkg, name] = summary;
        failing = { name: name || pkg!, indent: -1, output: new TestOutput(), line: n, children: 0 };
        failing.output.lines.push(n);
        return;
      }
      const done = GOTESTSUM_DONE.exec(text);
      if (done) {
        closeFailing();
        const [, total, rest] = done;
        report.setCount('total', countOf(total!));
        for (const m of rest!.matchAll(GOTESTSUM_COUNTS)) report.setCount(m[2]!.startsWith('fail') ? 'failed' : m[2]!.startsWith('error') ? 'errors' : 'skipped', countOf(m[1]!));
        report.addTotals(s, n, 'totals');
        return;
      }
      const pkgLine = GOTESTSUM_PACKAGE.exec(text);
      if (pkgLine) {
        closeFailing();
        if (pkgLine[1] === '✖') report.addCount('packagesFailed');
        else if (pkgLine[1] === '✓') report.addCount('packagesOk');
        return;
      }
      if (BENCH_RESULT.test(text)) {
        report.addMeasurement(s, n, text.length);
        return;
      }
      const ok = PACKAGE_OK.exec(text);
      if (ok) {
        closeFailing();
        report.addCount('packagesOk');
        // A package's coverage is what `-cover` was run for: a measurement, as a benchmark's result is.
        if (COVERAGE.test(text)) report.addMeasurement(s, n, text.length, 'coverage line', coverageOf(text));
        else report.addResultLine(s, n, text.length);
        lastOk = n;
        return;
      }
      if (PACKAGE_NO_TESTS.test(text)) {
        closeFailing();
        report.addCount('packagesNoTests');
        report.addResultLine(s, n, text.length, true);
        return;
      }
      if (PACKAGE_FAIL.test(text)) {
        closeFailing();
        report.addCount('packagesFailed');
        report.addTotals(s, n, 'package failed');
        return;
      }
      if (/^(?:FAIL|PASS|exit status \d+)$/.test(text)) {
        closeFailing();
        return;
      }
      if (failing && (/^\s/.test(text) || text === '' || failing.output.continues(text))) {
        failing.output.read(n, text);
        return;
      }
      if (failing) closeFailing();
      if (current && /^\s/.test(text)) {
        let output = outputs.get(current);
        if (!output && outputs.size < MAX_OUTPUTS) outputs.set(current, (output = new TestOutput()));
        output?.read(n, text);
      }
    },
    finish(exit) {
      closeFailing();
      closeBuild();
      panics.flush();
      if (lastOk && report.counts.packagesFailed === undefined) report.addTotals(stream, lastOk, 'last package result', 'high');
      return report.finish(exit);
    },
  };
}

interface Event {
  Action?: string;
  Package?: string;
  /** Build events (Go 1.24+) name the package being built, `example.com/x [example.com/x.test]`. */
  ImportPath?: string;
  FailedBuild?: string;
  Test?: string;
  Output?: string;
}

/**
 * The output of the latest test of `pkg` that started and never ended (no pass, fail or skip event):
 * the test running when the package's process ended. Its entries are dropped from `running`.
 */
function diedIn(running: Map<string, TestOutput>, pkg: string): TestOutput | undefined {
  let died: TestOutput | undefined;
  for (const [key, output] of running) {
    if (!key.startsWith(`${pkg}\u0000`)) continue;
    running.delete(key);
    if (output.lines.length && (!died || output.lines[0]! > died.lines[0]!)) died = output;
  }
  return died;
}

function jsonRun(report: TestReport): ReducerRun {
  const panics = new PanicTracker(report);
  /** Output of tests still running, by package and test; dropped when they pass. */
  const running = new Map<string, TestOutput>();
  /** Package-level output (TestMain, build and panic messages), until the package ends. */
  const packages = new Map<string, { output: TestOutput; failedTests: number; lastLine: number }>();
  const failedNames = new Map<string, Set<string>>();
  /** Packages whose build errors were reported as failures already. */
  const builds = new Set<string>();
  /** The `--- SKIP:` output line of each skipped test, cited when it gave no reason. */
  const skipLines = new Map<string, number>();

  return {
    line(s, n, text) {
      report.digest.line(s, n, text);
      if (s !== 'stdout' || !text.startsWith('{')) return;
      let event: Event;
      try {
        event = JSON.parse(text) as Event;
      } catch {
        return;
      }
      const pkg = event.Package ?? '';
      const key = `${pkg}\u0000${event.Test ?? ''}`;
      let state = packages.get(pkg);
      if (!state) {
        state = { output: new TestOutput(), failedTests: 0, lastLine: n };
        if (packages.size < 10_000) packages.set(pkg, state);
      }
      switch (event.Action) {
        case 'build-output': {
          // Compiler errors as build events: each `file.go:12:3: message` is a failure of the package.
          const m = /^(\S+\.go):(\d+)(?::\d+)?: (.*)$/.exec((event.Output ?? '').replace(/\n$/, ''));
          const name = (event.ImportPath ?? '').replace(/ \[.*\]$/, '');
          if (m) {
            report.add({ name, stream: s, from: n, to: n, message: m[3]!, location: `${m[1]}:${m[2]}`, focus: [n] });
            if (builds.size < 10_000) builds.add(name);
          }
          return;
        }
        case 'output': {
          const out = (event.Output ?? '').replace(/\n$/, '');
          panics.line(s, n, out);
          if (!event.Test) {
            if (PACKAGE_FAIL.test(out)) report.addTotals(s, n, 'package failed');
            else if (PACKAGE_OK.test(out) && COVERAGE.test(out)) report.addMeasurement(s, n, text.length, 'coverage line', coverageOf(out));
            else if (!/^(?:PASS|FAIL|ok\s|\?\s|coverage: |exit status \d+$)/.test(out)) state.output.read(n, out);
            state.lastLine = n;
            return;
          }
          if (/^\s*--- SKIP: /.test(out)) {
            if (skipLines.size < MAX_OUTPUTS) skipLines.set(key, n);
            return;
          }
          let output = running.get(key);
          if (!output) {
            output = new TestOutput();
            if (running.size < MAX_OUTPUTS) running.set(key, output);
          }
          // An Example prints its verdict before its output (`--- FAIL: ExampleX`, then `got:`): the block starts there, as in text.
          if (/^\s*--- FAIL: /.test(out) && output.lines.length === 0) output.lines.push(n);
          output.read(n, out);
          return;
        }
        case 'pass':
        case 'skip':
        case 'fail': {
          if (!event.Test) {
            // A package-level skip is a package with no test files.
            report.addCount(event.Action === 'fail' ? 'packagesFailed' : event.Action === 'skip' ? 'packagesNoTests' : 'packagesOk');
            if (event.Action === 'fail' && state.failedTests === 0 && !builds.has(pkg)) {
              // The package failed with no failing test: TestMain, a panic, a build error, or a test that
              // ended the process (os.Exit, log.Fatal): then what that test printed last says why.
              panics.flush();
              const died = diedIn(running, pkg);
              const open = (died?.message !== undefined ? died : state.output).failure(pkg, s, n);
              open.message ??= panics.last ?? 'package failed without a failing test';
              report.add(open.draft());
            }
            packages.delete(pkg);
            return;
          }
          report.addCount(event.Action === 'pass' ? 'passed' : event.Action === 'fail' ? 'failed' : 'skipped');
          const output = running.get(key);
          running.delete(key);
          const verdictLine = skipLines.get(key);
          skipLines.delete(key);
          if (event.Action === 'skip') {
            // The reason's event names the test too ("Test":...): that one line says which test and why.
            if (output?.message !== undefined && output.lines.length) report.addSkip(s, output.lines[0]!, output.message, text.length);
            else report.addSkip(s, verdictLine ?? n, `--- SKIP: ${event.Test}`, text.length);
          }
          if (event.Action !== 'fail') return;
          state.failedTests++;
          const names = failedNames.get(pkg) ?? new Set<string>();
          // A parent failing only through its subtests adds nothing of its own.
          const isParent = [...names].some((x) => x.startsWith(event.Test + '/'));
          if (names.size < 1000) names.add(event.Test);
          failedNames.set(pkg, names);
          if (isParent && (!output || output.message === undefined)) return;
          (output ?? new TestOutput()).report(report, event.Test, s, n);
          return;
        }
        default:
          return;
      }
    },
    finish(exit) {
      return report.finish(exit);
    },
  };
}
