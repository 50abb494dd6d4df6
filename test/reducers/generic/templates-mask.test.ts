import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateCounter, errorKey, hasShape, hasTemplate, shapeOf, templateOf } from '../../../src/reducers/generic/templates.js';
import { run } from '../helpers.js';

// The three global replaces templating was defined by, kept here as the reference the one-pass masking must equal.
const LOOSE_TOKENS = /\d[\w.:+-]*|\b(?=[a-f\d]{7,}\b)[a-f]*\d[a-f\d]*\b/gi;
const LOOSE_PATHS = /(?:\/[\w.@-]+){2,}\/?/g;
const LOOSE_QUOTED = /"[^"]{0,200}"|'[^']{0,200}'/g;
function referenceTemplate(text: string): string {
  let key = text.length > 240 ? text.slice(0, 240) : text;
  if (key.includes('"') || key.includes("'")) key = key.replace(LOOSE_QUOTED, '#');
  if (key.includes('/')) key = key.replace(LOOSE_PATHS, '#');
  return key.replace(LOOSE_TOKENS, '#').trim();
}

// Characters that sit on every edge of the masking: digits, hex and other letters, token and path punctuation, quotes, spaces, non-ASCII.
const pieces = ['a', 'b', 'f', 'F', 'E', 'g', 'z', 'G', 'x', '0', '1', '7', '9', '_', '.', ':', '+', '-', '/', '//', '@', '#', ' ', '\t', '"', "'", 'é', 'ǅ', '\u00a0', '\u2028', 'deadbeef', 'cafe123', '0x1f', '/a/b', '12:30:01', 'v1.2.3', 'ab12cd3', 'abcdef1'];
const line = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join(''));

describe('templateOf', () => {
  it('equals the regex definition on lines built from the characters it reacts to', () => {
    fc.assert(fc.property(line, (text) => {
      expect(templateOf(text)).toBe(referenceTemplate(text));
    }), { numRuns: 5000 });
  });

  it('equals the regex definition on arbitrary strings and long lines', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => {
      expect(templateOf(text)).toBe(referenceTemplate(text));
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 100, maxLength: 200 }).map((p) => p.join('')), (text) => {
      expect(templateOf(text)).toBe(referenceTemplate(text));
    }), { numRuns: 300 });
  });

  it('reads a body in place past a prefix as it reads the body alone', () => {
    const prefix = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(fc.property(prefix, line, (head, body) => {
      expect(templateOf(head + body, head.length)).toBe(referenceTemplate(body));
    }), { numRuns: 3000 });
  });

  it('hasTemplate says whether a line has a template, without building it', () => {
    // Pairs that share a template often: two lines from the same pieces with other digits, hex and paths.
    const variant = (text: string): string => text.replace(/\d/g, (d) => String((Number(d) * 7 + 3) % 10)).replace(/\/a\/b/g, '/c/d/e');
    const prefix = fc.array(fc.constantFrom(...pieces), { maxLength: 4 }).map((p) => p.join(''));
    fc.assert(fc.property(prefix, line, line, fc.boolean(), (head, a, b, same) => {
      const other = same ? variant(a) : b;
      const template = referenceTemplate(other);
      // True only when the templates are equal; false there only for a quote or a non-ASCII character (at an end: the caller then templates).
      const equal = referenceTemplate(a) === template;
      const says = hasTemplate(head + a, template, head.length);
      if (says) expect(equal).toBe(true);
      else if (equal) expect(/["'\u0080-\uffff]/.test(a.slice(0, 240))).toBe(true);
    }), { numRuns: 5000 });
    expect(hasTemplate('GET /api/v1/items/519818 200 82ms user=3493', 'GET # # # user=#')).toBe(true);
    expect(hasTemplate('  GET /api/v1/items/5 200 1ms user=3  ', 'GET # # # user=#')).toBe(true);
    expect(hasTemplate('GET /api/v1/items/5 200 1ms user=3 x', 'GET # # # user=#')).toBe(false);
    expect(hasTemplate('GET /api 200 1ms user=3', 'GET # # # user=#')).toBe(false);
  });

  it('hasShape answers as hasTemplate, piece by piece', () => {
    // Lines and templates that share pieces: a template of one line, tried on another made of the same pieces, and on itself.
    const variant = (text: string): string => text.replace(/\d/g, (d) => String((Number(d) * 3 + 1) % 10)).replace(/deadbeef/g, 'cafe123');
    const prefix = fc.array(fc.constantFrom(...pieces), { maxLength: 4 }).map((p) => p.join(''));
    const logLine = fc.array(fc.constantFrom(...pieces, 'INFO  [worker-', '] GET ', ' user=', ' ab', ' abc12345', ' /api/v1/', 'items', ' #'), { maxLength: 20 }).map((p) => p.join(''));
    fc.assert(fc.property(prefix, fc.oneof(line, logLine), fc.oneof(line, logLine), fc.integer({ min: 0, max: 2 }), (head, a, b, which) => {
      const template = which === 0 ? templateOf(b) : which === 1 ? templateOf(variant(a)) : templateOf(a);
      const shape = shapeOf(template);
      if (shape === null) expect(/["']/.test(template)).toBe(true);
      else expect(hasShape(head + a, shape, head.length)).toBe(hasTemplate(head + a, template, head.length));
    }), { numRuns: 20000 });
    const shape = shapeOf('INFO  [worker-#] GET # # # user=#')!;
    expect(hasShape('2026-11-21T00:00:00.007Z INFO  [worker-1] GET /api/v1/items/519818 200 82ms user=3493', shape, 25)).toBe(true);
    expect(hasShape('INFO  [worker-1] GET /api/v1/items/519818 200 82ms user=3493 x', shape)).toBe(false);
    expect(hasShape('INFO  [worker-abcdef1] GET /api/v1/items/519818 200 82ms user=3493', shape)).toBe(true);
    expect(hasShape('INFO  [worker-ab] GET /api/v1/items/519818 200 82ms user=3493', shape)).toBe(false);
    expect(hasShape('INFO  [worker-1] GET /api/v1/items/519818 200 82ms user=deadbeef1', shape)).toBe(true);
    expect(hasShape('INFO  [worker-1] GET /api/v1/items/519818 200 82ms user=x/y/z', shape)).toBe(false);
  });

  it('the template table counts runs of lines as templateOf keys them (the shape of a repeated template changes nothing)', () => {
    const lines = ['INFO  [worker-1] GET /api/v1/items/5 200 82ms user=3', 'INFO  [worker-12] GET /x/y 500 1ms user=77', 'INFO  [worker-abcdef1] GET /a/b 2 3 user=4',
      'WARN  slow 12ms', 'WARN  slow deadbeef1', 'INFO  [worker-2] GET /api 200 1ms user=3', ' #', '#', 'say "hi" 1', 'say "ho" 2', 'é 1', ''];
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...lines), fc.integer({ min: 1, max: 4 })), { maxLength: 30 }), (runs) => {
      const counter = new TemplateCounter();
      const reference = new Map<string, number>();
      let n = 0;
      for (const [text, times] of runs) {
        for (let k = 0; k < times; k++) {
          const stat = counter.add('stdout', text, ++n)!;
          const template = templateOf(text);
          reference.set(template, (reference.get(template) ?? 0) + 1);
          expect(stat.template).toBe(template);
          expect(stat.count).toBe(reference.get(template));
        }
      }
    }), { numRuns: 3000 });
  });

  it('masks log lines as before', () => {
    expect(templateOf('2026-11-21T00:00:00.007Z INFO  [worker-1] GET /api/v1/items/519818 200 82ms user=3493')).toBe('# INFO  [worker-#] GET # # # user=#');
    expect(templateOf('commit deadbeef1 at "x y" in /srv/app/a.ts:12')).toBe('commit # at # in #:#');
  });
});

describe('errorKey', () => {
  it("keys a tool's error about one operand without the operand, and keeps other errors' quoted values and files apart", () => {
    expect(errorKey('find: ‘/root’: Permission denied')).toBe(errorKey('find: ‘/etc/ssl/private’: Permission denied'));
    expect(errorKey('grep: /etc/shadow: Permission denied')).toBe(errorKey('grep: /etc/gshadow: Permission denied'));
    expect(errorKey("ls: cannot access 'a.txt': No such file or directory")).toBe(errorKey("ls: cannot access 'b.txt': No such file or directory"));
    expect(errorKey('find: ‘/root’: Permission denied')).not.toBe(errorKey('find: ‘/root’: No such file or directory'));
    expect(errorKey("src/a.c:3:5: error: unknown type name 'foo'")).not.toBe(errorKey("src/b.c:3:5: error: unknown type name 'bar'"));
    expect(errorKey('error: cannot find value `x` in this scope')).not.toBe(errorKey('error: cannot find value `y` in this scope'));
    expect(errorKey("AssertionError: 'a' != 'b'")).not.toBe(errorKey("AssertionError: 'c' != 'd'"));
  });

  it('folds a list run of permission errors into one window with its repeat count (find / 2>&1)', () => {
    const lines = Array.from({ length: 1200 }, (_, i) => (i % 3 === 1 ? `find: ‘/srv/${['alpha', 'beta', 'gamma', 'delta', 'omega'][i % 5]}/${['cache', 'keys', 'spool', 'tmp'][i % 4]}${'x'.repeat(i % 7)}’: Permission denied` : `/usr/lib/systemd/system/unit${i}.service`));
    const result = run(lines.join('\n') + '\n', ['find', '/', '-name', '*.service']);
    expect(result.parts!.summary.map((b) => b.text)).toContainEqual(expect.stringMatching(/^400 error lines in 1 window; 3\d\d repeats of the same messages folded$/));
  });
});
