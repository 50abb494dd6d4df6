/** The make-database reducer on random databases: it never throws and keeps to its budget. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-makedb-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const PIECES = [
  '# Variables', '# Files', '# Directories', '# Implicit Rules', '# finished making data base, printed on Wed Nov 25 02:36:35 2026',
  '# default', '# automatic', '# environment', '# command line', "# 'override' directive", "# makefile (from 'Makefile', line 3)", '# makefile',
  '# Not a target:', '#  Builtin rule', '#  recipe to execute (built-in):', "#  recipe to execute (from 'Makefile', line 21):",
  'PREFIX = /usr/local', 'OBJS := build/a.o build/b.o', 'CC = cc', 'build/app: build/a.o build/b.o', 'clean:', '.c.o:', 'all: build/app',
  '\t$(CC) -o $@ $^', '', 'x', ':', '::', 'a:=b', '\u001b[31mred', 'cc -c src/a.c -o build/a.o',
];
const database = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }), fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 80 })), { maxLength: 400 }))
  .map(([before, after]) => [...before, '# Make data base, printed on Wed Nov 25 02:36:35 2026', ...after].join('\n'));

describe('make-database: property', () => {
  it('never throws and keeps to the answer budget on random databases', () => {
    let n = 0;
    fc.assert(
      fc.property(database, fc.constantFrom(0, 2), (stdout, code) => {
        const r = reduceOutputSync({ stdout, argv: ['make', '-pn'], command: 'make -pn', exit: { code, signal: null }, mode: 'wrap', outputsDir: path.join(work, String(n++ % 20)), cwd: work });
        const packet = r.packet!;
        expect(packet.verbatim || packet.reducer.startsWith('make-database@')).toBe(true);
        expect(packet.stats.packetBytes).toBeLessThanOrEqual(8 * 1024);
      }),
      { numRuns: 300 },
    );
  });
});
