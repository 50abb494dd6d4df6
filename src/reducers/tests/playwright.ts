/**
 * Playwright Test's list and line reporters: the closing totals (`  3 failed`, `  1 flaky`, `  1 skipped`,
 * `  35 passed (15.9s)`) with the names listed under them, and the numbered failure blocks before them
 * (`  1) [chromium] › tests/a.spec.ts:5:3 › Suite › title ───`, the `Error:` line, Expected / Received, the
 * code frame's `>` line, `at tests/a.spec.ts:5:3`), one per failed test with its retries inside.
 * Docs: https://playwright.dev/docs/test-reporters
 */
import type { Reducer } from '../../core/types.js';
import { readAssertionLine } from './js-test-lines.js';
import { OpenFailure, TestReport, projectFrame, type FailureDraft } from './test-report.js';
import { PLAYWRIGHT_RESULT, playwrightClaims } from './playwright.claims.js';
import { COUNT, countOf } from './counts.js';

/** `  1) [chromium] › tests/a.spec.ts:5:3 › Suite › title ───────` (the rule is cut on a narrow terminal). */
const FAILURE = /^ {2}\d+\) ((?:\[[^\]]+\] › )?\S+:\d+:\d+ › .+?)\s*─*$/;
/** A retry's part of a failure block: `    Retry #1 ───────`. */
const RETRY = /^ {4}Retry #\d+ ─+$/;
/** The closing totals: `  3 failed`, `  1 flaky`, `  35 passed (15.9s)`, `  2 did not run`. */
const TOTAL = new RegExp(String.raw`^ {2}(${COUNT}) (failed|flaky|skipped|passed|did not run|interrupted)(?: \(([^)]+)\))?$`);
/** The code frame's pointed line (`    > 10 |   expect(x)…`) and its caret line. */
const FRAME_LINE = /^\s*>\s*\d+ \|/;
/** Where an attachment, a trace or the error context lies: paths to read, not the failure. */
const ATTACHMENT = /^\s*(?:attachment #\d+|Error Context:|Usage:|npx playwright show-trace|test-results[\\/])/;

const COUNT_NAMES: Record<string, string> = { failed: 'failed', flaky: 'flaky', skipped: 'skipped', passed: 'passed', 'did not run': 'notRun', interrupted: 'interrupted' };

/** A test's name as a failure header and the totals' lists write it: without the rule after it. */
function testName(text: string): string {
  return text.replace(/\s*─+\s*$/, '').trim();
}

export const playwrightReducer: Reducer = {
  ...playwrightClaims,
  version: '1.0.0',
  start(ctx) {
    const report = new TestReport({ runner: 'playwright' }, ctx.errorPatterns);
    /** The closing totals: their count lines and the names listed under them, cited together at the end. */
    let totals: { stream: 'stdout' | 'stderr'; from: number; to: number; lastCount: number } | null = null;
    let retrying = false;
    /** Failure blocks are kept until the totals: a flaky test's block (its first attempt) is no failure of the run. */
    let open: OpenFailure | null = null;
    const blocks: FailureDraft[] = [];
    /** The count the lines under the totals are listed under (`flaky`), and the flaky tests' names. */
    let listedUnder = '';
    const flaky = new Set<string>();
    const closeOpen = (): void => {
      if (open) blocks.push(open.draft());
      open = null;
    };

    return report.run(
      (stream, n, text) => {
        const total = TOTAL.exec(text);
        if (total) {
          report.setCount(COUNT_NAMES[total[2]!]!, countOf(total[1]!));
          closeOpen();
          listedUnder = total[2]!;
          totals ??= { stream, from: n, to: n, lastCount: n };
          totals.to = n;
          totals.lastCount = n;
          return;
        }
        if (totals !== null) {
          // `    tests/a.spec.ts:5:3 › Suite › title ───`: a test listed under its count.
          if (totals.stream === stream && /^ {4}\S/.test(text)) {
            totals.to = n;
            if (listedUnder === 'flaky') flaky.add(testName(text));
          }
          return;
        }
        // A list line counts its test until the totals say (a run cut short never prints them); retries are not tests.
        const listed = PLAYWRIGHT_RESULT.exec(text);
        if (listed && !/\(retry #\d+\)/.test(text)) {
          const mark = /^ {2}(\S+)/.exec(text)![1]!;
          report.addCount(mark === '✓' || mark === 'ok' ? 'passed' : mark === '✘' || mark === 'x' ? 'failed' : 'skipped');
          return;
        }
        const start = FAILURE.exec(text);
        if (start) {
          closeOpen();
          open = new OpenFailure(testName(start[1]!), stream, n, text.length);
          open.mark(n);
          retrying = false;
          return;
        }
        if (!open || open.stream !== stream) return;
        const trimmed = text.trim();
        if (!trimmed) return;
        // A retry repeats the failure: the first attempt's lines stand for it.
        if (RETRY.test(text)) retrying = true;
        if (retrying || ATTACHMENT.test(text) || /^─+$/.test(trimmed)) return;
        if (/^at /.test(trimmed)) {
          const frame = projectFrame(trimmed);
          if (frame) open.setLocation(n, frame, text.length);
          return;
        }
        if (FRAME_LINE.test(text)) return open.mark(n, text.length);
        if (readAssertionLine(open, n, trimmed, text.length)) return;
        open.extend(n, text.length);
      },
      () => {
        closeOpen();
        for (const block of blocks) if (!flaky.has(block.name)) report.add(block);
        if (!totals) return;
        report.addTotals(totals.stream, totals.lastCount, 'totals');
        if (totals.to > totals.from) report.addExcerpt(totals.stream, totals.from, totals.to, 'totals and the tests listed under them', 'high');
      },
    );
  },
};
