/**
 * Helpers for the hardening tests: the built CLI as a real subprocess, in a fresh folder per test.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export const root = path.resolve(__dirname, '../..');
export const bin = path.join(root, 'bin/reduce.js');
export const tool = path.join(root, 'test/tools/fake-tool.mjs');

export interface RunOptions {
  input?: string | Buffer;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Generous upper bound: a run that needs it has hung. */
  timeoutMs?: number;
}

export interface Ran extends SpawnSyncReturns<Buffer> {
  out: string;
  err: string;
  ms: number;
}

export function reduce(args: string[], options: RunOptions = {}): Ran {
  const started = Date.now();
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? os.tmpdir(),
    input: options.input ?? '',
    env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: '', ...options.env },
    maxBuffer: 512 << 20,
    timeout: options.timeoutMs ?? 120_000,
  });
  return Object.assign(r, { out: r.stdout?.toString() ?? '', err: r.stderr?.toString() ?? '', ms: Date.now() - started });
}

/** A fresh folder under the system temp folder. */
export function freshDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `reduce-${prefix}-`));
}

/** Gives fresh folders for one test file, all removed after it. */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  return () => {
    const d = freshDir(prefix);
    made.push(d);
    return d;
  };
}

/** Artifact ids (metadata files) in a store. */
export function storedIds(store: string): string[] {
  return fs.existsSync(store) ? fs.readdirSync(store).filter((f) => /^\d{8}-\d{6}-.*\.json$/.test(f)).map((f) => f.slice(0, -5)) : [];
}

/** Whether a process id is still alive (signal 0 probes without sending). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the CLI without waiting, for tests that signal it. */
export function startReduce(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
}

export async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { spawnSync };
