/**
 * `npm run new-reducer -- <family> <name>` in a temporary copy of the project: the reducer it writes
 * type-checks with the rest of the tree and its generated test passes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-scaffold-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

function sh(cmd: string, args: string[]) {
  return spawnSync(cmd, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('new-reducer scaffold', () => {
  for (const p of ['src', 'scripts', 'package.json', 'tsconfig.json', 'vitest.config.ts', 'test/reducers/helpers.ts']) {
    fs.cpSync(path.join(root, p), path.join(copy, p), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  it('writes the reducer, its claims, its registry row, a test and a fixture folder', () => {
    const result = sh(process.execPath, ['scripts/new-reducer.mjs', 'helm', 'helm-status']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const f of ['src/reducers/helm/helm-status.ts', 'src/reducers/helm/helm-status.claims.ts', 'test/reducers/helm/helm-status.test.ts', 'fixtures/helm/helm-status/README.md']) {
      expect(fs.existsSync(path.join(copy, f)), f).toBe(true);
    }
    const registry = fs.readFileSync(path.join(copy, 'src/reducers/registry.ts'), 'utf8');
    expect(registry).toContain("import { helmStatusClaims } from './helm/helm-status.claims.js';");
    expect(registry).toContain("\n  lazy(helmStatusClaims, () => import('./helm/helm-status.js').then((m) => m.helmStatusReducer)),\n");
  });

  it('refuses to overwrite, and rejects bad names, with exit 2 and one line', () => {
    const again = sh(process.execPath, ['scripts/new-reducer.mjs', 'helm', 'helm-status']);
    expect(again.status).toBe(2);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    const bad = sh(process.execPath, ['scripts/new-reducer.mjs', 'Helm', 'helm status']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/kebab-case/);
  });

  it('type-checks with the whole tree, and its test passes', () => {
    const tsc = sh(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const vitest = sh(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/reducers/helm']);
    expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0);
    expect(vitest.stdout).toMatch(/2 passed/);
  }, 300_000);
});
