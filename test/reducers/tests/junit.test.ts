import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLine } from '../../../src/core/lines.js';
import { junitReducer, decodeXml } from '../../../src/reducers/tests/junit.js';
import { run } from '../helpers.js';
import { failures, fixture, probe, reduce } from './test-runner-helpers.js';

describe('junit reducer', () => {
  it('reads a one-line pytest report: the totals, each failure with its decoded message and frame, fail on exit 0', () => {
    const f = fixture('junit', 'pytest-cat');
    const parts = reduce(junitReducer, f, 0, f.argv);
    expect(parts.status).toBe('fail');
    expect(parts.fields).toMatchObject({ total: 11, failed: 5, errors: 1, skipped: 1, passed: 4, time: 0.241 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['tests.test_shop::test_total']).toMatchObject({ error: 'assert 6 == 7', at: 'tests/test_shop.py:7' });
    expect(byTest['tests.test_shop::test_cache']).toMatchObject({ error: 'failed on setup with "ConnectionError: could not connect to redis at 127.0.0.1:6390"', at: 'tests/test_shop.py:21' });
    // Entities are decoded in what is shown (`&lt;b&gt;` and `&amp;` in the message attribute).
    expect(byTest['tests.test_shop::test_names']!.error).toBe("AssertionError: assert '<b>Ada</b>' == '<b>Ada & Bob</b>'");
    expect(failures(parts).find((x) => x.tests.includes('tests.test_shop::test_even[1]'))!.count).toBe(2);
  });

  it('reads CDATA bodies and counts the failing suites (eslint -f junit)', () => {
    const f = fixture('junit', 'eslint-junit');
    const parts = reduce(junitReducer, f, 1, f.argv);
    expect(parts.fields).toMatchObject({ errors: 28, total: 28, suites: 6, suitesFailed: 6 });
    expect(failures(parts)[0]).toMatchObject({ error: "'formatMoney' is defined but never used.", tests: ['/tmp/junit11-scratch/es/src/api/orders::org.eslint.no-unused-vars'] });
  });

  it('takes the message from the body when there is no attribute, with its Expected/Received lines (jest-junit)', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="jest tests" tests="2" failures="1" errors="0" time="0.5">',
      '  <testsuite name="restock" errors="0" failures="1" skipped="0" tests="2">',
      '    <testcase classname="restock adds" name="restock adds" time="0.001">',
      '      <failure>Error: expect(received).toBe(expected) // Object.is equality',
      '',
      'Expected: 6',
      'Received: 5',
      '    at Object.toBe (/w/__tests__/inventory.test.js:10:86)</failure>',
      '    </testcase>',
      '    <testcase classname="restock ok" name="restock ok" time="0.001"/>',
      '  </testsuite>',
      '</testsuites>',
    ].join('\n');
    const parts = reduce(junitReducer, { stdout: xml }, 0);
    expect(failures(parts)[0]).toMatchObject({ error: 'Error: expect(received).toBe(expected) // Object.is equality; Expected: 6; Received: 5', at: '/w/__tests__/inventory.test.js:10', tests: ['restock adds'] });
    expect(parts.fields).toMatchObject({ failed: 1, passed: 1, total: 2 });
  });

  it('counts skips from the suites when the root does not state them, and testcases outside any suite (vitest, node --test)', () => {
    const vitest = reduce(junitReducer, fixture('junit', 'vitest-junit'), 1);
    expect(vitest.fields).toMatchObject({ total: 6, failed: 2, skipped: 1, passed: 3 });
    expect(failures(vitest)[0]).toMatchObject({ error: 'TypeError: invalid amount: abc', at: 'money.test.js:2' });
    const node = reduce(junitReducer, fixture('junit', 'node-test-junit'), 1);
    // The `cart` suite states 5 tests; `parses config` sits beside it at the top level.
    expect(node.fields).toMatchObject({ total: 6, failed: 3, skipped: 2, passed: 1 });
    expect(failures(node).map((x) => x.tests[0])).toContain('test::parses config');
  });

  it('reads a line past the length cap as far as it arrives, counts what it did not read, and keeps the failures after it', () => {
    const passing = Array.from({ length: 300 }, (_, i) => `<testcase classname="t.slugs" name="test_slug[${i}]" time="0.000" />`).join('');
    const xml = [
      `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="1" skipped="0" tests="301" time="0.6">${passing}<testcase classname="t.slugs" name="test_punct" time="0.001"><failure message="assert 'a-' == 'a'">def test_punct():`,
      "E       AssertionError: assert 'a-' == 'a'",
      '',
      't/test_slugs.py:13: AssertionError</failure></testcase></testsuite></testsuites>',
    ];
    // As the pipeline hands them over: capped, with the bytes not kept stated at the end.
    const capped = xml.map((line) => decodeLine(Buffer.from(line)));
    expect(capped[0]).toMatch(/…\[\+\d+ bytes\]$/);
    const parts = reduce(junitReducer, { stdout: capped.join('\n') }, 0);
    expect(parts.status).toBe('fail');
    expect(parts.fields).toMatchObject({ total: 301, failed: 1, passed: 300 });
    expect(failures(parts)[0]).toMatchObject({ error: "AssertionError: assert 'a-' == 'a'", at: 't/test_slugs.py:13' });
    expect(parts.omitted.some((o) => /not read past the 2,000-character line cap/.test(o.what))).toBe(true);
  });

  it('passes a clean report with its counts', () => {
    const xml = '<testsuites tests="3" failures="0" errors="0" time="1.5">\n<testsuite name="a" tests="3" failures="0" errors="0" skipped="1">\n<testcase name="x"/><testcase name="y"/><testcase name="z"><skipped message="flaky on CI"/></testcase>\n</testsuite>\n</testsuites>\n';
    const parts = reduce(junitReducer, { stdout: xml }, 0);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ total: 3, passed: 2, skipped: 1 });
  });

  it('decodes XML entities', () => {
    expect(decodeXml('a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;&#10;&#x41;')).toBe('a <b> & "c" \'d\'\nA');
  });

  it('is chosen from content, for any command, and over a claim that does not read XML', () => {
    const f = fixture('junit', 'eslint-junit');
    expect(junitReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(junitReducer.detect(probe({ stdout: '<?xml version="1.0"?>\n<project><build/></project>\n' }))).toBe(0);
    expect(run(f.stdout!, ['eslint', '-f', 'junit', 'src'], { exit: 1 }).reducer).toMatch(/^junit@/);
    expect(run(f.stdout!, ['cat', 'report.xml']).reducer).toMatch(/^junit@/);
    expect(run(f.stdout!).reducer).toMatch(/^junit@/);
    // node --test's own reader (chosen from argv) yields when its reporter wrote XML.
    const node = fixture('junit', 'node-test-junit');
    expect(run(node.stdout!, ['node', '--test', '--test-reporter=junit', 'test/'], { exit: 1 }).reducer).toMatch(/^junit@/);
  });

  it('never throws and keeps to its budget on random JUnit-shaped input', () => {
    const piece = fc.constantFrom(
      '<testsuites tests="3" failures="1">', '<testsuite name="s" tests="2" errors="1" skipped="x">', '</testsuite>', '</testsuites>',
      '<testcase name="a &lt;b&gt;" classname="c">', '<testcase name="p"/>', '</testcase>', '<failure message="m&#10;n" type="AssertionError">',
      '<failure', 'type="E">', '</failure>', '<error/>', '<skipped message="why"/>', '<skipped>', '</skipped>', '<![CDATA[', ']]>',
      'tests/x.py:7: AssertionError', 'Expected: 1', '&#xFFFFFF; &bogus; &#99999999999;', 'x'.repeat(2100),
    );
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 6 }), { minLength: 1, maxLength: 20 }), (lines) => {
        const stdout = `<?xml version="1.0"?>\n${lines.map((l) => decodeLine(Buffer.from(l.join('')))).join('\n')}\n`;
        expect(() => reduce(junitReducer, { stdout }, 1)).not.toThrow();
        const result = run(stdout, ['cat', 'junit.xml'], { exit: 1 });
        expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(64 * 1024);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
