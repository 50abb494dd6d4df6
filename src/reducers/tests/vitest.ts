/**
 * Vitest's default reporter: failure blocks under `⎯⎯ Failed Tests 3 ⎯⎯` (` FAIL  src/x.test.ts > suite > test`,
 * `AssertionError: expected 698 to be 699`, `- Expected` / `+ Received`, ` ❯ src/x.test.ts:10:92`) and the
 * totals (`      Tests  3 failed | 4 passed (7)`). Failures go to stderr, totals to stdout.
 * Docs: https://vitest.dev/guide/reporters
 */
import type { Reducer, StreamName } from '../../core/types.js';
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
/** A failing test under its file in the run's list (`   ❯ a.test.ts > suite > name`, `   × name 5ms`), its message on the next line (`     → …`). */
const LISTED_FAILURE = /^ {3,5}(?:❯|×) (\S.*?)(?: \d+ms)?$/;
const LISTED_MESSAGE = /^ {5}→ (\S.*)$/;
/** Failing tests read from the list, kept only when no `Failed Tests` section follows (a cut or interrupted output). */
const MAX_LISTED = 200;

export const vitestReducer: Reducer = {
  ...vitestClaims,
  version: '1.2.0',
  wantsJson: true,
  start(ctx) {
    const report = new TestReport({ runner: 'vitest' }, ctx.errorPatterns);
    let section = '';
    const listed: Array<{ name: string; stream: StreamName; n: number; to: number; message?: string }> = [];

    const run = report.run((stream, n, text) => {
      if (FILE_RESULT.test(text)) report.addResultLine(stream, n, text.length);
      if (!section) {
        const failure = LISTED_FAILURE.exec(text);
        if (failure && listed.length < MAX_LISTED) return void listed.push({ name: failure[1]!, stream, n, to: n });
        const message = LISTED_MESSAGE.exec(text);
        const last = listed[listed.length - 1];
        if (message && last && last.stream === stream && last.to === n - 1 && last.message === undefined) {
          last.message = message[1]!;
          last.to = n;
          return;
        }
      }
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
    }, () => {
      // The run's list names each failing test and its message; the `Failed Tests` section after it says more.
      // When that section never came (the output was cut, the run was stopped), the list is what there is.
      if (section || report.failures > 0) return;
      for (const f of listed) report.add({ name: f.name, stream: f.stream, from: f.n, to: f.to, message: f.message ?? 'failed', focus: [f.n] });
    });
    // `--json` (jest) / `--reporter=json` (vitest): the report as a document on stdout.
    return { ...run, json: (doc, style) => void readJestReport(doc, style, report) };
  },
};
