import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAME, mayOpenFrame } from '../../../src/reducers/generic/error-windows.js';
import { SECTION_HEADER, SECTION_OPENERS } from '../../../src/reducers/generic/log-digest.js';
import { KLOG, KLOG_FIRST, SYSLOG } from '../../../src/reducers/generic/log-problems.js';
import { COUNT_SEED, LEADING_MARK, TWO_COUNTS, VERDICT, mayLeadWithMark, mayOpenVerdict } from '../../../src/reducers/generic/classify.js';
import { HEADER, mayOpenHeader } from '../../../src/reducers/generic/status-table.js';

// The per-line character checks that let most lines skip a regex: each must be a necessary condition of its regex.
const pieces = [' ', '\t', '\u00a0', '\u2028', '1', '42', '|', '>>>', '>', '----', '--', '====', '=', '^', '#', '#12 ', '##[group]', '::group::',
  'section_start:17:', 'Step 1/4 : ', '> Task :', 'make[2]: Entering directory ', 'make: Entering directory ', 'I1123 10:00:00', 'E', 'W', 'F',
  '<3>', '<', 'x', 'INFO', 'S', 's', 'm', ':', 'é'];
const text = fc.oneof(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((p) => p.join('')), fc.string({ maxLength: 40 }));

describe('per-line prechecks', () => {
  it('hold every line their regex matches', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (FRAME.test(t)) expect(mayOpenFrame(t)).toBe(true);
        if (SECTION_HEADER.test(t)) expect(SECTION_OPENERS.has(t.charCodeAt(0))).toBe(true);
        if (KLOG.test(t)) expect(KLOG_FIRST.has(t.charCodeAt(0))).toBe(true);
        if (SYSLOG.test(t)) expect(t.charCodeAt(0)).toBe(60);
      }),
      { numRuns: 20000 },
    );
  });

  it('the first character past leading space rules out VERDICT, LEADING_MARK and HEADER lines only when they cannot match', () => {
    // Every VERDICT alternative's opening, marks, table headers, and the space characters `\s` skips.
    const openers = ['Tests: 1', 'Test Suites: 2', 'Test Files ', 'Snapshots:', 'Plan:', 'Apply complete!', 'Destroy complete!', 'Successfully built', 'BUILD FAILED',
      'Found 3 errors', 'test result:', 'Ran 4 tests', 'FAILED (', 'OK (', 'Tests run:', 'Done in', 'ok  pkg 0.1s', 'FAIL pkg 1.2s', '=== ', '--- ', '== 1 passed in 2s',
      '\u2716 2 problems', '3 problems (', 'Error: 1 chart', 'added 4 packages', 'up to date', 'found 0 vulnerabilities', 'Terraform has been successfully', 'STATUS:',
      'Process completed with exit code', 'e  ', 'E\t\t', 'x ', 'X\t', '\u2717', '\u2716', '\u00d7', 'NAME', 'STATUS', 'READY', 'NAME  READY  STATUS', 'PHASE  AGE', '  ', 'INFO', 'é', 'ok', 'a', '1', '-', '='];
    const space = fc.constantFrom('', ' ', '\t', '\u00a0', '\u2028', '\ufeff', '\u3000', '\r', '\v');
    const text = fc.tuple(fc.array(space, { maxLength: 3 }), fc.array(fc.constantFrom(...openers, ' ', '  '), { maxLength: 6 })).map(([s, p]) => s.join('') + p.join(''));
    const hits = { verdict: 0, mark: 0, header: 0 };
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 30 })), (t) => {
        if (VERDICT.test(t)) hits.verdict++, expect(mayOpenVerdict(t)).toBe(true);
        if (LEADING_MARK.test(t)) hits.mark++, expect(mayLeadWithMark(t)).toBe(true);
        if (HEADER.test(t)) hits.header++, expect(mayOpenHeader(t)).toBe(true);
      }),
      { numRuns: 30000 },
    );
    expect(Math.min(hits.verdict, hits.mark, hits.header)).toBeGreaterThan(30);
    expect(mayOpenVerdict('INFO  [worker-3] GET /')).toBe(false);
    expect(mayOpenHeader('2026-11-21T00:00:00.007Z INFO')).toBe(false);
  });

  it('COUNT_SEED holds every line TWO_COUNTS matches (the outcome regex runs only where it does)', () => {
    const words = ['passed', 'Failed', 'failing', 'PASSING', 'errors', 'error', 'warnings', 'skipped', 'pending', 'tests', 'Test', 'suites', 'added',
      'changed', 'destroyed', 'to add', 'to change', 'to destroy', 'to import', 'files changed', 'file changed', 'insertions(+)x', 'deletions(-)x',
      'succeeded', 'problems', 'todo', 'xfailed', 'xpassed', 'deselected', 'rerun', 'ok', 'OK', 'ignored', 'measured', 'filtered out', 'items', 'item',
      'of', 'ms', 'user'];
    const parts = [...words, '1', '23', '1,024', ',', ' ', '  ', '\t', '\u00a0', '\u2028', '\n', 'x', '_', '-', '.', ' in 2s', 'é'];
    const filler = fc.array(fc.constantFrom(...parts), { maxLength: 4 }).map((p) => p.join(''));
    const count = fc.tuple(fc.constantFrom(' ', ', ', '('), fc.constantFrom('1', '23', '1,024', '0', '7,'), fc.constantFrom(' ', '  ', '\t', '\u00a0', '\u2028', ''), fc.constantFrom(...words), fc.constantFrom(' ', ', ', ')', '', 's')).map((p) => p.join(''));
    const countLine = fc.array(fc.oneof(filler, count), { maxLength: 6 }).map((p) => p.join(''));
    let matched = 0;
    fc.assert(
      fc.property(fc.oneof(countLine, fc.string({ maxLength: 40 })), (t) => {
        if (TWO_COUNTS.test(t)) {
          matched++;
          expect(COUNT_SEED.test(t)).toBe(true);
        }
      }),
      { numRuns: 30000 },
    );
    expect(matched).toBeGreaterThan(100);
    expect(COUNT_SEED.test('GET /api/v1/items/5 200 82ms user=3493')).toBe(false);
  });

  it('let the lines they name through', () => {
    expect(mayOpenFrame('   12 | const x = 1')).toBe(true);
    expect(mayOpenFrame('\t^^^^')).toBe(true);
    expect(mayOpenFrame('INFO  [worker-3] GET /')).toBe(false);
    expect(SECTION_OPENERS.has('##[group]Run npm test'.charCodeAt(0))).toBe(true);
  });
});
