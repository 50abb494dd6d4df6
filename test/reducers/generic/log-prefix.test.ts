import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_PREFIX, logPrefixEnd, stripLogPrefix } from '../../../src/reducers/generic/classify.js';

// Timestamp-like lines: the pieces of LOG_PREFIX, near misses and the characters around them.
const pieces = ['2026', '2026-11-24', '-', '11', '24', 'T', ' ', '05', ':', '00', '10:22:33', '.', ',', '123', '5', 'Z', '+', '-', '+05:00', '+0500', '-03', ':00', '\t', '\u00a0', '\u2003', '\ufeff', '\u200b', 'x', 'INFO ', '\n', '0'];
const line = fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((p) => p.join(''));
const stamped = fc.tuple(fc.constantFrom('', '\ufeff'), fc.constantFrom('2026-11-24T05:00:01', '2026-11-24 05:00:01', '1999-01-02T03:04:05'), line).map(([a, b, c]) => a + b + c);

describe('log prefix', () => {
  it('the character walk ends where the regex match ends', () => {
    fc.assert(
      fc.property(fc.oneof(line, stamped, fc.string({ maxLength: 40 })), (text) => {
        const m = LOG_PREFIX.exec(text);
        expect(logPrefixEnd(text)).toBe(m ? m[0].length : 0);
      }),
      { numRuns: 30000 },
    );
  });

  it('stripLogPrefix (with its last-line memo) equals the regex replace, line after line', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(line, stamped), { maxLength: 8 }), (lines) => {
        for (const text of [...lines, ...lines]) expect(stripLogPrefix(text)).toBe(text.replace(LOG_PREFIX, ''));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('levelOf', () => {
  // Level words and what sits around them in log lines: prefixes, brackets, `x:` scopes, near misses.
  const levelPieces = ['INFO', 'info', 'Info', 'WARN', 'warning', 'ERROR', 'error', 'err', 'errors', 'crit', 'critical', 'fatal', 'debug', 'DEBUG', 'notice', 'trace', 'TRACE', 'LOG', 'E1123', 'I1123', ' 10:00:00', '<3>', '[', ']', 'core:', ':', ' ', '  ', '\t', 'level=', 'error:', 'x', 'GET /a 200', '"level":50', 'ValueError: x', '=', '\u00a0', '\ufeff', '2026-11-24T05:00:01Z ', '2026-11-24 05:00:01,123 '];
  const logLine = fc.array(fc.constantFrom(...levelPieces), { maxLength: 8 }).map((p) => p.join(''));

  it('answers as its rules alone do (the leading-word fast path changes nothing)', async () => {
    const { levelOf } = await import('../../../src/reducers/generic/log-problems.js');
    fc.assert(
      fc.property(fc.oneof(logLine, fc.string({ maxLength: 30 }), logLine.map((t) => t + 'x'.repeat(150) + ' INFO y')), (text) => {
        expect(levelOf(text)).toEqual(levelOf(text, false));
      }),
      { numRuns: 30000 },
    );
  });
});
