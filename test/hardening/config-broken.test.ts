/**
 * Defect 2 of issue 11: a config file that cannot be read (another tool's broken package.json in the
 * working folder or a parent, a bad key in a found .reducerrc) is a warning naming the file: the
 * input still passes, the command still runs. Only the file named by --config fails the run (exit 2).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders, reduce, tool } from './cli-run.js';

const folder = tempFolders('config');

describe('a broken package.json nearby', () => {
  it('pipe mode: the input is reduced and shown, exit 0, one warning naming the file', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'package.json'), '{bad');
    const r = reduce([], { cwd: d, input: 'important\n' });
    expect(r.status).toBe(0);
    expect(r.out).toContain('important');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(path.join(d, 'package.json'));
    expect(r.err).not.toContain('internal error');
  });

  it('wrap mode, in a subfolder of the broken one: the command runs and keeps its exit code', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'package.json'), '{bad');
    const sub = path.join(d, 'sub');
    fs.mkdirSync(sub);
    const r = reduce(['--', process.execPath, tool, 'print', 'ran\n', '3'], { cwd: sub });
    expect(r.status).toBe(3);
    expect(r.out).toContain('ran');
    expect(r.err).toContain('package.json');
  });
});

describe('a found config with a bad key', () => {
  it('is a warning naming the file and the key; the run uses the defaults', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, '.reducerrc.json'), JSON.stringify({ budgets: { success: 'big' } }));
    const r = reduce([], { cwd: d, input: 'still here\n' });
    expect(r.status).toBe(0);
    expect(r.out).toContain('still here');
    expect(r.err).toMatch(/\.reducerrc\.json.*budgets\.success/);
  });
});

describe('the file named by --config', () => {
  it('fails the run with exit 2 naming the file when it does not parse', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'mine.json'), '{bad');
    const r = reduce(['--config', 'mine.json', '--', 'true'], { cwd: d });
    expect(r.status).toBe(2);
    expect(r.err).toContain('mine.json');
  });
});
