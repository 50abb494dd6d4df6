/**
 * Defect 10 of issue 11, the smaller ones: a JS config that throws reports its own error and file;
 * budgets larger than the ceiling are refused; a long line's marker counts the whole line;
 * gc --dry-run and gc agree on what they tighten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduce, tempFolders, tool } from './cli-run.js';

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

describe('a long line in a packet', () => {
  it('says how much of the whole line is not shown, not how much of its display text', () => {
    const d = folder();
    const r = reduce(['--', process.execPath, tool, 'flood', '3000000'], { cwd: d });
    expect(r.status).toBe(0);
    const markers = [...r.out.matchAll(/…\[\+([\d,]+) (chars|bytes)\]/g)].map((m) => ({ n: Number(m[1]!.replace(/,/g, '')), unit: m[2] }));
    expect(markers.length).toBeGreaterThan(0);
    // Every marker on the line counts against its 3,000,000 bytes: none claims a few hundred.
    for (const m of markers) expect(m.n, JSON.stringify(markers)).toBeGreaterThan(2_990_000);
  });
});

describe('budgets larger than the ceiling', () => {
  it('are refused naming the key, not accepted silently', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'c.json'), JSON.stringify({ budgets: { success: 100_000, ceiling: 65_536 } }));
    const r = reduce(['--config', 'c.json'], { cwd: d, input: 'x\n' });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/key 'budgets\.success'.*ceiling/);
    fs.writeFileSync(path.join(d, 'd.json'), JSON.stringify({ budgets: { failure: 4096, ceiling: 2048 } }));
    expect(reduce(['--config', 'd.json'], { cwd: d, input: 'x\n' }).err).toMatch(/key 'budgets\.failure'/);
  });
});

describe('gc --dry-run and gc', () => {
  it('agree on what they tighten (files gc removes are not counted)', () => {
    const d = folder();
    expect(reduce(['--', process.execPath, tool, 'print', 'x\n'], { cwd: d }).status).toBe(0);
    const store = path.join(d, 'outputs');
    const [id] = fs.readdirSync(store).filter((f) => f.endsWith('.stdout'));
    fs.chmodSync(store, 0o750);
    fs.chmodSync(path.join(store, id!), 0o644);
    const tightenLine = (text: string) => text.split('\n').find((l) => /tighten/.test(l))?.replace(/would tighten|tightened/, 'TIGHTEN');
    const dry = reduce(['gc', '--older-than', '1ms', '--dry-run'], { cwd: d });
    const real = reduce(['gc', '--older-than', '1ms'], { cwd: d });
    expect(real.out).toContain('removed');
    expect(tightenLine(dry.out)).toBe(tightenLine(real.out));
    expect(tightenLine(real.out)).toMatch(/of 1 path/);
  });
});
