import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { readTarget } from '../../../src/reducers/generic/source.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-source-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function read(stdout: string, argv: string[], options: { maxBytes?: number; exit?: number; stderr?: string } = {}) {
  return reduceOutputSync({
    stdout,
    argv,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    exit: { code: options.exit ?? 0 },
    outputsDir: path.join(work, String(Math.random()).slice(2)),
    cwd: work,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
}

/** A Python module of `classes` classes with `methods` methods each, with error words in its code. */
function pythonModule(classes: number, methods: number): string {
  const out = ['"""A module."""', 'import json', ''];
  for (let c = 0; c < classes; c++) {
    out.push(`class Handler${c}(Exception):`, `    """Handler ${c}: raises ValueError on bad input."""`, '');
    for (let m = 0; m < methods; m++) {
      out.push(`    def handle_${m}(self, value):`, '        try:', '            return json.loads(value)', '        except ValueError as error:', `            raise RuntimeError("handler ${c}.${m} failed") from error`, '');
    }
  }
  return out.join('\n') + '\n';
}

describe('readTarget', () => {
  it('finds the file and where the output starts in it', () => {
    expect(readTarget(['cat', 'src/app.py'])).toEqual({ file: 'src/app.py', kind: 'python', startLine: 1 });
    expect(readTarget(['head', '-n', '50', 'README.md'])).toEqual({ file: 'README.md', kind: 'markup', startLine: 1 });
    expect(readTarget(['sed', '-n', '120,300p', 'lib/x.ts'])).toEqual({ file: 'lib/x.ts', kind: 'code', startLine: 120 });
    expect(readTarget(['tail', '-n', '+40', 'Makefile'])).toEqual({ file: 'Makefile', kind: 'make', startLine: 40 });
  });
  it('is null for what is not one file read as it is', () => {
    expect(readTarget(['cat', 'a.py', 'b.py'])).toBeNull();
    expect(readTarget(['sed', 's/a/b/', 'x.py'])).toBeNull();
    expect(readTarget(['tail', '-f', 'app.log'])).toBeNull();
    expect(readTarget(['grep', 'x', 'a.py'])).toBeNull();
    expect(readTarget(['cat', 'server.log'])?.kind).toBeNull();
  });
});

describe('source files', () => {
  it('shows a file that fits the answer budget whole, and code words do not fail it', () => {
    const text = pythonModule(2, 3);
    const result = read(text, ['cat', 'handlers.py']);
    expect(result.packet!.reducer).toMatch(/^source@/);
    expect(result.packet!.status).toBe('ok');
    expect(result.text).toBe(text);
  });

  it('gives a larger file an outline with line numbers and whole lines from the start, then the rest to read', () => {
    const text = pythonModule(12, 8);
    const total = text.split('\n').length - 1;
    const result = read(text, ['cat', 'handlers.py']);
    const packet = result.packet!;
    expect(packet.status).toBe('ok');
    expect(packet.intent).toBe('answer');
    expect(packet.stats.packetBytes).toBeLessThanOrEqual(8 * 1024);
    const outline = packet.citations.find((c) => c.label?.startsWith('outline'))!;
    const file = packet.citations.find((c) => c.label?.startsWith('handlers.py'))!;
    // The prefix is whole lines from line 1, without gaps.
    expect(file.lines![0]).toBe(1);
    expect(file.shown).toBeUndefined();
    expect(file.excerpt).toEqual(text.split('\n').slice(0, file.lines![1]));
    // The outline lists only what the prefix does not show, each entry at its own line.
    for (const [i, n] of outline.shown!.entries()) {
      expect(n).toBeGreaterThan(file.lines![1]);
      expect(outline.excerpt[i]).toBe(text.split('\n')[n - 1]);
    }
    expect(outline.excerpt.some((l) => l.startsWith('class Handler11('))).toBe(true);
    expect(packet.recover).toBe(`reduce inspect ${result.id} --lines ${file.lines![1] + 1}:${total}`);
    expect(result.text).toContain(`lines ${(file.lines![1] + 1).toLocaleString('en-US')}-${total.toLocaleString('en-US')} not shown`);
  });

  it('reads a file shown with line numbers (cat -n, an editor\'s view tool) as the file, not as a list of sizes', () => {
    const body = pythonModule(12, 8).split('\n').slice(0, -1);
    const numbered = [`Here's the result of running \`cat -n\` on /src/handlers.py:`, ...body.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)].join('\n') + '\n';
    const packet = read(numbered, ['str_replace_editor', 'view', '/src/handlers.py']).packet!;
    expect(packet.reducer).toMatch(/^source@/);
    const outline = packet.citations.find((c) => c.label?.startsWith('outline'))!;
    expect(outline.excerpt.some((l) => /^\s+\d+\tclass Handler11\(/.test(l))).toBe(true);
    // An agent's file-reading tool writes an arrow after the number.
    const arrows = body.map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n') + '\n';
    expect(read(arrows, ['Read', '/src/handlers.py']).packet!.citations.some((c) => c.label?.startsWith('outline'))).toBe(true);
    // A shell loop's numbering (PowerShell '{0,4}: {1}').
    const colons = body.map((l, i) => `${String(i + 1).padStart(4)}: ${l}`).join('\n') + '\n';
    expect(read(colons, ['pwsh', '-c', 'number-lines']).packet!.citations.some((c) => c.label?.startsWith('outline'))).toBe(true);
    // Sizes before names (`du`) count up in no order: still a list.
    const sizes = Array.from({ length: 40 }, (_, i) => `${(i * 7919) % 900 + 4}\t./dir${i}`).join('\n') + '\n';
    expect(read(sizes, ['du', '-s', './*']).packet!.reducer).not.toMatch(/^source@/);
  });

  it('reads a numbered range from inside a file (no definition in its first lines) as the file', () => {
    // Lines 520-780 of a module: the middle of a long function first, its definitions only further down.
    const middle = Array.from({ length: 90 }, (_, i) => (i % 9 === 4 ? `        raise ValueError("row ${i} is not large enough")` : i % 3 === 0 ? `    if parts[${i}] and sample < blocksize:` : `        total_${i} = reader(parts[${i}], **kwargs)`));
    const body = [...middle, ...pythonModule(6, 4).split('\n').slice(0, -1)];
    const numbered = [`Here's the result of running \`cat -n\` on /src/csv.py:`, ...body.map((l, i) => `${String(i + 520).padStart(6)}\t${l}`)].join('\n') + '\n';
    const packet = read(numbered, ['str_replace_editor', 'view', '/src/csv.py', '--view_range', '520', '780']).packet!;
    expect(packet.reducer).toMatch(/^source@/);
    expect(packet.citations.find((c) => c.label?.startsWith('text'))!.excerpt.slice(0, 3).join('\n')).toContain('520\t');
    // The same lines without their numbers are not taken for a file: nothing says so.
    expect(read(middle.join('\n') + '\n', ['runtask']).packet!.reducer).not.toMatch(/^source@/);
  });

  it('reads git blame piped with no command as the file it annotates, not as a log of commits', () => {
    const body = pythonModule(10, 6).split('\n').slice(0, -1);
    const blame = body.map((l, i) => `${['138e2111', 'e486ec7a', '^28742200'][i % 3]} (Ana Lima 2026-11-${String(10 + (i % 9)).padStart(2, '0')} 21:31:21 +0000 ${String(i + 1).padStart(3)}) ${l}`).join('\n') + '\n';
    const packet = read(blame, []).packet!;
    expect(packet.reducer).toMatch(/^source@/);
    expect(packet.citations.find((c) => c.label?.startsWith('outline'))!.excerpt.some((l) => /\) class Handler9\(/.test(l))).toBe(true);
    // `git log --oneline` with decorations still reads as a log.
    const oneline = Array.from({ length: 12 }, (_, i) => `${(0x1a2b3c4 + i * 977).toString(16)} ${i === 0 ? '(HEAD -> main, origin/main) ' : ''}fix the parser for case ${i}`).join('\n') + '\n';
    expect(read(oneline, []).packet!.reducer).toMatch(/^git-log@/);
  });

  it('keeps top-level entries when members would crowd the outline', () => {
    const text = pythonModule(40, 6);
    const packet = read(text, ['cat', 'handlers.py']).packet!;
    const outline = packet.citations.find((c) => c.label?.startsWith('outline'))!;
    expect(outline.excerpt.every((l) => l.startsWith('class '))).toBe(true);
    expect(packet.omitted.some((o) => o.what.startsWith('nested outline entries'))).toBe(true);
  });

  it('fails only on the exit code and stderr', () => {
    const result = read('', ['cat', 'nope.py'], { exit: 1, stderr: 'cat: nope.py: No such file or directory\n' });
    expect(result.packet!.status).toBe('fail');
    expect(result.text).toContain('No such file or directory');
  });

  it('never throws and keeps its budget on random source-like text', () => {
    const line = fc.oneof(
      fc.constantFrom('def f(x):', 'class A:', '    def m(self):', '# Heading', '```', 'export function g() {', '  raise Error("x")', 'except KeyError:', '', '}'),
      fc.string({ maxLength: 120 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 400 }), fc.constantFrom('a.py', 'b.ts', 'c.md', 'd.yaml', 'Makefile'), fc.integer({ min: 600, max: 9000 }), (lines, file, maxBytes) => {
        const result = read(lines.join('\n') + '\n', ['cat', file], { maxBytes });
        const packet = result.packet!;
        if (!packet.verbatim) expect(packet.stats.packetBytes).toBeLessThanOrEqual(maxBytes);
        expect(packet.status).toBe('ok');
      }),
      { numRuns: 60 },
    );
  });
});
