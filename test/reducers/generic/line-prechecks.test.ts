import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAME, mayOpenFrame } from '../../../src/reducers/generic/error-windows.js';
import { SECTION_HEADER, SECTION_OPENERS } from '../../../src/reducers/generic/log-digest.js';
import { KLOG, KLOG_FIRST, SYSLOG } from '../../../src/reducers/generic/log-problems.js';
import { COUNT_SEED, TWO_COUNTS } from '../../../src/reducers/generic/classify.js';

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
