/**
 * Vitest's default reporter: failure blocks under `⎯⎯ Failed Tests 3 ⎯⎯` (` FAIL  src/x.test.ts > suite > test`,
 * `AssertionError: expected 698 to be 699`, `- Expected` / `+ Received`, ` ❯ src/x.test.ts:10:92`) and the
 * totals (`      Tests  3 failed | 4 passed (7)`). Failures go to stderr, totals to stdout.
 * Docs: https://vitest.dev/guide/reporters
 */
import type { Reducer } from '../../core/types.js';
import { readJestReport } from './jest-json.js';
import { parseCounts, readAssertionLine } from './js-test-lines.js';
import { TestReport, projectFrame } from './test-report.js';
import { vitestClaims } from './vitest.claims.js';
import { COUNT, countOf } from './counts.js';

const HEADER = /^ ?FAIL {1,2}(\S.*?)\s*$/;
const SECTION = /^⎯+\s*(Failed Tests|Failed Suites|Unhandled Errors?|Unhandled Rejection)\b.*⎯+$/;
const SEPARATOR = /^⎯+(?:\[\d+\/\d+\])?⎯*$/;
/** One test file's result: ` ✓ src/a.test.ts (3 tests) 5ms`, ` ❯ src/b.test.ts (2 tests | 1 failed)`. */
const FILE_RESULT = new RegExp(String.raw`^ [\u2713\u276f\u00d7\u2193] \S+\.(?:test|spec)\.[cm]?[jt]sx? \(${COUNT} tests?`);
const TEST_FILES = /^\s*Test Files\s+(.+)$/;
const TESTS = new RegExp(String.raw`^\s*Tests\s+(${COUNT} .+)$`);
const ERRORS = new RegExp(String.raw`^\s*Errors\s+(${COUNT}) errors?\b`);

export const vitestReducer: Reducer = {
  ...vitestClaims,
  version: '1.1.2',
  wantsJson: true,
  start(ctx) {
    const report = new TestReport({ runner: 'vitest' }, ctx.errorPatterns);
    let section = '';

    const run = report.run((stream, n, text) => {
      if (FILE_RESULT.test(text)) report.addResultLine(stream, n, text.length);
      const files = TEST_FILES.exec(text);
      if (files) {
        report.closeBlock();
        for (const [k, v] of parseCounts(files[1]!)) if (k === 'failed' || k === 'passed') report.setCount(k === 'failed' ? 'suitesFailed' : 'suitesPassed', v);
        report.addTotals(stream, n, 'test files');
        return;
      }
      const tests = TESTS.exec(text);
      if (tests && !report.block) {
        for (const [k, v] of parseCounts(tests[1]!)) report.setCount(k, v);
        report.addTotals(stream, n);
        return;
      }
      const errors = ERRORS.exec(text);
      if (errors) {
        report.setCount('errors', countOf(errors[1]!));
        report.addTotals(stream, n, 'errors');
        return;
      }
      const heading = SECTION.exec(text);
      if (heading) {
        report.closeBlock();
        section = heading[1]!;
        if (section.startsWith('Unhandled')) report.openBlock(section, stream, n, text.length);
        return;
      }
      if (SEPARATOR.test(text.trim()) && text.trim() !== '') return void report.closeBlock();
      if (!section) return;
      const header = HEADER.exec(text);
      if (header) {
        report.openBlock(header[1]!.replace(/\s+\[ .* \]$/, ''), stream, n, text.length);
        return;
      }
      const open = report.block;
      if (!open || open.stream !== stream) return;
      const trimmed = text.trim();
      if (!trimmed) return;
      if (/^❯ /.test(trimmed) || /^at /.test(trimmed)) {
        const frame = projectFrame(trimmed);
        if (frame && open.location === undefined) open.setLocation(n, frame, text.length);
        return;
      }
      if (/^\d+\|/.test(trimmed) || /^\|\s*\^/.test(trimmed)) return;
      if (!readAssertionLine(open, n, trimmed, text.length)) open.extend(n, text.length);
    });
    // `--json` (jest) / `--reporter=json` (vitest): the report as a document on stdout.
    return { ...run, json: (doc, style) => void readJestReport(doc, style, report) };
  },
};
