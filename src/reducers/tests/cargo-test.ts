/**
 * `cargo test` (libtest): `test tests::three_items ... FAILED`, the failure blocks (`---- tests::x stdout ----`,
 * `thread 'tests::x' panicked at src/lib.rs:36:9:`, `assertion \`left == right\` failed`, `  left: 698`),
 * the per-binary totals (`test result: FAILED. 2 passed; 3 failed; 1 ignored; ...`) and compile errors.
 * Docs: https://doc.rust-lang.org/cargo/commands/cargo-test.html
 */
import { clip } from '../../core/format.js';
import type { Reducer, StreamName } from '../../core/types.js';
import { TestReport, projectFrame } from './test-report.js';
import { cargoTestClaims } from './cargo-test.claims.js';
import { COUNT, countOf } from './counts.js';

const RESULT = new RegExp(String.raw`^test result: (ok|FAILED)\. (${COUNT}) passed; (${COUNT}) failed; (${COUNT}) ignored; (${COUNT}) measured; (${COUNT}) filtered out`);
const BLOCK = /^---- (.+?) stdout ----$/;
/** `thread 'x' (123) panicked at src/lib.rs:36:9:` (Rust 1.73+) or `thread 'x' panicked at 'msg', src/lib.rs:36:9`. */
const PANICKED = /^thread '([^']*)'(?: \(\d+\))? panicked at (?:'(.*)', )?(\S+?:\d+:\d+):?$/;
const COMPILE_ERROR = /^error(?:\[E\d+\])?: (.+)$/;
/** The test harness's own lines (a test's verdict, `running 12 tests`, the lists under `successes:`): not a test's output. */
const HARNESS_LINE = /^(?:test \S.* \.\.\. |running \d+ tests?$|(?:successes|failures):$| {4}\S+$|\s*(?:Running|Doc-tests|Compiling|Finished)\s)/;

export const cargoTestReducer: Reducer = {
  ...cargoTestClaims,
  version: '1.1.2',
  start(ctx) {
    const report = new TestReport({ runner: 'cargo test' }, ctx.errorPatterns);
    /** The green `test result:` line with the most tests (the totals of a run with no failure). */
    let best: { stream: StreamName; n: number; passed: number } | null = null;
    /** Backtrace lines end what is worth citing of a block. */
    let trace = false;
    /** A compile error being read on stderr. */
    let compile: { stream: StreamName; n: number; message: string; location?: string; to: number } | null = null;

    const closeCompile = (): void => {
      if (!compile) return;
      const c = compile;
      compile = null;
      // Only a compiler diagnostic (with its `-->` location) is a failure of its own.
      if (!c.location) return;
      report.add({ name: 'compile', stream: c.stream, from: c.n, to: c.to, message: c.message, ...(c.location ? { location: c.location } : {}), focus: [c.n] });
    };

    return report.run((stream, n, text) => {
      const result = RESULT.exec(text);
      if (result) {
        report.closeBlock();
        const [, , passed = '', failed = '', ignored = ''] = result;
        report.addCount('passed', countOf(passed));
        if (countOf(failed) > 0) report.addCount('failed', countOf(failed));
        if (countOf(ignored) > 0) report.addCount('ignored', countOf(ignored));
        // A binary that ran nothing (empty doc-tests) says nothing about the outcome.
        if (passed !== '0' || failed !== '0' || ignored !== '0') report.addResultLine(stream, n, text.length);
        // One line per test binary: cite the failing ones, and the largest green one.
        if (failed !== '0') report.addTotals(stream, n, 'failed binary');
        else if (!best || countOf(passed) > best.passed) best = { stream, n, passed: countOf(passed) };
        return;
      }
      const block = BLOCK.exec(text);
      if (block) {
        report.openBlock(block[1]!, stream, n, text.length);
        trace = false;
        return;
      }
      if (/^failures:$/.test(text)) return void report.closeBlock();
      if (compile && compile.stream === stream) {
        const at = /^\s*--> (\S+:\d+):\d+/.exec(text);
        if (at) compile.location ??= at[1]!;
        if (/^\s*(?:-->|\||\d+ \||= )/.test(text) || text.trim() === '') {
          if (text.trim() !== '' && n - compile.n < 12) compile.to = n;
          return;
        }
        closeCompile();
      }
      const error = COMPILE_ERROR.exec(text);
      if (error && !report.block) {
        if (/^could not compile|^test failed, to rerun/.test(error[1]!)) {
          report.addExcerpt(stream, n, n, clip(error[1]!, 160), 'mandatory');
          return;
        }
        if (/^aborting due to|^\d+ targets? failed/.test(error[1]!)) return;
        compile = { stream, n, message: text, to: n };
        return;
      }
      const open = report.block;
      // What a passing test printed under `--nocapture` (`loaded 168 fx rates; EUR/CHF is stale`): a line of its own.
      if (!open && stream === 'stdout' && text.trim() !== '' && !HARNESS_LINE.test(text)) report.addTestLog(stream, n, text.trim(), text.length);
      if (!open || open.stream !== stream) return;
      if (/^stack backtrace:$/.test(text)) {
        trace = true;
        return;
      }
      const panicked = PANICKED.exec(text);
      if (panicked) {
        const frame = projectFrame(panicked[3]!);
        if (frame) open.setLocation(n, frame, text.length);
        else open.mark(n, text.length);
        if (panicked[2]) open.setMessage(n, panicked[2], text.length);
        return;
      }
      if (trace || !text.trim() || /^note: /.test(text)) return;
      if (/^\s*(?:left|right)(?: val)?: /.test(text)) {
        open.mark(n, text.length);
        if (open.details < 2) open.addDetail(text.trim());
        return;
      }
      if (open.message === undefined) open.setMessage(n, text, text.length);
      else open.extend(n, text.length);
    }, () => {
      closeCompile();
      if (best) report.addTotals(best.stream, best.n, 'totals', report.counts.failed ? 'normal' : 'mandatory');
    });
  },
};

