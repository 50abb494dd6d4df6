/**
 * A large output's reducer on a worker thread (src/capture/remote-run.ts): the packet must be the one the
 * main thread would have made, whatever the stream, and a worker that cannot run degrades like any reducer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RemoteRun, hasSpareCore, runnableElsewhere, threadState } from '../../src/capture/remote-run.js';
import type { ExitInfo, RunContext, StreamName } from '../../src/core/types.js';
import { logReducer } from '../../src/reducers/generic/log.js';
import { ciLogReducer } from '../../src/reducers/generic/ci-log.js';
import { createInjectionScanner } from '../../src/safety/injection.js';
import { reduce, root, storedIds, tempFolders, tool } from './cli-run.js';

const script = path.join(root, 'dist/bundle/run-worker.cjs');
// Whether the CLI moves a run when REDUCE_OFFLOAD_BYTES names a size: two cores, whatever the load.
const spare = (): boolean => hasSpareCore(undefined, 0);
const folder = tempFolders('offload');
const exit: ExitInfo = { code: 1, signal: null, timedOut: false };

/** A service log of `lines` lines with errors, warnings, a stack and repeats, the same for every call. */
function serviceLog(lines: number): string {
  const out: string[] = [];
  for (let n = 1; n <= lines; n++) {
    const ts = new Date(Date.UTC(2026, 10, 21) + n * 7).toISOString();
    if (n % 997 === 0) out.push(`${ts} ERROR [worker-${n % 16}] request ${n.toString(16)} failed: upstream connect error (code ${500 + (n % 4)})`, '    at fetchUpstream (/srv/app/src/upstream.ts:41:11)');
    else if (n % 101 === 0) out.push(`${ts} WARN  [worker-${n % 16}] slow request took ${n % 5000}ms, retrying`);
    else if (n === lines - 3) out.push(`${ts} FATAL database password authentication failed for user "app"`);
    else out.push(`${ts} INFO  [worker-${n % 16}] GET /api/v1/items/${(n * 7919) % 1000003} 200 ${n % 90}ms user=${n % 5000}`);
  }
  return out.join('\n') + '\n';
}

/** A run's lines through the in-thread reducer and through a RemoteRun, both after the same injection scan. */
function bothWays(reducer: typeof logReducer, context: RunContext, lines: Array<[StreamName, string]>, hasSteps = false) {
  const here = reducer.start(context);
  const remote = new RemoteRun(script, { reducer: reducer.name, context, replay: null }, hasSteps);
  const scanner = createInjectionScanner();
  const count = { stdout: 0, stderr: 0 };
  for (const [stream, text] of lines) {
    const n = ++count[stream];
    scanner.line(stream, n, text);
    remote.line(stream, n, text);
    scanner.line(stream, n, text);
    here.line(stream, n, text);
  }
  return { here, remote };
}

describe('a spare core', () => {
  it('is a second core on a machine whose other runnable threads leave one free', () => {
    expect(hasSpareCore(1, 0)).toBe(false);
    expect(hasSpareCore(2, 0)).toBe(true);
    expect(hasSpareCore(2, 1)).toBe(true);
    expect(hasSpareCore(2, 2)).toBe(false);
    expect(hasSpareCore(8, 7)).toBe(true);
    expect(hasSpareCore(8, 7.5)).toBe(false);
    expect(typeof hasSpareCore()).toBe('boolean');
  });

  it("reads a thread's state past its name, whatever the name holds", () => {
    expect(threadState('4063 (node) R 4062 4063 1 0 -1 4194560')).toBe('R');
    expect(threadState('4070 (V8 Worker) S 4062 4063 1 0 -1')).toBe('S');
    expect(threadState('4071 (a) b (c) R 1 2')).toBe('R');
    expect(threadState('garbage')).toBe('');
  });

  it("does not count this process's own runnable threads as another program's", () => {
    // A sample taken at a run's decision on this 2-core machine: 3 runnable in all, 3 of them this process's
    // (the main thread and two of V8's helpers). Nothing else runs: a core is free.
    const own = ['R', 'S', 'R', 'S', 'R', 'S', 'S', 'S', 'S', 'S', 'S'];
    expect(runnableElsewhere('4.33 3.14 1.93 3/102 4206', own)).toBe(0);
    expect(hasSpareCore(2, runnableElsewhere('4.33 3.14 1.93 3/102 4206', own)!)).toBe(true);
    // 7 runnable, 1 of them this process's: 6 others, no core free.
    expect(runnableElsewhere('4.07 3.10 1.92 7/124 4244', ['R', 'S', 'S'])).toBe(6);
    // The caller counts even when its own state was not read.
    expect(runnableElsewhere('0.1 0.1 0.1 2/90 1', [])).toBe(1);
    expect(runnableElsewhere('no count here', ['R'])).toBeNull();
  });
});

describe('a reducer on a worker thread', () => {
  it('gives the parts the same reducer gives on the main thread, facts and both streams included', async () => {
    const context: RunContext = { argv: ['app', 'logs'], errorPatterns: [/boom \d+/], head: '', contentType: 'text', intent: 'verdict' };
    const lines = serviceLog(30_000).trimEnd().split('\n').map((text, i): [StreamName, string] => [i % 7 === 3 ? 'stderr' : 'stdout', i === 500 ? `${text} boom 7` : text]);
    const { here, remote } = bothWays(logReducer, context, lines);
    await remote.drain();
    expect(remote.finish(exit)).toEqual(here.finish(exit));
    remote.close();
  });

  it("answers a job log's steps as the main thread would", async () => {
    const log = fs.readFileSync(path.join(root, 'fixtures/gh/run-log-failed/stdout'), 'utf8');
    const context: RunContext = { argv: ['gh', 'run', 'view', '--log-failed'], errorPatterns: [], head: log.slice(0, 8192), contentType: 'text', intent: 'verdict' };
    const { here, remote } = bothWays(ciLogReducer, context, log.split('\n').map((text): [StreamName, string] => ['stdout', text]), true);
    await remote.drain();
    // The session's order: steps before finish (to load their bodies), finish, then steps again (to read them).
    expect(remote.steps!()).toEqual(here.steps!());
    expect(remote.finish(exit)).toEqual(here.finish(exit));
    expect(remote.steps!()).toEqual(here.steps!());
    remote.close();
  });

  it("keeps the reader waiting while the worker starts (its heap's creation resets V8's young-generation growth), not after", async () => {
    const context: RunContext = { argv: ['app', 'logs'], errorPatterns: [], head: '', contentType: 'text', intent: 'verdict' };
    const remote = new RemoteRun(script, { reducer: 'log', context, replay: null }, false);
    const busy = remote.busy;
    expect(busy).not.toBeNull();
    await busy;
    expect(remote.busy).toBeNull();
    // Its young generation is V8's smallest (two 1 MiB semi-spaces): the run's peak RSS holds both threads' heaps.
    expect((remote as unknown as { worker: import('node:worker_threads').Worker }).worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(2);
    remote.line('stdout', 1, 'INFO  [worker-1] GET /api/v1/items/1 200 3ms user=7');
    expect(remote.busy).toBeNull();
    await remote.drain();
    expect(remote.finish(exit).fields.levels).toEqual({ INFO: 1 });
    remote.close();
  });

  it('keeps the reader waiting until the worker is several batches under its limit, not just one batch further', async () => {
    const context: RunContext = { argv: ['app', 'logs'], errorPatterns: [], head: '', contentType: 'text', intent: 'verdict' };
    const remote = new RemoteRun(script, { reducer: 'log', context, replay: null }, false);
    const line = 'INFO  [worker-1] GET /api/v1/items/1 200 3ms user=7 '.padEnd(200, 'x');
    let n = 0;
    const post = (lines: number): void => {
      for (let k = 0; k < lines; k++) remote.line('stdout', ++n, line);
    };
    // Far more batches than may wait, posted without pausing (a reader that ignored `busy`).
    post(20_000);
    for (let round = 0; round < 3; round++) {
      const busy = remote.busy;
      expect(busy).not.toBeNull();
      await busy;
      // Settled: the worker is back under the limit, so a reader may go on without waiting again, for several batches
      // (about seven of 48 Ki characters here): the worker then wakes it once for all of them, not once a batch.
      expect(remote.busy).toBeNull();
      post(1_600);
      expect(remote.busy).toBeNull();
      post(6_000);
    }
    await remote.drain();
    expect(remote.finish(exit).fields.levels).toEqual({ INFO: n });
    remote.close();
    // Closed: a further call fails at once instead of waiting on a worker that is gone.
    expect(() => remote.steps?.() ?? remote.finish(exit)).toThrow(/closed/);
  });

  it('reports a reducer it cannot run as an error of finish(), without hanging', async () => {
    const remote = new RemoteRun(script, { reducer: 'no-such-reducer', context: { argv: [], errorPatterns: [], head: '' }, replay: null }, false);
    remote.line('stdout', 1, 'hello');
    await remote.drain();
    expect(() => remote.finish(exit)).toThrow(/no reducer named no-such-reducer/);
    remote.close();
  });
});

describe.runIf(fs.existsSync(script))('the CLI with REDUCE_OFFLOAD_BYTES', () => {
  const masked = (packet: string): string => packet.replace(/\d{8}-\d{6}-[a-z0-9-]+/g, 'ID');
  const thread = (store: string): string | undefined => {
    const [id] = storedIds(store);
    return (JSON.parse(fs.readFileSync(path.join(store, `${id}.json`), 'utf8')) as { reducerThread?: string }).reducerThread;
  };
  const run = (args: string[], offload: string, input = ''): { out: string; status: number | null; store: string } => {
    const store = path.join(folder(), 'outputs');
    const r = reduce(args, { input, env: { REDUCE_OUTPUTS: store, REDUCE_OFFLOAD_BYTES: offload } });
    return { out: masked(r.out), status: r.status, store };
  };

  it('prints the same packet for a piped log of several MiB, and records that a worker read it', () => {
    const input = serviceLog(60_000);
    const main = run(['--command', 'app logs'], 'off', input);
    const worker = run(['--command', 'app logs'], String(1 << 20), input);
    expect(worker.out).toBe(main.out);
    expect(worker.status).toBe(main.status);
    expect(thread(main.store)).toBeUndefined();
    if (spare()) expect(thread(worker.store)).toBe('worker');
    // Lossless either way: the artifact is the input.
    const [id] = storedIds(worker.store);
    expect(fs.readFileSync(path.join(worker.store, `${id}.stdout`), 'utf8')).toBe(input);
  });

  it("prints the same packet for a wrapped command's stderr, and keeps its exit code", () => {
    const args = ['--', process.execPath, tool, 'stderr-flood', String(3 << 20), '3'];
    const main = run(args, 'off');
    const worker = run(args, String(1 << 20));
    expect(worker.out).toBe(main.out);
    expect(worker.status).toBe(3);
    if (spare()) expect(thread(worker.store)).toBe('worker');
  });

  it("prints the same packet for a CI job's log, its failed step read again after the worker's finish", () => {
    const input = fs.readFileSync(path.join(root, 'fixtures/log/actions-large-jest-fails/stdout'), 'utf8');
    const main = run([], 'off', input);
    const worker = run([], '0', input);
    expect(worker.out).toBe(main.out);
    // The step read by jest's own reducer (CaptureSession.readSteps), after finish():
    expect(worker.out).toMatch(/steps: \[\{"step":"Run npx jest","exitCode":1,"reducer":"jest@/);
    if (spare()) expect(thread(worker.store)).toBe('worker');
  });

  it('loads no worker threads for a small output', () => {
    const report = path.join(folder(), 'builtins.txt');
    const builtins = (input: string): string[] => {
      reduce(['--command', 'app logs'], { input, env: { REDUCE_OUTPUTS: path.join(folder(), 'outputs'), REDUCE_OFFLOAD_BYTES: String(1 << 20), NODE_OPTIONS: `--require ${path.join(root, 'test/tools/report-builtins.cjs')}`, REPORT_BUILTINS: report } });
      return fs.readFileSync(report, 'utf8').split('\n');
    };
    expect(builtins(serviceLog(100))).not.toContain('worker_threads');
    if (spare()) expect(builtins(serviceLog(60_000))).toContain('worker_threads');
  });

  it('loads node:v8 (the young-generation watch) only once the output passes WATCH_AFTER_BYTES', () => {
    const report = path.join(folder(), 'builtins.txt');
    const builtins = (input: string): string[] => {
      reduce(['--command', 'app logs'], { input, env: { REDUCE_OUTPUTS: path.join(folder(), 'outputs'), REDUCE_OFFLOAD_BYTES: 'off', NODE_OPTIONS: `--require ${path.join(root, 'test/tools/report-builtins.cjs')}`, REPORT_BUILTINS: report } });
      return fs.readFileSync(report, 'utf8').split('\n');
    };
    expect(builtins(serviceLog(100))).not.toContain('v8');
    expect(builtins(serviceLog(5_000))).toContain('v8');
  });

  it('keeps a run whose two streams both printed on the main thread', () => {
    // Not compared with another run: how two pipes interleave differs from run to run.
    const worker = run(['--', process.execPath, tool, 'both-flood', String(3 << 20), '4'], String(1 << 20));
    expect(worker.status).toBe(4);
    expect(worker.out).toMatch(/exit 4/);
    expect(thread(worker.store)).toBeUndefined();
  });
});
