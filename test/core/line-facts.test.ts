import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgetScannedLine, scannedCandidateOf, scannedNoticeOf } from '../../src/core/line-facts.js';
import { NOTICE, isWarningLine } from '../../src/reducers/generic/warning-templates.js';
import { CANDIDATE, LEADING_MARK, classifyLine } from '../../src/reducers/generic/classify.js';
import { createInjectionScanner } from '../../src/safety/injection.js';

// Pieces of error, warning and ordinary log lines, near misses of the fragments, and odd characters.
const pieces = [
  'err', 'ER', 'error', 'Errors', 'fail', 'FAILED', 'fatal', 'panic', 'exception', 'EXIT', 'exited with code 1', 'ex', 'evict', 'traceback',
  'timed out', 'timed  out', 'timed\tout', 'refused', 'denied', 'dumped', 'deprecat', 'forbidden', 'unauthori', 'segmentation', 'statuscode',
  'oom', 'backoff', 'cannot', 'could not', 'not found', 'no such', 'nosuch', 'killed', 'abort', 'level', 'level=error', '"level":50',
  'http/', 'HTTP/1.1" 503', '##[', '##[error]', 'warn', 'WARNING', 'e  ', 'E  ', 'x ', 'X ', '✗', '✖', '×', ' ', '\t', '\u00a0', 'a', 'o',
  'n', 'ſ', 'K', '\u212a', '1', '0 errors', 'skipped', 'SKIPPING', 'skip', 'ignored', 'Ignoring', 'held  back', 'kept\tback', 'not run',
  'not  built', 'not installed', 'override', 'Overridden', 'deprecated', 'DEPRECATION', 'xfail', 'obsolete', 'superseded', 'retrying', 'unmet',
  'src/skipping.py', '0 skipped', 'INFO ', '[worker-1] ', 'GET /api/v1/items/12 200 ', '2026-11-24T05:00:00.123Z ', 'é', '日本',
];
const line = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(''));
const text = fc.oneof(line, fc.string({ maxLength: 80 }), fc.string({ maxLength: 40, unit: 'grapheme' }));

describe('line facts from the injection scan', () => {
  it('a line the literal pass finds no fragment in, and that opens with no mark, fails CANDIDATE', () => {
    const scanner = createInjectionScanner();
    let n = 0;
    fc.assert(
      fc.property(text, (t) => {
        scanner.line('stdout', ++n, t);
        const scanned = scannedCandidateOf(t);
        expect(scanned).toBeDefined();
        if (CANDIDATE.test(t)) expect(scanned || LEADING_MARK.test(t)).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('classifyLine gives the same class with and without the facts', () => {
    const scanner = createInjectionScanner();
    let n = 0;
    const extra = [/boom \d+/];
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), (lines) => {
        for (const t of lines) {
          scanner.line('stdout', ++n, t);
          const withFacts = [classifyLine(t), classifyLine(t, extra)];
          forgetScannedLine();
          expect([classifyLine(t), classifyLine(t, extra)]).toEqual(withFacts);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('a line the literal pass finds no notice fragment in fails NOTICE, and isWarningLine is the same with and without the facts', () => {
    const scanner = createInjectionScanner();
    let n = 0;
    fc.assert(
      fc.property(text, fc.boolean(), (t, classified) => {
        scanner.line('stdout', ++n, t);
        const scanned = scannedNoticeOf(t);
        expect(scanned).toBeDefined();
        if (NOTICE.test(t)) expect(scanned).toBe(true);
        const withFacts = isWarningLine(t, classified, t);
        forgetScannedLine();
        expect(isWarningLine(t, classified, t)).toBe(withFacts);
      }),
      { numRuns: 20000 },
    );
  });

  it('facts are only given for the last line scanned', () => {
    const scanner = createInjectionScanner();
    scanner.line('stdout', 1, 'ERROR boom');
    scanner.line('stdout', 2, 'all quiet');
    expect(scannedCandidateOf('ERROR boom')).toBeUndefined();
    expect(scannedCandidateOf('all quiet')).toBe(false);
    expect(classifyLine('ERROR boom')).toBe('error');
  });
});
