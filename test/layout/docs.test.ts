/** The README stays a short front page that links every docs page; doc examples match their goldens. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAllReducers, reducers } from '../../src/reducers/registry.js';

const root = path.resolve(__dirname, '../..');

function pages(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? pages(p) : e.name.endsWith('.md') ? [path.relative(root, p)] : [];
  });
}

describe('docs', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

  it('README is a front page of at most about 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(260);
    expect(readme).toContain('npm install');
    expect(readme).toContain('npm test');
  });

  it('README links every docs page', () => {
    const linked = new Set([...readme.matchAll(/\]\(([^)#]+\.md)\)/g)].map((m) => path.normalize(m[1]!)));
    const missing = pages(path.join(root, 'docs')).filter((p) => !linked.has(p));
    expect(missing).toEqual([]);
  });

  it('every relative link in the docs resolves', () => {
    const broken: string[] = [];
    for (const page of ['README.md', ...pages(path.join(root, 'docs'))]) {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      for (const m of text.matchAll(/\]\((?!https?:|#)([^)#\s]+)/g)) {
        if (!fs.existsSync(path.resolve(root, path.dirname(page), m[1]!))) broken.push(`${page} -> ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("README's benchmark table is the one bench/results.json gives (the latest full run)", async () => {
    const report = await import(path.join(root, 'bench/report.mjs'));
    const results = JSON.parse(fs.readFileSync(path.join(root, 'bench/results.json'), 'utf8'));
    expect(readme).toContain(report.readmeBlock(results));
  });

  it("a reducer named with a version in README and docs (`docker-build@1.0.2`) names the reducer's current one", async () => {
    await loadAllReducers();
    const current = new Map(reducers.map((r) => [r.name, r.loaded()!.version]));
    const stale: string[] = [];
    for (const page of ['README.md', ...pages(path.join(root, 'docs'))]) {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      for (const m of text.matchAll(/(?:── |"reducer":\s*")([a-z][\w-]*)@(\d+\.\d+\.\d+)\b/g)) {
        const version = current.get(m[1]!);
        if (version !== undefined && version !== m[2]) stale.push(`${page}: ${m[0]} (now ${version})`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('example packets in README and docs match their goldens', () => {
    const check = spawnSync(process.execPath, ['scripts/refresh-doc-examples.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
