/**
 * Mocha's spec reporter: the totals (`  3 passing (21ms)`, `  1 pending`, `  2 failing`) and the
 * numbered failure blocks after them (`  1) cart`, `       sums three items:`, the error, the
 * `+ expected - actual` diff, `at Context.<anonymous> (test/cart.spec.js:10:14)`).
 * Docs: https://mochajs.org/#spec
 */
import type { Reducer } from '../../core/types.js';
import { readAssertionLine } from './js-test-lines.js';
import { TestReport, projectFrame } from './test-report.js';
import { mochaClaims } from './mocha.claims.js';
import { COUNT, countOf } from './counts.js';

const PASSING = new RegExp(String.raw`^\s+(${COUNT}) passing(?: \(\d+(?:ms|s|m)\))?$`);
const PENDING = new RegExp(String.raw`^\s+(${COUNT}) pending$`);
const FAILING = new RegExp(String.raw`^\s+(${COUNT}) failing$`);
const FAILURE = /^ {2}(\d+)\) (.*)$/;
/** A passing test's line in the list; mocha adds its time only when it passed half its `slow` mark (75 ms by default). */
const PASSED = /^\s+(?:✔|✓) (.+?) \((\d+)ms\)$/;
/** A pending test in the list: `  - refunds partially` (no body, or `it.skip`). */
const PENDING_TEST = /^\s+- (\S.*)$/;

export const mochaReducer: Reducer = {
  ...mochaClaims,
  version: '1.2.0',
  start(ctx) {
    const report = new TestReport({ runner: 'mocha' }, ctx.errorPatterns);
    /** Failure blocks come after the `N failing` line. */
    let failures = false;
    /** The test's title spans lines until one ends with `:`. */
    let title: string[] | null = null;

    /** The totals end the list of tests: a `- x` line after them is a diff, not a pending test. */
    let listed = false;

    return report.run((stream, n, text) => {
      if (!listed && stream === 'stdout') {
        const pendingTest = PENDING_TEST.exec(text);
        if (pendingTest) return report.addSkip(stream, n, `pending: ${pendingTest[1]!}`, text.length);
        const timed = PASSED.exec(text);
        if (timed) return report.addReportedDuration(stream, n, timed[1]!, Number(timed[2]) / 1000, 0);
      }
      const passing = PASSING.exec(text);
      if (passing) listed = true;
      if (passing) {
        report.setCount('passed', countOf(passing[1]!));
        report.addTotals(stream, n, 'passing');
        return;
      }
      const pending = PENDING.exec(text);
      if (pending) return report.setCount('skipped', countOf(pending[1]!));
      const failing = FAILING.exec(text);
      if (failing) {
        report.setCount('failed', countOf(failing[1]!));
        report.addTotals(stream, n);
        failures = true;
        return;
      }
      if (!failures) return;
      const start = FAILURE.exec(text);
      if (start) {
        const open = report.openBlock(start[2]!.replace(/:$/, ''), stream, n, text.length);
        title = start[2]!.endsWith(':') ? null : [start[2]!];
        if (!title) open.mark(n);
        return;
      }
      const open = report.block;
      if (!open || open.stream !== stream) return;
      const trimmed = text.trim();
      if (title) {
        // `  1) cart` / `       total()` / `         sums three items:` name the test together.
        title.push(trimmed.replace(/:$/, ''));
        open.extend(n, text.length);
        if (trimmed.endsWith(':')) {
          open.name = title.join(' ');
          title = null;
        }
        return;
      }
      if (!trimmed) return;
      if (/^at /.test(trimmed)) {
        const frame = projectFrame(trimmed);
        if (frame) open.setLocation(n, frame, text.length);
        return;
      }
      if (readAssertionLine(open, n, trimmed, text.length)) return;
      if (/^[-+]\S/.test(trimmed) && open.focus.length < 8) return open.mark(n, text.length);
      open.extend(n, text.length);
    });
  },
};
