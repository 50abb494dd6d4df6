/**
 * Invariants over random input (fast-check): the artifact is the input byte for byte, however it
 * arrives; the packet is deterministic; the exit code is kept; nothing crashes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../src/api.js';
import { LineSplitter } from '../src/core/line-splitter.js';
import { readLines } from '../src/store/line-reader.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-props-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Line shapes that stress the splitter and reducers: CRLF, progress bars, ANSI, NUL, invalid UTF-8, long lines. */
const pieces = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constantFrom('\n', '\r\n', '\r', '\x1b[31m', '\x1b[0m', '\x00', '\xff\xfe', 'ERROR: boom\n', '  at f (x.js:1:2)\n', 'Traceback (most recent call last):\n', '{"level":50,"msg":"x"}\n', 'diff --git a/x b/x\n', '50%\r100%\n').map((s) => Buffer.from(s, 'latin1')),
  fc.string({ maxLength: 120 }).map((s) => Buffer.from(s + '\n')),
  fc.integer({ min: 9000, max: 20000 }).map((n) => Buffer.alloc(n, 'y')),
);
const output = fc.array(pieces, { maxLength: 40 }).map((parts) => Buffer.concat(parts));

describe('properties', () => {
  it('the stored artifact equals the input, for random bytes and line shapes', () => {
    let run = 0;
    fc.assert(
      fc.property(output, output, fc.integer({ min: 0, max: 255 }), (stdout, stderr, code) => {
        const dir = path.join(work, `a${run++}`);
        const result = reduceOutputSync({ stdout, stderr, argv: ['tool'], exit: { code }, outputsDir: dir, cwd: work });
        expect(result.id).not.toBeNull();
        expect(fs.readFileSync(path.join(dir, `${result.id}.stdout`)).equals(stdout)).toBe(true);
        const errFile = path.join(dir, `${result.id}.stderr`);
        if (stderr.length) expect(fs.readFileSync(errFile).equals(stderr)).toBe(true);
        else expect(fs.existsSync(errFile)).toBe(false);
        expect(result.packet!.exit.code).toBe(code);
        expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(64 * 1024);
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 150 },
    );
  });

  it('no stored line is shown twice, and every bullet ref names a citation in the packet', () => {
    const logLine = fc.oneof(
      fc.constantFrom('ERROR: connection refused', 'Traceback (most recent call last):', '  File "app.py", line 3, in main', 'ValueError: bad', 'INFO ok', 'Tests: 3 failed, 9 passed, 12 total', 'FAIL src/a.test.ts', ''),
      fc.string({ maxLength: 60 }),
    );
    let run = 0;
    fc.assert(
      fc.property(fc.array(logLine, { maxLength: 400 }), fc.constantFrom('concise', 'normal', 'auto') as fc.Arbitrary<'concise' | 'normal' | 'auto'>, (lines, budget) => {
        const result = reduceOutputSync({ stdout: lines.join('\n'), argv: ['app'], exit: { code: 1 }, budget, outputsDir: path.join(work, `o${run++}`), cwd: work });
        const packet = result.packet!;
        const seen = new Set<string>();
        for (const c of packet.citations) {
          if (!c.lines) continue;
          const numbers = c.shown ?? c.excerpt.map((_, i) => c.lines![0] + i);
          for (const n of numbers) {
            const key = `${c.stream}:${n}`;
            expect(seen.has(key), `line ${key} shown twice`).toBe(false);
            seen.add(key);
          }
        }
        const refs = new Set(packet.citations.map((c) => c.ref));
        for (const bullet of packet.summary) for (const m of bullet.matchAll(/\[(c\d+)\]/g)) expect(refs.has(m[1]!)).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it('a packet keeps to its budget, footer included, when nothing mandatory is in it', () => {
    const logLine = fc.oneof(
      fc.constantFrom('ERROR: connection refused to db-1:5432', 'Traceback (most recent call last):', '  File "app.py", line 3, in main', 'ValueError: bad value', 'INFO request ok 200 12ms', 'WARN slow request 900ms', 'Tests: 3 failed, 9 passed, 12 total', ''),
      fc.string({ maxLength: 90 }),
    );
    let run = 0;
    fc.assert(
      fc.property(fc.array(logLine, { minLength: 50, maxLength: 600 }), fc.integer({ min: 1200, max: 9000 }), fc.integer({ min: 0, max: 2 }), (lines, maxBytes, code) => {
        const result = reduceOutputSync({ stdout: lines.join('\n'), argv: ['app'], exit: { code }, maxBytes, outputsDir: path.join(work, `b${run++}`), cwd: work });
        const packet = result.packet!;
        if (packet.verbatim || packet.injection.suspected) return;
        // Only mandatory items may pass the budget (a reducer that read the log as a test run cites its totals lines so).
        const mandatory = (result.parts?.citations ?? []).some((c) => c.priority === 'mandatory') || (result.parts?.summary ?? []).some((b) => b.priority === 'mandatory');
        if (mandatory) return;
        expect(Buffer.byteLength(result.text), result.text).toBeLessThanOrEqual(maxBytes);
      }),
      { numRuns: 150 },
    );
  });

  it('NDJSON of any shape is read without a crash, and the artifact stays the input', () => {
    const record = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.record({ level: fc.oneof(fc.integer({ min: 0, max: 70 }), fc.constantFrom('info', 'error', 'fatal')), msg: fc.string({ maxLength: 40 }) }).map((v) => JSON.stringify(v)),
      fc.record({ Action: fc.constantFrom('run', 'pass', 'fail', 'output'), Test: fc.string({ maxLength: 20 }) }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }).map((s) => `{${s}}`),
    );
    let run = 0;
    fc.assert(
      fc.property(fc.array(record, { maxLength: 300 }), (lines) => {
        const stdout = lines.join('\n');
        const dir = path.join(work, `n${run++}`);
        const result = reduceOutputSync({ stdout, argv: [], family: 'json', exit: { code: null }, mode: 'pipe', outputsDir: dir, cwd: work });
        expect(fs.readFileSync(path.join(dir, `${result.id}.stdout`)).equals(Buffer.from(stdout))).toBe(true);
        expect(result.packet).not.toBeNull();
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 120 },
    );
  });

  it('the same bytes give the same packet, but for the id', () => {
    fc.assert(
      fc.property(output, (stdout) => {
        const a = reduceOutputSync({ stdout, argv: ['tool'], outputsDir: path.join(work, 'det'), cwd: work });
        const b = reduceOutputSync({ stdout, argv: ['tool'], outputsDir: path.join(work, 'det'), cwd: work });
        const strip = (t: string) => t.split(a.id!).join('<id>').split(b.id!).join('<id>');
        expect(strip(a.text)).toBe(strip(b.text));
      }),
      { numRuns: 60 },
    );
  });

  it('splitting is the same however the bytes are chunked, and the index finds every line', () => {
    fc.assert(
      fc.property(output, fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 20 }), (data, cuts) => {
        const whole: string[] = [];
        const a = new LineSplitter((_, text) => whole.push(text));
        a.push(data);
        a.end();
        const chunked: string[] = [];
        const b = new LineSplitter((_, text) => chunked.push(text));
        let pos = 0;
        for (const cut of cuts) {
          b.push(data.subarray(pos, pos + cut));
          pos += cut;
        }
        b.push(data.subarray(pos));
        b.end();
        expect(chunked).toEqual(whole);
        expect(b.lines).toBe(whole.length);
        expect(b.bytes).toBe(data.length);
        const file = path.join(work, 'split.bin');
        fs.writeFileSync(file, data);
        if (whole.length) {
          const n = Math.ceil(whole.length / 2);
          expect(readLines(file, b.index, n, n)).toEqual([whole[n - 1]]);
          expect(readLines(file, b.index, 1, whole.length)).toEqual(whole);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the CLI exits with the wrapped command’s code, whatever it is', () => {
    const tool = path.resolve(__dirname, 'tools/fake-tool.mjs');
    const bin = path.resolve(__dirname, '../bin/reduce.js');
    const cwd = path.join(work, 'exit');
    fs.mkdirSync(cwd, { recursive: true });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.string({ maxLength: 200 }), (code, text) => {
        const r = spawnSync(process.execPath, [bin, '--', process.execPath, tool, 'print', text, String(code)], { cwd, env: { ...process.env, NO_COLOR: '1' } });
        expect(r.status).toBe(code);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
