import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROSE_START, proseStart } from '../../src/safety/injection.js';
import { createLiteralSet } from '../../src/safety/literals.js';
import { TemplateCounter, templateOf } from '../../src/reducers/generic/templates.js';
import type { StreamName } from '../../src/core/types.js';

// The eleventh session's shortcuts on the per-line path (docs/benchmarks.md): each must answer as the code it stands for.
const pieces = [' ', '\t', '\u00a0', '\u2028', '>', '#', '*', '/', '+', '-', '"', '[', '1', '2026-11-24 ', 'a', 'Z', 'é', 'ж', '%', '%41', '=', '_',
  'aGVsbG8gd29ybGQ', 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldY', 'abcdefabcdefabcdefabcdefabcdefabcdef', '0123456789', 'INFO', 'you are'];
const line = fc.oneof(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join('')), fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 20 }));

describe('scan prechecks', () => {
  it('proseStart answers as PROSE_START', () => {
    fc.assert(fc.property(line, (t) => {
      expect(proseStart(t)).toBe(PROSE_START.test(t));
    }), { numRuns: 20000 });
    expect(proseStart('2026-11-24 INFO x')).toBe(false);
    expect(proseStart('  > see the docs')).toBe(true);
  });

  it('the literal pass counts percent signs and finds mixed-case base64 runs as the definitions say', () => {
    const set = createLiteralSet(['you are', 'curl']);
    const runs = (t: string): boolean => (t.match(/[A-Za-z0-9+/_-]{32,}/g) ?? []).some((r) => /[a-z]/.test(r) && /[A-Z]/.test(r));
    fc.assert(
      fc.property(line, (t) => {
        const hits = set.scan(t);
        expect(hits.percent).toBe(t.split('%').length - 1);
        expect(hits.base64Run).toBe(runs(t));
      }),
      { numRuns: 20000 },
    );
  });
});

describe('TemplateCounter', () => {
  it('counts as a plain table does, whatever order the templates come in (the last-key shortcut changes nothing)', () => {
    const words = ['GET /a/b 200', 'GET /c/d 404', 'x', '', ' ', 'y 1', 'y 2', 'z'];
    const entry = fc.tuple(fc.constantFrom<StreamName>('stdout', 'stderr'), fc.constantFrom(...words));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (lines, limit) => {
        const counter = new TemplateCounter(limit);
        const reference = new Map<string, { count: number; first: number; last: number }>();
        let other = 0;
        lines.forEach(([stream, text], i) => {
          const stat = counter.add(stream, text, i + 1);
          const key = `${stream}\u0001${templateOf(text)}`;
          const seen = reference.get(key);
          if (seen) {
            seen.count++;
            seen.last = i + 1;
          } else if (reference.size >= limit) other++;
          else reference.set(key, { count: 1, first: i + 1, last: i + 1 });
          const want = reference.get(key);
          expect(stat === null ? undefined : { count: stat.count, first: stat.first, last: stat.last }).toEqual(want);
        });
        expect(counter.other).toBe(other);
        expect(counter.stats.size).toBe(reference.size);
      }),
      { numRuns: 3000 },
    );
  });
});
