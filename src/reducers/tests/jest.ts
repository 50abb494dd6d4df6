/**
 * Jest's default reporter: `FAIL src/x.test.js`, failure blocks (`  ● suite › test`, the matcher
 * message, `Expected: 3` / `Received: 2`, the code frame, `at Object.<anonymous> (src/x.test.js:8:5)`)
 * and the totals (`Tests:       3 failed, 4 passed, 7 total`). Reads stdout and stderr alike.
 * Docs: https://jestjs.io/docs/cli
 */
import type { Reducer } from '../../core/types.js';
import { type OpenFailure, TestReport, projectFrame } from './test-report.js';
import { readJestReport } from './jest-json.js';
import { parseCounts, readAssertionLine } from './js-test-lines.js';
import { jestClaims } from './jest.claims.js';

const SUITE = /^(PASS|FAIL)\s+(?:\S+\s+)?(\S+\.(?:[cm]?[jt]sx?|vue|svelte))\b/;
const HEADER = /^ {2}● (.+)$/;
const TESTS = /^Tests:\s+(.+)$/;
const SUITES = /^Test Suites:\s+(.+)$/;

export const jestReducer: Reducer = {
  ...jestClaims,
  version: '1.2.1',
  wantsJson: true,
  start(ctx) {
    const report = new TestReport({ runner: 'jest' }, ctx.errorPatterns);
    let suite = '';
    /** Jest repeats every failure under "Summary of all failing tests"; read them once. */
    let repeated = false;

    const run = report.run((stream, n, text) => {
      const suiteLine = SUITE.exec(text);
      if (suiteLine) {
        report.closeBlock();
        report.addResultLine(stream, n, text.length);
        suite = suiteLine[2]!;
        return;
      }
      const tests = TESTS.exec(text);
      if (tests) {
        report.closeBlock();
        for (const [k, v] of parseCounts(tests[1]!)) report.setCount(k, v);
        report.addTotals(stream, n);
        return;
      }
      const suites = SUITES.exec(text);
      if (suites) {
        report.closeBlock();
        for (const [k, v] of parseCounts(suites[1]!)) if (k === 'failed' || k === 'passed') report.setCount(k === 'failed' ? 'suitesFailed' : 'suitesPassed', v);
        report.addTotals(stream, n, 'suites');
        return;
      }
      if (/^Summary of all failing tests$/.test(text)) {
        report.closeBlock();
        repeated = true;
        return;
      }
      if (repeated) return;
      const header = HEADER.exec(text);
      if (header) {
        report.closeBlock();
        const title = header[1]!.trim();
        if (title === 'Console') return;
        const name = title === 'Test suite failed to run' && suite ? `${suite}: ${title}` : title;
        report.openBlock(name, stream, n, text.length);
        return;
      }
      const open = report.block;
      if (!open || open.stream !== stream) return;
      if (/^\S/.test(text)) return void report.closeBlock();
      readBlockLine(open, n, text);
    });
    // `--json` (jest) / `--reporter=json` (vitest): the report as a document on stdout.
    return { ...run, json: (doc, style) => void readJestReport(doc, style, report) };
  },
};

/** One line inside a `●` block: message, expected/received, code frame, stack. */
function readBlockLine(open: OpenFailure, n: number, text: string): void {
  const trimmed = text.trim();
  if (!trimmed) return;
  if (/^at /.test(trimmed)) {
    const frame = projectFrame(trimmed);
    if (frame && open.location === undefined) open.setLocation(n, frame, text.length);
    return;
  }
  if (/^>\s*\d+ \|/.test(trimmed)) return open.mark(n, text.length);
  if (readAssertionLine(open, n, trimmed, text.length)) return;
  open.extend(n, text.length);
}
