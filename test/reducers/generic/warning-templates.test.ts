import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config.js';
import { budgetFor } from '../../../src/core/budget.js';
import { WarningTemplates, warningParts } from '../../../src/reducers/generic/warning-templates.js';

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
});
