import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-packer-shown-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `git log --oneline` of 300 commits with subjects of varied length: more than an answer budget holds. */
function onelineLog(): string {
  const words = ['parser', 'render', 'budget', 'index', 'fixtures', 'docs', 'tests', 'detect', 'store', 'history'];
  return Array.from({ length: 300 }, (_, i) => {
    const hash = (0x1000000 + i * 7919).toString(16).slice(-7);
    const subject = Array.from({ length: 4 + (i % 9) }, (_, j) => words[(i + j * 3) % words.length]).join(' ');
    return `${hash} ${subject} (change ${i})`;
  }).join('\n') + '\n';
}

describe('packer: rows packed to fill the room are not shown twice', () => {
  it('an answer index and its edge rows show each commit once, so more distinct commits fit', () => {
    const result = reduceOutputSync({
      stdout: onelineLog(),
      argv: ['git', 'log', '--oneline'],
      command: 'git log --oneline',
      exit: { code: 0, signal: null },
      mode: 'wrap',
      outputsDir: path.join(work, 'out'),
      cwd: work,
    });
    const packet = result.packet!;
    const rows = packet.citations.flatMap((c) => c.excerpt).map((line) => /\(change (\d+)\)$/.exec(line)?.[1]).filter((n): n is string => n !== undefined);
    // The newest commit is cited on its own (the summary rests on it) and listed nowhere else.
    expect(rows.length - new Set(rows).size).toBe(0);
    expect(new Set(rows).size).toBeGreaterThan(60);
  });

  it('cuts long index entries, counting what is left out, so that more of them fit', () => {
    const long = Array.from({ length: 200 }, (_, i) => `${(0x2000000 + i * 104729).toString(16).slice(-7)} ${'subject words that run on and on, '.repeat(6)}(change ${i})`).join('\n') + '\n';
    const result = reduceOutputSync({ stdout: long, argv: ['git', 'log', '--oneline'], command: 'git log --oneline', exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: path.join(work, 'out2'), cwd: work });
    const index = result.packet!.citations.find((c) => c.index);
    expect(index).toBeDefined();
    expect(index!.excerpt.every((line) => line.length < 140)).toBe(true);
    expect(index!.excerpt[0]).toMatch(/ …\[\+\d+ chars\]$/);
  });
});

