import { describe, expect, it } from 'vitest';
import { DockerBuildLog } from '../../../src/reducers/docker/docker-build-log.js';
import { dockerBuildReducer } from '../../../src/reducers/docker/docker-build.js';
import { dockerComposeReducer } from '../../../src/reducers/docker/docker-compose.js';
import type { Reducer } from '../../../src/core/types.js';

const ok = { code: 0, signal: null, timedOut: false };
const failed = { code: 1, signal: null, timedOut: false };

function run(reducer: Reducer, lines: string[], exit = ok, stream: 'stdout' | 'stderr' = 'stdout') {
  const r = reducer.start({ argv: [], errorPatterns: [], head: '' });
  lines.forEach((text, i) => r.line(stream, i + 1, text));
  return r.finish(exit);
}

describe('DockerBuildLog', () => {
  it('finds the failing BuildKit step, its error lines, the Dockerfile block and the final error', () => {
    const log = new DockerBuildLog();
    const lines = ['#5 [build 2/3] COPY . .', '#5 CACHED', '', '#6 [build 3/3] RUN make', '#6 0.51 cc -c main.c', '#6 0.90 main.c:3:1: error: expected ; before }', '#6 ERROR: process "/bin/sh -c make" did not complete successfully: exit code: 2', 'Dockerfile:7', '--------------------', '   7 | >>> RUN make', '--------------------', 'ERROR: failed to solve: process "/bin/sh -c make" did not complete successfully: exit code: 2'];
    lines.forEach((t, i) => log.line('stderr', i + 1, t));
    const step = log.failedStep();
    expect(step?.title).toBe('[build 3/3] RUN make');
    expect(step?.errorLines).toEqual([6]);
    expect(log.dockerfile).toEqual({ where: 'Dockerfile:7', span: { stream: 'stderr', from: 8, to: 11 } });
    expect(log.finalErrors.map((e) => e.line.from)).toEqual([12]);
    expect(log.exitCode()).toBe(2);
    expect(log.counts()).toEqual({ steps: 2, cached: 1 });
  });

  it("counts apt's E: lines inside a step as errors", () => {
    const log = new DockerBuildLog();
    ['#7 [base 2/5] RUN apt-get install -y libfoo', '#7 1.20 Reading package lists...', '#7 2.10 E: Unable to locate package libfoo', '#7 ERROR: process "/bin/sh -c apt-get install -y libfoo" did not complete successfully: exit code: 100'].forEach((t, i) => log.line('stderr', i + 1, t));
    expect(log.failedStep()?.errorLines).toEqual([3]);
    expect(log.exitCode()).toBe(100);
  });

  it('reads the legacy builder: steps, cache hits, the failed command', () => {
    const log = new DockerBuildLog();
    ['Step 1/3 : FROM alpine', ' ---> 1a2b', 'Step 2/3 : RUN apk add curl', ' ---> Using cache', 'Step 3/3 : RUN ./build.sh', 'build.sh: line 4: gcc: not found', "The command '/bin/sh -c ./build.sh' returned a non-zero code: 127"].forEach((t, i) => log.line('stdout', i + 1, t));
    expect(log.failedStep()?.title).toBe('Step 3/3 : RUN ./build.sh');
    expect(log.failedStep()?.errorLines).toEqual([6]);
    expect(log.exitCode()).toBe(127);
    expect(log.counts()).toEqual({ steps: 3, cached: 1 });
  });
});

describe('docker-build reducer', () => {
  it('keeps a success small: image, tags, counts', () => {
    const parts = run(dockerBuildReducer, ['Step 1/2 : FROM alpine', ' ---> Using cache', 'Step 2/2 : CMD ["sh"]', ' ---> 9f8e', 'Successfully built 9f8e7d6c5b4a', 'Successfully tagged app:1'], ok);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ image: '9f8e7d6c5b4a', tags: ['app:1'], steps: 2, cached: 1 });
  });

  it('detects BuildKit and legacy logs but leaves compose output to compose', () => {
    const detect = (stderrHead: string) => dockerBuildReducer.detect({ argv: [], head: '', stderrHead });
    expect(detect('#1 [internal] load build definition from Dockerfile\n#2 [build 1/3] FROM x\n')).toBeGreaterThanOrEqual(0.9);
    expect(detect('Attaching to api-1\n#1 [internal] load build definition\n#2 [a 1/2] FROM x\n')).toBeLessThan(0.5);
    expect(detect('hello\n')).toBe(0);
  });
});

describe('docker-build on compose output', () => {
  it('hands over to compose when services attach after the build', () => {
    const parts = run(dockerBuildReducer, ['#1 [api internal] load build definition from Dockerfile', '#1 DONE 0.0s', '#2 [api 1/2] FROM python:3.12', '#2 CACHED', ' Container shop-api-1  Created', 'Attaching to api-1', 'api-1  | boom: Error', 'api-1 exited with code 3'], failed);
    expect(parts.fields.exits).toEqual({ 'api-1': 3 });
  });
});

describe('docker-compose reducer', () => {
  it('names the service that exited non-zero and cites its error with the traceback under it', () => {
    const parts = run(dockerComposeReducer, ['Attaching to api-1, worker-1', 'api-1     | GET / 200', 'worker-1  | ERROR boot failed', 'worker-1  | Traceback (most recent call last):', 'worker-1  |   File "w.py", line 3, in <module>', 'worker-1  | KeyError: \'DB_URL\'', 'worker-1 exited with code 1', 'api-1 exited with code 0'], failed);
    expect(parts.status).toBe('fail');
    expect(parts.fields.exits).toEqual({ 'worker-1': 1, 'api-1': 0 });
    const windows = parts.citations.filter((c) => c.label === 'worker-1 error');
    expect(windows.map((c) => ('from' in c ? [c.from, c.to] : []))).toEqual([[3, 6]]);
    expect(parts.citations.find((c) => c.label === 'exit 1')?.priority).toBe('mandatory');
  });

  it('cites every distinct problem of a long service log, not the first three of each service, and its warnings', () => {
    const problems: Record<number, string> = {
      300: 'ERROR database connection refused: connect ECONNREFUSED 172.18.0.3:5432',
      700: 'FATAL password authentication failed for user "app"',
      1100: 'ERROR deadlock detected while updating orders id=77',
      1500: 'WARN disk usage at 91% on /var/lib/postgresql/data',
      1900: "ERROR job 8812 crashed: TypeError: Cannot read properties of undefined (reading 'sku')",
      2300: 'ERROR upstream timed out after 30000ms calling payments',
      2700: 'ERROR out of memory: heap limit reached, restarting',
      2900: 'ERROR deadlock detected while updating orders id=912',
    };
    const lines = Array.from({ length: 3000 }, (_, i) => `${problems[i] ? 'worker-1' : i % 2 ? 'web-1   ' : 'worker-1'} | ${problems[i] ?? `INFO handled request id=${i} in ${i % 90}ms`}`);
    const parts = run(dockerComposeReducer, lines, ok);
    const cited = (label: string) => parts.citations.filter((c) => (c.label ?? '').startsWith(label)).map((c) => ('from' in c ? c.from : 0));
    expect(cited('worker-1 error')).toEqual([301, 701, 1101, 1901, 2301, 2701]);
    expect(cited('worker-1 warning')).toEqual([1501]);
    expect(parts.citations.find((c) => 'from' in c && c.from === 1101)?.label).toBe('worker-1 error (same message 1 more time)');
    expect(parts.summary.map((b) => b.text)).toContain('6 distinct errors, 1 distinct warning in the service logs; warning lines: worker-1 1');
    expect(parts.status).toBe('warn');
  });

  it('treats a stop by signal after Ctrl-C as a warning, not a crash', () => {
    const parts = run(dockerComposeReducer, ['Attaching to web-1', 'web-1  | ready', 'web-1 exited with code 143'], ok);
    expect(parts.status).toBe('warn');
  });

  it('detached up: the container in error and the dependency failure are cited', () => {
    const parts = run(dockerComposeReducer, [' Container billing-db-1  Started', ' Container billing-db-1  Waiting', ' Container billing-db-1  Error', 'dependency failed to start: container billing-db-1 is unhealthy'], failed);
    expect(parts.status).toBe('fail');
    expect(parts.citations.filter((c) => c.label === 'compose error').map((c) => ('from' in c ? c.from : 0))).toEqual([3, 4]);
    expect(parts.fields.lifecycle).toEqual({ 'container Started': 1, 'container Waiting': 1, 'container Error': 1 });
  });
});
