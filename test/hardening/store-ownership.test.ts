/**
 * Defect 8 of issue 11: no symbolic link inside the store is followed (a dangling `.gitignore` link
 * was written through), and a store owned by another user or writable by others is refused: exit 2,
 * one line, the command still runs and its output passes through; inspect and list refuse it too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduce, storedIds, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('owner');
const run = (cwd: string) => reduce(['--outputs', 'store', '--', process.execPath, tool, 'print', 'the output\n', '3'], { cwd });

describe('symbolic links inside the store', () => {
  it('a dangling .gitignore link is not written through; the store is refused', () => {
    const d = folder();
    const store = path.join(d, 'store');
    fs.mkdirSync(store, { mode: 0o700 });
    const target = path.join(d, 'planted-target');
    fs.symlinkSync(target, path.join(store, '.gitignore'));
    const r = run(d);
    expect(fs.existsSync(target)).toBe(false);
    expect(r.status).toBe(2);
    expect(r.out).toContain('the output');
    expect(r.err).toMatch(/^reduce: .*\.gitignore/m);
  });

  it('an artifact stream that is a link is not followed by inspect', () => {
    const d = folder();
    expect(run(d).status).toBe(3);
    const store = path.join(d, 'store');
    const [id] = storedIds(store);
    const secret = path.join(d, 'secret.txt');
    fs.writeFileSync(secret, 'private to the user\n');
    fs.rmSync(path.join(store, `${id}.stdout`));
    fs.symlinkSync(secret, path.join(store, `${id}.stdout`));
    for (const view of [['--raw'], ['--lines', '1:1'], []]) {
      const r = reduce(['--outputs', 'store', 'inspect', id!, ...view], { cwd: d });
      expect(r.out, view.join(' ')).not.toContain('private to the user');
    }
    expect(reduce(['--outputs', 'store', 'inspect', id!, '--raw'], { cwd: d }).status).toBe(2);
  });
});

describe('a store others can write to', () => {
  it('a world-writable store is refused for writing (exit 2, output passes) and for inspect and list', () => {
    const d = folder();
    expect(run(d).status).toBe(3);
    const store = path.join(d, 'store');
    fs.chmodSync(store, 0o777);
    const r = run(d);
    expect(r.status).toBe(2);
    expect(r.out).toContain('the output');
    expect(r.err).toMatch(/^reduce: .*writable by others/m);
    expect(storedIds(store)).toHaveLength(1);
    expect(fs.statSync(store).mode & 0o777).toBe(0o777);
    for (const sub of [['inspect', 'last'], ['list']]) {
      const v = reduce(['--outputs', 'store', ...sub], { cwd: d });
      expect(v.status, sub.join(' ')).toBe(2);
      expect(v.err).toMatch(/writable by others/);
    }
  });

  it.skipIf(process.getuid?.() !== 0)('a store owned by another user is refused (run as root: chown to nobody)', () => {
    const d = folder();
    const store = path.join(d, 'store');
    fs.mkdirSync(store, { mode: 0o700 });
    fs.chownSync(store, 65534, 65534);
    const r = run(d);
    expect(r.status).toBe(2);
    expect(r.out).toContain('the output');
    expect(r.err).toMatch(/^reduce: .*owned by another user/m);
    expect(reduce(['--outputs', 'store', 'list'], { cwd: d }).status).toBe(2);
  });
});
