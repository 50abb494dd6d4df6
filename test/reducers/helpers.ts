import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { reduceOutputSync, type ReduceResult } from '../../src/api.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-gh-git-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs one output through reduce as wrap mode (argv given) or pipe mode (argv empty). */
export function run(stdout: string, argv: string[] = [], options: { stderr?: string; exit?: number } = {}): ReduceResult & { fields: Record<string, unknown>; reducer: string } {
  const result = reduceOutputSync({
    stdout,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    argv,
    command: argv.join(' '),
    exit: { code: options.exit ?? 0, signal: null },
    mode: argv.length ? 'wrap' : 'pipe',
    outputsDir: path.join(work, String(Math.random()).slice(2)),
    cwd: work,
    budget: 'verbose',
  });
  // Honesty, as the golden runner checks it: every bullet rests on citations and fields the packet carries.
  const packet = result.packet!;
  if (!packet.verbatim) {
    const refs = new Set(packet.citations.map((c) => c.ref));
    for (const bullet of result.parts?.summary ?? []) {
      expect((bullet.cites ?? []).length + (bullet.fields ?? []).length, bullet.text).toBeGreaterThan(0);
      for (const field of bullet.fields ?? []) expect(field in packet.fields, `${bullet.text} rests on ${field}`).toBe(true);
    }
    // The packer merges overlapping citations and rewrites the bullets' refs: check the refs it printed.
    for (const line of packet.summary) for (const [, ref] of line.matchAll(/\[(c\d+[mz]?)\]/g)) expect(refs.has(ref!), `${line} cites ${ref}`).toBe(true);
  }
  return { ...result, fields: (result.parts?.fields ?? {}) as Record<string, unknown>, reducer: result.packet?.reducer ?? '' };
}

/** The one step a job log or build read again (`fields.steps`), checked: what the log says of it and the reducer that read it. */
export function onlyStepRead(result: { fields: Record<string, unknown> }, expected: Record<string, unknown>, reducer: RegExp): Record<string, unknown> {
  const steps = result.fields.steps as Array<Record<string, unknown>>;
  expect(steps).toHaveLength(1);
  expect(steps[0]).toMatchObject(expected);
  expect(String(steps[0]!.reducer)).toMatch(reducer);
  return steps[0]!;
}
