/**
 * Indented text read as an answer (a disassembly, a class dump, a profile with call graphs, a
 * module's help): the lines that open its blocks are cited as an outline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { IndentOutline } from '../../../src/reducers/generic/indent-outline.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-outline-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let runs = 0;
/** Through the text reducer (this synthetic disassembly's `    1000:\t48 89 …` lines also pass for YAML keys). */
function wrapped(stdout: string, argv: string[]) {
  return reduceOutputSync({ stdout, argv, command: argv.join(' '), family: 'text', exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: path.join(work, String(runs++)), cwd: work });
}

function outline(lines: readonly string[]) {
  const scanner = new IndentOutline();
  lines.forEach((text, i) => scanner.line('stdout', i + 1, text));
  let ref = 0;
  return scanner.finish(() => `c${++ref}`);
}

/** An objdump -d of `functions` functions, each a label at column 0 over `size` indented instructions. */
function disassembly(functions: number, size: number): string[] {
  const lines = ['', 'app:     file format elf64-x86-64', '', '', 'Disassembly of section .text:', ''];
  for (let f = 0; f < functions; f++) {
    const base = 0x1000 + f * 0x100;
    lines.push(`${base.toString(16).padStart(16, '0')} <fn_${f}>:`);
    for (let i = 0; i < size; i++) lines.push(`    ${(base + i * 4).toString(16)}:\t48 89 e5 ${(i % 256).toString(16).padStart(2, '0')}          \tmov    %rsp,%rbp`);
    lines.push('');
  }
  return lines;
}

describe('IndentOutline', () => {
  it('cites the lines that open a block: function labels over their instructions', () => {
    const lines = disassembly(12, 20);
    const cited = outline(lines)!;
    expect(cited.layout).toBe('index');
    expect(cited.focus!.map((n) => lines[n - 1])).toEqual(Array.from({ length: 12 }, (_, f) => `${(0x1000 + f * 0x100).toString(16).padStart(16, '0')} <fn_${f}>:`));
  });

  it('keeps the top two levels: headings and their members, not what is nested in a member', () => {
    const lines: string[] = [];
    for (const section of ['CLASSES', 'FUNCTIONS']) {
      lines.push(section);
      for (let m = 0; m < 8; m++) {
        lines.push(`    ${section.toLowerCase()}_${m}(x, y)`, '        Returns a thing.', '        Example:', '            >>> call(1)', '        More prose about it.', '        And more.', '        Still more.', '        The end.');
      }
    }
    const cited = outline(lines)!;
    const shown = cited.focus!.map((n) => lines[n - 1]!.trim());
    expect(shown).toContain('CLASSES');
    expect(shown).toContain('functions_7(x, y)');
    expect(shown).not.toContain('Example:');
  });

  it('reads no outline into right-aligned columns, bare brackets, prose, or a short text', () => {
    // A profile table: the counts are right-aligned, so the indent moves while nothing nests.
    const profile = ['   ncalls  tottime  filename:lineno(function)'];
    for (let i = 0; i < 80; i++) profile.push(`${String(10 ** (i % 6)).padStart(9)}    0.00${i % 10} mod.py:${i}(f${i})`);
    expect(outline(profile)).toBeNull();
    const braces = Array.from({ length: 80 }, (_, i) => (i % 2 ? '  }' : '{'));
    expect(outline(braces)).toBeNull();
    expect(outline(Array.from({ length: 80 }, (_, i) => `plain line ${i} of prose`))).toBeNull();
    expect(outline(disassembly(3, 5))).toBeNull();
  });

  it('measures the share on the levels it shows: a nested YAML dump still gets its top two levels', () => {
    const yaml = ['services:'];
    for (let i = 0; i < 20; i++) yaml.push(`  svc${i}:`, `    image: reg/svc${i}:1.${i}`, '    env:', '      K0: "0"', '      K1: "1"', '    deploy:', '      resources:', '        limits:', '          cpu: "1"');
    const cited = outline(yaml)!;
    expect(cited.focus!.map((n) => yaml[n - 1]!.trim())).toEqual(['services:', ...Array.from({ length: 20 }, (_, i) => `svc${i}:`)]);
  });

  it('reads no outline into blocks that all open alike', () => {
    const plan: string[] = [];
    for (let i = 0; i < 20; i++) plan.push(`  # terraform_data.worker[${i}] will be created`, '  + resource "terraform_data" "worker" {', '      + id    = (known after apply)', '      + name  = "worker"', '    }', '');
    expect(outline(plan)).toBeNull();
  });

  it('never throws, and cites only lines it read, on random input', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(12), fc.string({ maxLength: 40 })), { maxLength: 300 }), (rows) => {
        const lines = rows.map(([indent, text]) => ' '.repeat(indent) + text);
        const cited = outline(lines);
        if (cited) for (const n of cited.focus!) expect(n >= 1 && n <= lines.length).toBe(true);
      }),
    );
  });

  it('a large disassembly read as an answer lists every function, where first, middle and last lines showed a few', () => {
    const lines = disassembly(30, 40);
    const result = wrapped(lines.join('\n') + '\n', ['objdump', '-d', 'app']);
    const text = result.text!;
    for (let f = 0; f < 30; f++) expect(text, `fn_${f}`).toContain(`<fn_${f}>:`);
    expect(text).toContain('outline, 30 blocks');
  });
});
