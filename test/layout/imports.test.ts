/**
 * The folder tree is the architecture: these read every import and check that nothing points upward.
 * generic/ never imports a family; store/, safety/ and core/ never import capture/, commands/ or api.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../src');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative module a file imports or re-exports (static or dynamic), resolved to a path under src/. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    out.push(path.relative(src, path.resolve(path.dirname(file), m[1]!)).replace(/\.js$/, '.ts'));
  }
  return out;
}

function violations(fromDir: string, forbidden: (target: string) => boolean): string[] {
  return tsFiles(path.join(src, fromDir)).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${path.relative(src, file)} -> ${target}`),
  );
}

describe('layout', () => {
  it('reads imports, including re-exports and dynamic imports', () => {
    const sample = path.join(src, 'reducers/registry.ts');
    expect(importsOf(sample)).toContain('reducers/generic/text.ts');
    expect(importsOf(sample).some((t) => t.startsWith('reducers/kubectl/'))).toBe(true);
  });

  it('generic/ imports no family folder', () => {
    const families = fs
      .readdirSync(path.join(src, 'reducers'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'generic')
      .map((e) => `reducers/${e.name}/`);
    expect(families.length).toBeGreaterThan(5);
    const bad = violations('reducers/generic', (t) => t === 'reducers/registry.ts' || families.some((f) => t.startsWith(f)));
    expect(bad).toEqual([]);
  });

  it('a family folder imports only generic/, core/ and itself among the reducers', () => {
    for (const entry of fs.readdirSync(path.join(src, 'reducers'), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'generic') continue;
      const own = `reducers/${entry.name}/`;
      const bad = violations(own, (t) => t.startsWith('reducers/') && !t.startsWith(own) && !t.startsWith('reducers/generic/'));
      expect(bad, entry.name).toEqual([]);
    }
  });

  it.each(['store', 'safety', 'core'])('%s/ imports nothing from capture/, commands/ or api.ts', (dir) => {
    const bad = violations(dir, (t) => t.startsWith('capture/') || t.startsWith('commands/') || t === 'api.ts' || t === 'cli.ts');
    expect(bad).toEqual([]);
  });
});
