/**
 * Defect 6 of issue 11: a timeout beyond the range of Node's 32-bit timers (about 24.8 days) used to
 * fire at once (25d became 1 ms); it is refused, in the flag and in the config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduce, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('timer');

describe('a timeout beyond the timer range', () => {
  it('--timeout 25d is refused with exit 2 and the command is not cut short', () => {
    const d = folder();
    const r = reduce(['--timeout', '25d', '--', process.execPath, tool, 'print', 'x\n'], { cwd: d });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/--timeout .*24d/);
    expect(reduce(['--timeout', '24d', '--', process.execPath, tool, 'print', 'x\n'], { cwd: d }).status).toBe(0);
  });

  it('timeout: 30d in the config named by --config is refused naming the key', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'c.json'), JSON.stringify({ timeout: '30d' }));
    const r = reduce(['--config', 'c.json', '--', process.execPath, tool, 'print', 'x\n'], { cwd: d });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/key 'timeout'/);
  });
});
