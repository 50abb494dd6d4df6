/**
 * Shims: through reduce only for an agent (REDUCE_AGENT=1) whose stdout is not a pipe (a regular
 * file counts as the agent's, as in Claude Code), exit code kept, everything else unchanged.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installShims, shellInit, shimScript } from '../../src/integrations/shims.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(__dirname, '../..');
const invocation = `${process.execPath} ${path.join(root, 'bin/reduce.js')}`;
let work: string;
let shimDir: string;
let realDir: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-shims-'));
  shimDir = path.join(work, 'shims');
  realDir = path.join(work, 'real');
  fs.mkdirSync(realDir);
  // The "real" tool: long output and a chosen exit code.
  fs.writeFileSync(path.join(realDir, 'faketool'), '#!/bin/sh\nseq 1 3000\necho "error: the thing broke" >&2\nexit "${FAKE_EXIT:-0}"\n', { mode: 0o755 });
  installShims(shimDir, ['faketool'], invocation);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function sh(script: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string } {
  const r = spawnSync('/bin/sh', ['-c', script], { cwd: work, encoding: 'utf8', env: { PATH: `${shimDir}:${realDir}:/usr/bin:/bin`, HOME: work, NO_COLOR: '1', ...env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout };
}

describe('shims', { timeout: 180_000 }, () => {
  it('an agent writing to a file gets the packet, with the exit code kept', () => {
    const out = path.join(work, 'out.txt');
    const r = sh(`faketool > ${out}`, { REDUCE_AGENT: '1', FAKE_EXIT: '4' });
    expect(r.status).toBe(4);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toContain('exit 4');
    expect(text).toMatch(/reduce inspect \d{8}-/);
  });
  it('feeding a pipe: the raw output, untouched', () => {
    const r = sh('faketool | wc -l', { REDUCE_AGENT: '1' });
    expect(r.stdout.trim()).toBe('3000');
  });
  it('without REDUCE_AGENT=1: the real tool, untouched, exit code kept', () => {
    const out = path.join(work, 'plain.txt');
    const r = sh(`faketool > ${out} 2>/dev/null`, { FAKE_EXIT: '3' });
    expect(r.status).toBe(3);
    expect(fs.readFileSync(out, 'utf8').split('\n')).toHaveLength(3001);
  });
  it('no real tool further down PATH: 127 and one line', () => {
    installShims(shimDir, ['nosuchtool'], invocation);
    const r = spawnSync('/bin/sh', ['-c', 'nosuchtool'], { encoding: 'utf8', env: { PATH: `${shimDir}:/usr/bin:/bin` } });
    expect(r.status).toBe(127);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('never overwrites a file that is not a shim', () => {
    fs.writeFileSync(path.join(shimDir, 'mine'), '#!/bin/sh\necho mine\n', { mode: 0o755 });
    expect(installShims(shimDir, ['mine'], invocation).skipped).toHaveLength(1);
    expect(fs.readFileSync(path.join(shimDir, 'mine'), 'utf8')).toContain('echo mine');
  });
  it('shims.always in the config: every caller whose stdout is not a pipe goes through reduce, no REDUCE_AGENT needed', () => {
    const alwaysDir = path.join(work, 'always');
    const config = path.join(work, 'always.json');
    fs.writeFileSync(config, JSON.stringify({ shims: { always: true } }));
    const install = spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), 'shims', 'install', alwaysDir, '--tools', 'faketool', '--config', config], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain('every caller');
    const out = path.join(work, 'always.txt');
    const r = spawnSync('/bin/sh', ['-c', `faketool > ${out}`], { cwd: work, encoding: 'utf8', env: { PATH: `${alwaysDir}:${realDir}:/usr/bin:/bin`, HOME: work, NO_COLOR: '1', FAKE_EXIT: '2' }, timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(fs.readFileSync(out, 'utf8')).toMatch(/reduce inspect \d{8}-/);
    const piped = spawnSync('/bin/sh', ['-c', 'faketool | wc -l'], { cwd: work, encoding: 'utf8', env: { PATH: `${alwaysDir}:${realDir}:/usr/bin:/bin`, HOME: work } });
    expect(piped.stdout.trim()).toBe('3000');
  });
  it('without shims.always the script asks for REDUCE_AGENT=1; with it, it does not', () => {
    expect(shimScript('kubectl', 'reduce')).toContain('"${REDUCE_AGENT:-}" = 1');
    expect(shimScript('kubectl', 'reduce', true)).not.toContain('REDUCE_AGENT');
  });
  it('shell-init puts the directory first on PATH, once', () => {
    const code = shellInit('bash', shimDir);
    const out = execFileSync('/bin/bash', ['-c', `PATH=/usr/bin:/bin; ${code}\n${code}\necho "$PATH"`], { encoding: 'utf8' });
    expect(out.trim()).toBe(`${shimDir}:/usr/bin:/bin`);
    expect(shellInit('fish', shimDir)).toContain('set -gx PATH');
  });
});
