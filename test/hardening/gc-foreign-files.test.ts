/**
 * Defect 1 of issue 11: gc, list and permission tightening touch only our artifacts; a folder that
 * holds other files is not taken over as a store (no `.gitignore` of `*`, no chmod 0700).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduce, storedIds, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('gc');

function projectFolder(): string {
  const d = folder();
  fs.chmodSync(d, 0o755);
  fs.writeFileSync(path.join(d, 'package.json'), '{"name":"mine"}\n', { mode: 0o644 });
  fs.writeFileSync(path.join(d, 'tsconfig.json'), '{}\n', { mode: 0o644 });
  fs.writeFileSync(path.join(d, 'notes.json'), '{not json at all', { mode: 0o644 });
  fs.writeFileSync(path.join(d, 'notes.stdout'), 'my notes\n', { mode: 0o644 });
  // Named like an artifact, but its metadata is not ours.
  fs.writeFileSync(path.join(d, '20260101-000000-text-abcdef.json'), '{"hello":"world"}\n', { mode: 0o644 });
  fs.writeFileSync(path.join(d, '20260101-000000-text-abcdef.stdout'), 'not an artifact\n', { mode: 0o644 });
  return d;
}

const names = ['package.json', 'tsconfig.json', 'notes.json', 'notes.stdout', '20260101-000000-text-abcdef.json', '20260101-000000-text-abcdef.stdout'];

describe('gc on a folder that holds other files', () => {
  it('removes none of them and tightens none of them, with or without --older-than', () => {
    const d = projectFolder();
    for (const args of [['gc', '--outputs', '.'], ['gc', '--outputs', '.', '--older-than', '1s'], ['gc', '--outputs', '.', '--max-size', '1']]) {
      const r = reduce(args, { cwd: d });
      expect(r.status, r.err).toBe(0);
      for (const name of names) expect(fs.existsSync(path.join(d, name)), `${name} after ${args.join(' ')}`).toBe(true);
      expect(r.out).not.toMatch(/removed \d{8}/);
    }
    expect(fs.statSync(d).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(d, 'package.json')).mode & 0o777).toBe(0o644);
  });

  it('list shows none of them', () => {
    const d = projectFolder();
    const r = reduce(['list', '--outputs', '.'], { cwd: d });
    expect(r.status).toBe(0);
    expect(r.out).toContain('no artifacts');
  });
});

describe('a run pointed at a folder that holds other files', () => {
  it('refuses to take it over (exit 2, one line), writes no .gitignore, changes no mode, and passes the output through', () => {
    const d = projectFolder();
    const r = reduce(['--outputs', '.', '--', process.execPath, tool, 'print', 'the output\n', '3'], { cwd: d });
    expect(r.status).toBe(2);
    expect(r.out).toContain('the output');
    expect(r.err).toMatch(/^reduce: .*not an artifact folder/m);
    expect(fs.existsSync(path.join(d, '.gitignore'))).toBe(false);
    expect(fs.statSync(d).mode & 0o777).toBe(0o755);
    expect(storedIds(d)).toEqual(['20260101-000000-text-abcdef']);
  });

  it('still takes an empty folder, and its own store', () => {
    const d = folder();
    const store = path.join(d, 'store');
    fs.mkdirSync(store);
    expect(reduce(['--outputs', store, '--', process.execPath, tool, 'print', 'a\n'], { cwd: d }).status).toBe(0);
    expect(reduce(['--outputs', store, '--', process.execPath, tool, 'print', 'b\n'], { cwd: d }).status).toBe(0);
    expect(storedIds(store)).toHaveLength(2);
    expect(fs.readFileSync(path.join(store, '.gitignore'), 'utf8')).toBe('*\n');
  });
});
