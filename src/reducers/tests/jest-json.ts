/**
 * The JSON report of jest (`jest --json`) and vitest (`--reporter=json`, the same shape):
 * `numFailedTests`, `testResults[].assertionResults[]` with `fullName`, `status`, `failureMessages`.
 * Failures are cited by JSON pointer; their messages are read like the text reporters' blocks.
 */
import stripAnsi from 'strip-ansi';
import type { JsonStyle } from '../../core/types.js';
import { readAssertionLine } from './js-test-lines.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson } from '../generic/json-render.js';
import { OpenFailure, projectFrame, type TestReport } from './test-report.js';

const COUNTS: Record<string, string> = {
  numFailedTests: 'failed',
  numPassedTests: 'passed',
  numPendingTests: 'skipped',
  numTodoTests: 'todo',
  numTotalTests: 'total',
  numFailedTestSuites: 'suitesFailed',
  numRuntimeErrorTestSuites: 'suitesErrored',
};

/** Whether a parsed document is a jest-style JSON report. */
export function isJestReport(doc: unknown): doc is Record<string, unknown> & { testResults: unknown[] } {
  return isPlainObject(doc) && Array.isArray(doc.testResults) && typeof doc.numTotalTests === 'number';
}

/** Reads a jest-style JSON report into the test report; returns false when the document is not one. */
export function readJestReport(doc: unknown, style: JsonStyle, report: TestReport): boolean {
  if (!isJestReport(doc)) return false;
  const shown: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(COUNTS)) {
    const value = doc[key];
    if (typeof value !== 'number') continue;
    shown[key] = value;
    if (value > 0 || name === 'passed' || name === 'total') report.setCount(name, value);
  }
  if (typeof doc.success === 'boolean') shown.success = doc.success;
  report.addPointerTotals('', [renderJson(new PartialObject(shown, Object.keys(doc).length - Object.keys(shown).length), { style, limit: 400 })]);

  doc.testResults.forEach((suite, i) => {
    if (!isPlainObject(suite)) return;
    const suitePointer = pointerJoin('/testResults', i);
    const file = typeof suite.name === 'string' ? suite.name : `suite ${i}`;
    const assertions = Array.isArray(suite.assertionResults) ? suite.assertionResults : [];
    let failedHere = 0;
    assertions.forEach((test, j) => {
      if (!isPlainObject(test) || test.status !== 'failed') return;
      failedHere++;
      const name = typeof test.fullName === 'string' ? test.fullName : typeof test.title === 'string' ? test.title : `test ${j}`;
      const messages = Array.isArray(test.failureMessages) ? test.failureMessages.filter((m): m is string => typeof m === 'string') : [];
      const pointer = pointerJoin(pointerJoin(suitePointer, 'assertionResults'), j);
      addFailure(report, name, messages[0] ?? '', pointer, { fullName: name, status: test.status, failureMessages: messages.slice(0, 1) }, style);
    });
    // A suite that failed to run (syntax error, missing module) has a message and no failed test.
    if (suite.status === 'failed' && failedHere === 0 && typeof suite.message === 'string' && suite.message.trim()) {
      addFailure(report, `${file}: test suite failed to run`, suite.message, pointerJoin(suitePointer, 'message'), suite.message, style);
    }
  });
  return true;
}

function addFailure(report: TestReport, name: string, message: string, pointer: string, shown: unknown, style: JsonStyle): void {
  const open = new OpenFailure(name, 'stdout', 0);
  for (const raw of stripAnsi(message).split('\n').slice(0, 60)) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    if (/^at /.test(trimmed)) {
      const frame = projectFrame(trimmed);
      if (frame && open.location === undefined) open.location = frame;
      continue;
    }
    if (/^(?:[>|]|\d+ \|)/.test(trimmed)) continue;
    readAssertionLine(open, 0, trimmed.replace(/^Error: (?=expect\()/, ''), 0);
  }
  report.add({ name, stream: 'stdout', from: 0, to: 0, focus: [], pointer, excerpt: [renderJson(shown, { style, limit: 600, maxString: 400 })], ...(open.message ? { message: open.message } : {}), ...(open.location ? { location: open.location } : {}) });
}
