import { describe, expect, it } from 'vitest';
import { reducersFor } from '../src/api.js';
import { defaultConfig } from '../src/config.js';

describe('reducersFor', () => {
  it('offers every registered reducer by default', () => {
    const names = reducersFor(defaultConfig(), {}).map((r) => r.name);
    expect(names).toContain('kubectl-get');
    expect(names).toContain('text');
  });

  it('REDUCE_GENERIC_ONLY=1 leaves only the generic reducers, to measure the fallback', () => {
    const names = reducersFor(defaultConfig(), { REDUCE_GENERIC_ONLY: '1' }).map((r) => r.name).sort();
    expect(names).toEqual(['binary', 'diff', 'json', 'text']);
  });
});
