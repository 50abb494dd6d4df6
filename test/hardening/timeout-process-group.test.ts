/**
 * Defect 5 of issue 11: --timeout ends the run. The command runs in its own process group; the group
 * gets SIGTERM, then SIGKILL after a grace period; reduce stops waiting on pipes that a grandchild
 * holds. A daemon that keeps stdout open after the command exits does not hold the packet. A command
 * reading a terminal on stdin still can (checked under a pseudo-terminal with `script`).
 * The bounds are generous: they prove "did not wait for the sleep", never measure speed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, bin, reduce, startReduce, tempFolders, waitFor } from './cli-run.js';

const folder = tempFolders('group');
const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** Pids a shell printed as `pid:<n>` on stdout. */
function pidsIn(text: string): number[] {
  return [...text.matchAll(/pid:(\d+)/g)].map((m) => Number(m[1]));
}

describe('--timeout', () => {
  it('ends a shell waiting on a long sleep (sleep 15 took 16 s)', () => {
    const r = reduce(['--timeout', '1s', '--', 'bash', '-c', 'echo started; sleep 15; true'], { cwd: folder(), timeoutMs: 60_000 });
    expect(r.status).toBe(124);
    expect(r.ms).toBeLessThan(14_000);
    expect(r.out).toContain('started');
  }, 150_000);

  it('ends the whole group: background children holding the pipes die too (sleep 101 took 101 s)', async () => {
    const r = reduce(['--timeout', '2s', '--', 'bash', '-c', 'sleep 100 & echo pid:$!; sleep 101 & echo pid:$!; wait'], { cwd: folder(), timeoutMs: 90_000 });
    const pids = pidsIn(r.out);
    leftovers.push(...pids);
    expect(r.status).toBe(124);
    expect(r.ms).toBeLessThan(60_000);
    expect(pids).toHaveLength(2);
    await waitFor(() => pids.every((pid) => !alive(pid)), 10_000);
  }, 150_000);

  it('a child that ignores SIGTERM is killed after the grace period', () => {
    const r = reduce(['--timeout', '1s', '--', 'bash', '-c', "trap '' TERM; echo started; sleep 30 & wait; sleep 30"], { cwd: folder(), timeoutMs: 60_000 });
    expect(r.status).toBe(124);
    expect(r.ms).toBeLessThan(25_000);
  }, 150_000);
});

describe('SIGTERM to reduce', () => {
  it('ends the command and its children, and reduce does not wait for them', async () => {
    const d = folder();
    const child = startReduce(['--', 'bash', '-c', 'sleep 100 & echo pid:$!; sleep 101'], d);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    // The script's output is captured, not shown live: wait until the store has its first line.
    const store = path.join(d, 'outputs');
    await waitFor(() => fs.existsSync(store) && fs.readdirSync(store).some((f) => f.startsWith('.partial-') && f.endsWith('.stdout') && fs.readFileSync(path.join(store, f), 'utf8').includes('pid:')));
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(code).toBe(143);
    const pids = pidsIn(out);
    leftovers.push(...pids);
    await waitFor(() => pids.every((pid) => !alive(pid)), 10_000);
  }, 150_000);
});

describe('a daemon that keeps stdout open', () => {
  it('does not hold the packet: reduce finishes when the command exits plus a short drain, and says so', () => {
    const r = reduce(['--', 'sh', '-c', 'sleep 60 & echo started pid:$!'], { cwd: folder(), timeoutMs: 90_000 });
    leftovers.push(...pidsIn(r.out));
    expect(r.status).toBe(0);
    expect(r.ms).toBeLessThan(40_000);
    expect(r.out).toContain('started');
    expect(r.out).toMatch(/still held open/);
  }, 150_000);
});

describe.skipIf(spawnSync('script', ['--version']).status !== 0)('a command reading the terminal on stdin', () => {
  it('reads what is typed (under a pseudo-terminal made by script)', () => {
    const d = folder();
    fs.writeFileSync(path.join(d, 'reader.sh'), 'read x; echo got:$x\n');
    // Type the line a moment after start, then keep the terminal open a little.
    const r = spawnSync('sh', ['-c', `(sleep 2; printf 'typed words\\n'; sleep 4) | script -qec '"${process.execPath}" "${bin}" -- sh reader.sh' /dev/null`], { cwd: d, env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: '' }, timeout: 60_000 });
    expect(r.stdout.toString()).toContain('got:typed words');
  }, 150_000);
});
