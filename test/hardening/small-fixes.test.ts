/**
 * Defect 10 of issue 11, the smaller ones: a JS config that throws reports its own error and file;
 * budgets larger than the ceiling are refused; a long line's marker counts the whole line;
 * gc --dry-run and gc agree on what they tighten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders, reduce } from './cli-run.js';

const folder = tempFolders('small');

describe('a reducer.config.js that throws', () => {
  it('is reported with its own error and its file', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'reducer.config.js'), 'throw new Error("my config broke");\n');
    const named = reduce(['--config', 'reducer.config.js'], { cwd: d, input: 'x\n' });
    expect(named.status).toBe(2);
    expect(named.err).toContain('my config broke');
    expect(named.err).toContain(path.join(d, 'reducer.config.js'));
    const found = reduce([], { cwd: d, input: 'x\n' });
    expect(found.status).toBe(0);
    expect(found.err).toContain('my config broke');
    expect(found.err).not.toContain('__filename');
  });
});
