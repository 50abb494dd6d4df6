/**
 * Python's unittest runner (also Django's `manage.py test`): failure blocks after a `=====` rule
 * (`FAIL: test_three (test_cart.TotalTest.test_three)`, the traceback, `AssertionError: 698 != 699`)
 * and the totals (`Ran 7 tests in 0.012s`, `FAILED (failures=1, errors=1, skipped=1)`). Writes to stderr.
 * Docs: https://docs.python.org/3/library/unittest.html#command-line-interface
 */
import type { Reducer } from '../../core/types.js';
import { PYTHON_EXCEPTION, TestReport, projectFrame } from './test-report.js';
import { unittestClaims } from './unittest.claims.js';
import { COUNT, countOf } from './counts.js';

const HEADER = /^(FAIL|ERROR|UNEXPECTED SUCCESS): (\S+) \(([^)]+)\)(.*)$/;
const RAN = new RegExp(String.raw`^Ran (${COUNT}) tests? in [\d.]+s$`);
const OUTCOME = /^(OK|FAILED)(?: \((.+)\))?$/;
const KEYS: Record<string, string> = { failures: 'failed', errors: 'errors', skipped: 'skipped', expected_failures: 'xfailed', unexpected_successes: 'xpassed' };

export const unittestReducer: Reducer = {
  ...unittestClaims,
  version: '1.0.1',
  start(ctx) {
    const report = new TestReport({ runner: 'unittest' }, ctx.errorPatterns);
    /** After a header: the `-----` rule that opens the traceback has not been passed yet. */
    let beforeTrace = false;

    return report.run((stream, n, text) => {
      const ran = RAN.exec(text);
      if (ran) {
        report.closeBlock();
        report.setCount('total', countOf(ran[1]!));
        report.addTotals(stream, n);
        return;
      }
      const outcome = OUTCOME.exec(text);
      if (outcome) {
        report.closeBlock();
        for (const part of (outcome[2] ?? '').split(', ')) {
          const [key, value] = part.split('=');
          if (key && value && KEYS[key]) report.setCount(KEYS[key], Number(value));
        }
        report.addTotals(stream, n, 'outcome');
        return;
      }
      const header = HEADER.exec(text);
      if (header) {
        const [, , method, where, rest] = header;
        const id = where!.endsWith(`.${method}`) ? where! : `${where}.${method}`;
        report.openBlock(`${id}${rest}`, stream, n, text.length).trimHead = true;
        beforeTrace = true;
        return;
      }
      const open = report.block;
      if (!open || open.stream !== stream) return;
      if (/^-{20,}$/.test(text)) {
        if (beforeTrace) beforeTrace = false;
        else report.closeBlock();
        return;
      }
      if (/^={20,}$/.test(text)) return void report.closeBlock();
      if (!text.trim()) return;
      const frame = projectFrame(text);
      if (frame && /^\s+File "/.test(text)) return open.setLocation(n, frame, text.length);
      // The exception closes the traceback; with chained exceptions the last one wins.
      if (PYTHON_EXCEPTION.test(text)) return open.setFinalMessage(n, text);
      if (/^[-+?] /.test(text) && open.message !== undefined && open.focus.length < 8) return open.mark(n, text.length);
      open.extend(n, text.length);
    });
  },
};
