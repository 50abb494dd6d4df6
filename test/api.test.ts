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

describe('.reducerrc.example', () => {
  it('is a valid config: every key it documents is accepted', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadConfig } = await import('../src/config.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-example-'));
    fs.copyFileSync(path.resolve(__dirname, '../.reducerrc.example'), path.join(dir, '.reducerrc.yaml'));
    const config = await loadConfig(dir);
    expect(config.file).toBe(path.join(dir, '.reducerrc.yaml'));
    expect(config.families.map((f) => f.name)).toContain('helm');
    expect(config.retention).toBe('7d');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
