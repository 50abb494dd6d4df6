/**
 * Defect 4 of issue 11: --outputs and --config before a subcommand apply to it; an option of a run
 * given before a subcommand is refused with a clear error instead of being ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduce, storedIds, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('global');

describe('options before a subcommand', () => {
  it('--outputs before list, inspect and gc names the store they use', () => {
    const d = folder();
    expect(reduce(['--outputs', 'other', '--', process.execPath, tool, 'print', 'in other\n'], { cwd: d }).status).toBe(0);
    expect(reduce(['--', process.execPath, tool, 'print', 'in outputs\n'], { cwd: d }).status).toBe(0);
    const [other] = storedIds(path.join(d, 'other'));
    const [main] = storedIds(path.join(d, 'outputs'));
    expect(reduce(['--outputs', 'other', 'list'], { cwd: d }).out).toContain(other);
    expect(reduce(['--outputs', 'other', 'list'], { cwd: d }).out).not.toContain(main);
    expect(reduce(['--outputs', 'other', 'inspect', 'last', '--raw'], { cwd: d }).out).toBe('in other\n');
    const gc = reduce(['--outputs', 'other', 'gc', '--older-than', '1ms'], { cwd: d });
    expect(gc.out).toContain(`removed ${other}`);
    expect(storedIds(path.join(d, 'other'))).toEqual([]);
    expect(storedIds(path.join(d, 'outputs'))).toEqual([main]);
  });

  it('--config before a subcommand is the config it loads', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'alt.json'), JSON.stringify({ outputs: 'alt-store' }));
    expect(reduce(['--config', 'alt.json', '--', process.execPath, tool, 'print', 'x\n'], { cwd: d }).status).toBe(0);
    const [id] = storedIds(path.join(d, 'alt-store'));
    expect(reduce(['--config', 'alt.json', 'list'], { cwd: d }).out).toContain(id);
  });

  it('an option of a run before a subcommand is refused with exit 2 and one line', () => {
    const d = folder();
    const r = reduce(['--budget', 'full', 'list'], { cwd: d });
    expect(r.status).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/--budget.*list/);
  });
});
