import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAME, mayOpenFrame } from '../../../src/reducers/generic/error-windows.js';
import { SECTION_HEADER, SECTION_OPENERS } from '../../../src/reducers/generic/log-digest.js';
import { KLOG, KLOG_FIRST, SYSLOG } from '../../../src/reducers/generic/log-problems.js';

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

  it('let the lines they name through', () => {
    expect(mayOpenFrame('   12 | const x = 1')).toBe(true);
    expect(mayOpenFrame('\t^^^^')).toBe(true);
    expect(mayOpenFrame('INFO  [worker-3] GET /')).toBe(false);
    expect(SECTION_OPENERS.has('##[group]Run npm test'.charCodeAt(0))).toBe(true);
  });
});
