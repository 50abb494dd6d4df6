import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
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
  return { ...result, fields: (result.parts?.fields ?? {}) as Record<string, unknown>, reducer: result.packet?.reducer ?? '' };
}
