/**
 * 10,000 generated outputs of mixed shapes (env lines, JSON, URLs, headers, cookies, argv, XML, PEM blocks,
 * Kubernetes Secrets, ANSI-split tokens, long lines), each with planted secrets, behind random log
 * prefixes (compose, kubectl --timestamps, CI): every one goes through the redaction the views use
 * (the whole stream, and a range started in the middle, as `inspect --lines` reads it) and every 20th
 * through the whole pipeline (packet text and JSON). No planted secret may show; nothing may throw.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';
import { redactingReader } from '../../src/safety/packet-safety.js';
import { linesOf } from './fixture-cases.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-secret-fuzz-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
const B64 = [...ALNUM, '+', '/'];
const chars = (alphabet: string[], min: number, max: number) => fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
/** A machine-made secret: mixed case and digits, as the rules expect of tokens. */
const secret = fc.tuple(chars(ALNUM, 14, 40), fc.integer({ min: 0, max: 9 })).map(([s, d]) => `Q${s}z${d}`);

interface Planted {
  lines: string[];
  secrets: string[];
}
const one = (make: (s: string) => string) => secret.map((s): Planted => ({ lines: [make(s)], secrets: [s] }));

const shapes: fc.Arbitrary<Planted>[] = [
  one((s) => `DB_PASSWORD=${s}`),
  one((s) => `export STRIPE_SECRET_KEY="${s}"`),
  one((s) => `{"level":"info","password":"${s}","user":"app"}`),
  one((s) => `    "client_secret": "${s}",`),
  one((s) => `connecting to postgres://app:${s}@db.internal:5432/app`),
  one((s) => `REDIS_URL=redis://:${s}@cache:6379/0`),
  one((s) => `> Authorization: Bearer ${s}`),
  one((s) => `set-cookie: sessionid=${s}; Path=/; HttpOnly`),
  one((s) => `+ docker login -u ci -p ${s} registry.example.com`),
  one((s) => `+ mysql -h db -u root -p${s} shop`),
  one((s) => `+ curl -sS -u admin:${s} https://ci.example.com/job`),
  one((s) => `  <password>${s}</password>`),
  one((s) => `machine git.example.com login ci password ${s}`),
  one((s) => `redis-server *:6379 --requirepass ${s}`),
  one((s) => `2026-11-20 INFO token=${s} refreshed`),
  chars(ALNUM, 36, 36).map((t): Planted => ({ lines: [`using GITHUB_TOKEN ghp_${t} for upload`], secrets: [`ghp_${t}`] })),
  // A token split by colour codes, as a tool colouring its log prints it.
  chars(ALNUM, 36, 36).map((t): Planted => ({ lines: [`token \u001b[1mghp_${t.slice(0, 9)}\u001b[22m${t.slice(9)}\u001b[0m ok`], secrets: [`ghp_${t}`] })),
  chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.split(''), 16, 16).map((k): Planted => ({ lines: [`aws_access_key_id = AKIA${k}`], secrets: [`AKIA${k}`] })),
  // A value far longer than 256 characters, masked whole.
  chars(ALNUM, 300, 900).map((v): Planted => ({ lines: [`api_key: "Q${v}9"`], secrets: [`Q${v}9`] })),
  // A secret deep in a long line, before the 2,000 characters a packet shows.
  fc.tuple(fc.integer({ min: 100, max: 1800 }), secret).map(([pad, s]): Planted => ({ lines: [`${'x'.repeat(pad)} password=${s} ${'y'.repeat(3000)}`], secrets: [s] })),
  fc.array(chars(B64, 64, 64), { minLength: 2, maxLength: 12 }).map((body): Planted => ({
    lines: ['-----BEGIN RSA PRIVATE KEY-----', ...body, '-----END RSA PRIVATE KEY-----'],
    secrets: body,
  })),
  fc.array(fc.tuple(chars('abcdefghij'.split(''), 3, 8), chars(B64, 20, 40)), { minLength: 1, maxLength: 30 }).map((pairs): Planted => {
    const values = pairs.map(([, v]) => Buffer.from(`Q${v}9`).toString('base64'));
    return {
      lines: ['apiVersion: v1', 'data:', ...pairs.map(([k], i) => `  ${k}${i}: ${values[i]}`), 'kind: Secret', 'metadata:', '  name: app', 'type: Opaque'],
      secrets: values,
    };
  }),
  fc.tuple(secret, secret).map(([a, b]): Planted => ({ lines: ['apiVersion: v1', 'kind: Secret', 'stringData:', '  token: |', `    ${a}`, `    ${b}`, 'type: Opaque'], secrets: [a, b] })),
];

const noise = fc.constantFrom(
  'Starting server on :8080',
  'GET /health 200 1ms',
  '{"level":"info","msg":"request served","status":200}',
  'commit 3fce3b5bb0236da2df6d99672afb8a719642eca7',
  'Error: connect ECONNREFUSED 127.0.0.1:5432',
  '    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)',
  '',
  'metadata:',
  '  name: web',
  '---',
);
const block = fc.oneof({ weight: 3, arbitrary: fc.oneof(...shapes) }, { weight: 1, arbitrary: noise.map((l): Planted => ({ lines: [l], secrets: [] })) });
const prefix = fc.constantFrom(
  (_i: number) => '',
  (_i: number) => 'web-1  | ',
  (i: number) => `2026-11-20T10:00:${String(i % 60).padStart(2, '0')}.${String(i * 7919).padStart(9, '0')}Z `,
  (i: number) => `deploy\tRun step\t2026-11-20T10:00:${String(i % 60).padStart(2, '0')}.1234567Z `,
  (_i: number) => '[pod/api-0/app] ',
);
const output = fc.tuple(fc.array(block, { minLength: 1, maxLength: 8 }), prefix).map(([blocks, pre]) => {
  const lines = blocks.flatMap((b) => b.lines).map((l, i) => pre(i) + l);
  return { text: lines.join('\n') + '\n', secrets: blocks.flatMap((b) => b.secrets) };
});

const leaks = (text: string, secrets: readonly string[]): string[] => secrets.filter((s) => text.includes(s.slice(0, -4)));

describe('fuzz: planted secrets never show', () => {
  it('10,000 mixed outputs through the view redaction, every 20th through the pipeline', () => {
    let n = 0;
    let planted = 0;
    fc.assert(
      fc.property(output, fc.nat(), fc.boolean(), ({ text, secrets }, cut, json) => {
        n++;
        planted += secrets.length;
        const lines = linesOf(text);
        const read = (_s: 'stdout' | 'stderr', from: number, to: number): string[] => lines.slice(from - 1, to);
        const reader = redactingReader(read);
        expect(leaks(reader('stdout', 1, lines.length).join('\n'), secrets)).toEqual([]);
        // A range that starts in the middle, as `inspect --lines A:B` reads it.
        const from = 1 + (cut % lines.length);
        expect(leaks(reader('stdout', from, lines.length).join('\n'), secrets)).toEqual([]);
        if (n % 20 === 0) {
          const r = reduceOutputSync({ stdout: text, argv: ['kubectl', 'logs', 'x'], exit: { code: 0 }, mode: 'wrap', outputsDir: path.join(work, String(n % 10)), cwd: work, json });
          expect(leaks(r.text, secrets)).toEqual([]);
        }
      }),
      { numRuns: 10_000 },
    );
    console.log(`secret fuzz: ${n} outputs, ${planted} planted secrets, 0 shown`);
  }, 300_000);
});
