/**
 * The folded view of a JSON document too big to show whole: every key of the levels that fit,
 * biggest containers opened first, the items of one array together, and a bounded size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fit, foldJson } from '../../../src/reducers/generic/json-fold.js';

describe('foldJson', () => {
  it('names every key of a big map of objects, each with its first values and a count', () => {
    const envs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`env${i}`, Object.fromEntries(Array.from({ length: 30 + i }, (_, j) => [`Global${j}`, false]))]));
    const lines = foldJson(envs, 'spaced', 6000);
    expect(lines).toHaveLength(40);
    expect(lines[39]).toMatch(/^"env39": \{"Global0": false, .*…\+\d+ keys\}$/);
  });

  it('opens the one big list of a report, one item a line, naming keys first', () => {
    const report = {
      version: '1',
      installed: Array.from({ length: 18 }, (_, i) => ({ location: `/site-packages/pkg${i}-1.${i}.dist-info`, metadata: { summary: 'x'.repeat(200), description: 'y'.repeat(3000), name: `pkg${i}`, version: `1.${i}` } })),
      environment: { python: '3.11', platform: 'linux' },
    };
    const lines = foldJson(report, 'spaced', 6000);
    expect(lines[1]).toBe('"installed": [18 items]');
    expect(lines.filter((l) => /^ {2}\[\d+\] \{/.test(l))).toHaveLength(18);
    expect(lines[19]).toContain('"name": "pkg17", "version": "1.17"');
    expect(lines[19]).toContain('pkg17-1.17.dist-info');
  });

  it('does not open one item of an array alone', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: i, blob: i === 5 ? 'z'.repeat(20000) : 'z', tags: { a: 1, b: 2, c: 3 } }));
    const lines = foldJson({ items }, 'spaced', 6000);
    expect(lines.some((l) => /^ {2}\[5\] \{\d+ keys\}$/.test(l))).toBe(false);
  });

  it('lists the ends of a map that is most of the document and counts the rest', () => {
    const packages = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`node_modules/p${i}`, { version: `1.0.${i}`, resolved: `https://r/p${i}.tgz`, integrity: 'sha512-' + 'a'.repeat(60) }]));
    const lines = foldJson({ name: 'app', lockfileVersion: 3, packages }, 'spaced', 6000);
    expect(lines).toContain('"packages": {900 keys}');
    expect(lines.some((l) => /^ {2}… \d+ more$/.test(l))).toBe(true);
    expect(lines.at(-1)).toContain('"node_modules/p899"');
  });

  it('never throws and stays near its target on random documents', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.integer({ min: 200, max: 8000 }), (doc, target) => {
        const lines = foldJson(doc, 'spaced', target);
        const chars = lines.reduce((n, l) => n + l.length, 0);
        // Each line keeps at least its label and a short value; the whole stays within a small multiple of the target.
        expect(chars).toBeLessThanOrEqual(Math.max(target * 1.6, lines.length * 200));
      }),
      { numRuns: 300 },
    );
  });

  it('fit keeps a value within its room', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 24, max: 600 }), (value, room) => {
        expect(fit(value, room, 'compact').length).toBeLessThanOrEqual(room + 40);
      }),
      { numRuns: 300 },
    );
  });
});
