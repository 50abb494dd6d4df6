import { describe, expect, it } from 'vitest';
import { LogDigest } from '../../../src/reducers/generic/log-digest.js';

/** A service log of 460 lines with three different problems spread through it. */
function serviceLog(): string[] {
  const lines: string[] = [];
  for (let i = 1; i <= 400; i++) {
    lines.push(`2026-11-24 10:00:${String(i % 60).padStart(2, '0')} INFO request ${i} served in ${i}ms`);
    if (i % 97 === 0) lines.push(`2026-11-24 10:01:00 ERROR deadlock detected on table orders_${i}`);
    if (i % 151 === 0) lines.push(`2026-11-24 10:02:00 ERROR auth failed for user "u${i}"`);
  }
  lines.push('2026-11-24 10:03:00 FATAL worker crashed');
  for (let i = 1; i <= 50; i++) lines.push(`2026-11-24 10:04:00 INFO recovered ${i}`);
  return lines;
}

function digestOf(lines: string[], exit = 0, problems?: boolean) {
  const digest = new LogDigest(problems === undefined ? {} : { problems });
  lines.forEach((text, i) => digest.line('stdout', i + 1, text));
  return digest.finish({ code: exit, signal: null, timedOut: false });
}

describe('the log digest lists a log\'s distinct problems wherever a log lands', () => {
  it('cites every distinct problem template once, by severity, with the level histogram', () => {
    const parts = digestOf(serviceLog());
    expect(parts.fields.problems).toBe(3);
    expect(parts.fields.levels).toEqual({ INFO: 450, ERROR: 6, FATAL: 1 });
    const problems = parts.citations.filter((c) => c.kind === 'problem');
    expect(problems.map((c) => c.label)).toEqual(['FATAL', 'ERROR ×4, first of 4 (last at line 394)', 'ERROR ×2, first of 2 (last at line 307)']);
    expect(parts.summary[0]!.text).toContain('levels: INFO 450');
  });

  it('leaves text that is no log alone, and a caller with its own ProblemLog can switch it off', () => {
    const prose = Array.from({ length: 300 }, (_, i) => `row ${i} checked`);
    prose.push('ERROR: one bad row');
    expect(digestOf(prose).fields.problems).toBeUndefined();
    expect(digestOf(serviceLog(), 0, false).fields.problems).toBeUndefined();
  });
});
