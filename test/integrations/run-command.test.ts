/**
 * The library entry for running a command and `reduce ingest`: the same artifact, packet and
 * exit-code rules as wrap mode, from the library and from the built CLI.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingestOutput, runCommand } from '../../src/capture/run-command.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(__dirname, '../..');
const bin = path.join(root, 'bin/reduce.js');
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-run-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function meta(outputsDir: string, id: string): { exit: { code: number | null }; durationMs: number; command: string } {
  return JSON.parse(fs.readFileSync(path.join(outputsDir, `${id}.json`), 'utf8'));
}

describe('runCommand', () => {
  it('stores both streams and keeps the exit code', async () => {
    const outputsDir = path.join(work, 'a');
    const out = await runCommand({ argv: ['sh', '-c', 'seq 1 2000; echo "error: broke" >&2; exit 3'], outputsDir, stdin: 'ignore' });
    expect(out.exitCode).toBe(3);
    expect(out.id).not.toBeNull();
    expect(fs.readFileSync(path.join(outputsDir, `${out.id}.stdout`), 'utf8').split('\n').length).toBe(2001);
    expect(fs.readFileSync(path.join(outputsDir, `${out.id}.stderr`), 'utf8')).toBe('error: broke\n');
    expect(out.output.toString()).toContain('exit 3');
  });

  it('reports a missing command as 127 and a signal as 128+N, never throwing', async () => {
    const outputsDir = path.join(work, 'b');
    const missing = await runCommand({ argv: ['no-such-tool-xyz'], outputsDir, stdin: 'ignore' });
    expect(missing.exitCode).toBe(127);
    expect(missing.warning).toContain('command not found');
    const killed = await runCommand({ argv: ['sh', '-c', 'echo before; kill -TERM $$'], outputsDir, stdin: 'ignore' });
    expect(killed.exitCode).toBe(143);
    expect(killed.output.toString()).toContain('before');
  });

  it('stops at the timeout with 124 and still gives a packet', async () => {
    const out = await runCommand({ argv: ['sh', '-c', 'echo started; exec sleep 30'], outputsDir: path.join(work, 'c'), timeoutMs: 300, stdin: 'ignore' });
    expect(out.exitCode).toBe(124);
    expect(out.output.toString()).toContain('started');
  });

  it('shows the raw output with the code kept when the store cannot be written', async () => {
    const blocker = path.join(work, 'file-not-dir');
    fs.writeFileSync(blocker, '');
    const out = await runCommand({ argv: ['sh', '-c', 'echo kept; exit 5'], outputsDir: path.join(blocker, 'outputs'), stdin: 'ignore' });
    expect(out.id).toBeNull();
    expect(out.exitCode).toBe(5);
    expect(out.output.toString()).toContain('kept');
  });

  it('fails fast instead of spinning on a pseudo-filesystem (/proc)', async () => {
    const out = await runCommand({ argv: ['echo', 'hi'], outputsDir: '/proc/reduce-test/outputs', stdin: 'ignore' });
    expect(out.id).toBeNull();
    expect(out.exitCode).toBe(0);
    expect(out.output.toString()).toContain('hi');
  });
});

describe('ingestOutput', () => {
  it('reads files, records the command, exit code and duration', async () => {
    const dir = path.join(work, 'd');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'o'), Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'e'), 'FAIL something\n');
    const outputsDir = path.join(dir, 'outputs');
    const out = await ingestOutput({ stdout: path.join(dir, 'o'), stderr: path.join(dir, 'e'), exitCode: 2, command: 'make test', durationMs: 4321, outputsDir });
    expect(out.exitCode).toBe(2);
    const m = meta(outputsDir, out.id!);
    expect(m).toMatchObject({ command: 'make test', durationMs: 4321, exit: { code: 2 } });
    expect(fs.readFileSync(path.join(outputsDir, `${out.id}.stdout`))).toEqual(fs.readFileSync(path.join(dir, 'o')));
  });

  it('records an unknown exit code as unknown, not as a guess', async () => {
    const outputsDir = path.join(work, 'e');
    const out = await ingestOutput({ stdout: Readable.from([Buffer.from('some output\n')]), exitCode: null, outputsDir });
    expect(meta(outputsDir, out.id!).exit.code).toBeNull();
    expect(out.output.toString()).toContain('exit ?');
  });
});

describe('reduce ingest (CLI)', { timeout: 180_000 }, () => {
  function reduce(args: string[], input = ''): ReturnType<typeof spawnSync> {
    return spawnSync(process.execPath, [bin, ...args], { cwd: work, input, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
  }
  it('exits with the producer code and prints the packet', () => {
    fs.writeFileSync(path.join(work, 'out.txt'), 'ok\n');
    const r = reduce(['ingest', '--stdout', 'out.txt', '--exit-code', '7', '--command', 'tool run']);
    expect(r.status).toBe(7);
    expect(r.stdout).toContain('exit 7');
  });
  it('reads standard input with --stdout -', () => {
    const r = reduce(['ingest', '--stdout', '-', '--command', 'seq'], 'a\nb\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('a\nb\n');
  });
  it('an unreadable file: one line on stderr, the producer code kept', () => {
    const r = reduce(['ingest', '--stdout', 'missing.txt', '--exit-code', '4']);
    expect(r.status).toBe(4);
    expect(String(r.stderr).trim().split('\n')).toHaveLength(1);
  });
  it('rejects a bad exit code with 2', () => {
    expect(reduce(['ingest', '--stdout', '-', '--exit-code', 'x']).status).toBe(2);
  });
});
