import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyLine, isOutcomeLine } from '../../../src/reducers/generic/classify.js';
import { defaultConfig } from '../../../src/config.js';
import { budgetFor } from '../../../src/core/budget.js';
import { WarningTemplates, isWarningLine, warningParts } from '../../../src/reducers/generic/warning-templates.js';
import { LogDigest } from '../../../src/reducers/generic/log-digest.js';

describe('warnings of a verdict, one shared mechanism', () => {
  it('cites each distinct template once, counted, the first ones high on success and normal on failure', () => {
    const warnings = new WarningTemplates();
    warnings.add('stderr', 3, 'npm warn ERESOLVE overriding peer dependency react@18.2.0');
    warnings.add('stderr', 9, 'npm warn ERESOLVE overriding peer dependency react@17.0.2');
    warnings.add('stderr', 12, 'npm warn deprecated inflight@1.0.6: This module is not supported');
    let n = 0;
    const ok = warningParts(warnings, () => `w${++n}`, true);
    expect(ok.citations.map((c) => [c.from, c.priority, c.label])).toEqual([
      [3, 'high', 'warning ×2, last at line 9'],
      [12, 'high', 'warning'],
    ]);
    expect(ok.summary[0]!.text).toBe('2 distinct warnings in 3 lines');
    expect(ok.bytes).toBeGreaterThan(100);
    const failed = warningParts(warnings, () => `w${++n}`, false);
    expect(failed.citations.every((c) => c.priority === 'normal')).toBe(true);
    expect(failed.summary).toEqual([]);
    expect(failed.bytes).toBe(0);
  });

  it('grows the success budget by the warnings it must show, within the 2 KiB cap', () => {
    const config = defaultConfig();
    expect(budgetFor('ok', 'auto', undefined, config, 300)).toBe(812);
    expect(budgetFor('ok', 'auto', undefined, config, 5000)).toBe(2048);
    expect(budgetFor('ok', 'concise', undefined, config, 300)).toBe(512);
  });

  it('opens a warning of its own for a line that leads with its own level and kind, even right after another warning', () => {
    // pip: an ignored index location, then the retries of PyPI that failed (each a warning, 5 per package).
    const warnings = new WarningTemplates();
    warnings.add('stderr', 1, "WARNING: Location 'file:///opt/idx/simple/flask/' is ignored: it is neither a file nor a directory.");
    for (let i = 0; i < 5; i++) warnings.add('stderr', 2 + i, `WARNING: Retrying (Retry(total=${4 - i}, connect=None)) after connection broken by 'NewConnectionError(...: [Errno -2] Name or service not known')': /simple/flask/`);
    expect(warnings.distinct().map((w) => [w.first, w.count])).toEqual([[1, 1], [2, 5]]);
    // npm's detail lines (no kind of their own after the level) stay with the warning they explain.
    const npm = new WarningTemplates();
    ['npm warn ERESOLVE overriding peer dependency', 'npm warn While resolving: app@1.0.0', 'npm warn Found: react@18.2.0', 'npm warn deprecated inflight@1.0.6: This module is not supported'].forEach((l, i) => npm.add('stderr', i + 1, l));
    expect(npm.distinct().map((w) => [w.first, w.to])).toEqual([[1, 3], [4, 4]]);
  });

  it('counts a line that leads with a warning level among the warnings though it mentions an error', () => {
    const lines = ['Collecting flask', "WARNING: Retrying (Retry(total=4)) after connection broken by 'NewConnectionError(...: Failed to establish a new connection: [Errno -2] Name or service not known')': /simple/flask/", 'Successfully installed flask-3.1.3'];
    expect(classifyLine(lines[1]!)).toBe('error');
    const digest = new LogDigest();
    lines.forEach((l, i) => digest.line('stdout', i + 1, l));
    expect(digest.warnings.distinct().map((w) => w.first)).toEqual([2]);
  });

  it('opens a warning of its own for a line that names its place, even right after another warning', () => {
    const warnings = new WarningTemplates();
    warnings.add('stderr', 1, "/srv/app/report.py:5: DeprecationWarning: field 'legacy_id' is deprecated");
    warnings.add('stderr', 2, '  warnings.warn("field is deprecated", DeprecationWarning)');
    warnings.add('stderr', 3, '/srv/app/report.py:7: UserWarning: timezone-naive datetime; assuming UTC');
    expect(warnings.distinct().map((w) => w.first)).toEqual([1, 3]);
    expect(classifyLine('/srv/app/report.py:7: UserWarning: timezone-naive datetime; assuming UTC')).toBe('warning');
    expect(classifyLine('sys:1: ResourceWarning: unclosed file')).toBe('warning');
  });

  it('keeps a warning printed over adjacent lines as one block, and counts its repeats once', () => {
    const warnings = new WarningTemplates();
    const block = ['npm warn EBADENGINE Unsupported engine {', "npm warn EBADENGINE   package: 'futurelib@2.0.0',", "npm warn EBADENGINE   required: { node: '>=99' },", 'npm warn EBADENGINE }'];
    block.forEach((line, i) => warnings.add('stderr', 2 + i, line));
    block.forEach((line, i) => warnings.add('stderr', 6 + i, line));
    warnings.add('stderr', 20, 'npm warn deprecated inflight@1.0.6: not supported');
    warnings.add('stderr', 21, 'npm warn deprecated inflight@1.0.7: not supported');
    const parts = warningParts(warnings, () => 'w', true);
    expect(parts.citations.map((c) => ('from' in c ? [c.from, c.to, c.label] : null))).toEqual([
      [2, 5, 'warning ×2, last at line 6'],
      [20, 20, 'warning ×2, last at line 21'],
    ]);
    expect(warnings.lines).toBe(10);
  });

  it('reads a notice word inside a path as no notice, and a zero count as nothing', () => {
    expect(isWarningLine('  File "/x/site-packages/_pytest/skipping.py", line 268, in call', false)).toBe(false);
    expect(isWarningLine('# skipped 0', false)).toBe(false);
    expect(isWarningLine('test tests::slow ... ignored', false)).toBe(true);
  });
});


describe('isWarningLine', () => {
  // The definition before the notice pre-test on the whole body: paths removed first, then the words read.
  const NOTICE = /\b(?:skipp(?:ed|ing)|ignor(?:ed|ing)|held back|kept back|not (?:run|built|installed)|overrid(?:e|es|ing|den)|deprecat(?:ed|ion)|xfail(?:ed)?|obsolete|superseded|retrying|unmet)\b/i;
  const ZERO = /\b0\s+(?:skipped|ignored|deprecat\w*)\b|\b(?:skipped|ignored)\s*[=:]?\s*0\b/i;
  const reference = (body: string): boolean => {
    const words = body.replace(/\S*[\\/]\S*/g, ' ');
    return NOTICE.test(words) && !ZERO.test(words) && !isOutcomeLine(body);
  };
  const pieces = ['skipped', 'Skipping', 'ignored', 'held back', 'held', 'back', 'not run', 'not', 'run', 'override', 'deprecated', 'xfail', '0', '3', ' ', '  ', '\t', '/', '\\', 'a/', '/b', '_pytest/', 'x', ':', '=', 'passed', ',', '.'];
  const body = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(''));

  it('answers as the path-stripping definition does', () => {
    fc.assert(
      fc.property(fc.oneof(body, fc.string({ maxLength: 30 })), (text) => {
        expect(isWarningLine(text, false)).toBe(reference(text));
      }),
      { numRuns: 20000 },
    );
  });
});
