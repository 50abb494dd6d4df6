import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { dockerBuildReducer } from '../../../src/reducers/docker/docker-build.js';
import { DockerBuildLog } from '../../../src/reducers/docker/docker-build-log.js';
import { runCommand } from '../../../src/reducers/docker/docker-build-steps.js';
import { stepLine } from '../../../src/reducers/generic/job-steps.js';
import { onlyStepRead, run } from '../helpers.js';

// A pytest report for one failing test, as pytest 8 prints it.
const PYTEST = [
  '============================= test session starts ==============================',
  'platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0',
  'rootdir: /app',
  'collected 2 items',
  '',
  'tests/test_cart.py .F                                                    [100%]',
  '',
  '=================================== FAILURES ===================================',
  '______________________________ test_coupon_clamp _______________________________',
  '',
  '    def test_coupon_clamp():',
  '>       assert clamp(-2) == 0',
  'E       assert -2 == 0',
  'E        +  where -2 = clamp(-2)',
  '',
  'tests/test_cart.py:9: AssertionError',
  '=========================== short test summary info ============================',
  'FAILED tests/test_cart.py::test_coupon_clamp - assert -2 == 0',
  '========================= 1 failed, 1 passed in 0.05s ==========================',
];

/**
 * `docker build --progress=plain` as BuildKit prints it: `RUN <command>` as step #9 printing `lines`, a step of another
 * stage (#8, `npm ci` of `deps`) running beside it and interleaved, then the error, the `------` block repeating
 * the last lines, the Dockerfile excerpt and the final error (or `DONE` and the export when `exit` is 0).
 */
function buildkit(command: string, lines: string[], exit: number): string {
  const secs = (i: number): string => (1.204 + i * 0.011).toFixed(3);
  const out = [
    '#0 building with "default" instance using docker driver',
    '',
    '#1 [internal] load build definition from Dockerfile',
    '#1 transferring dockerfile: 402B done',
    '#1 DONE 0.0s',
    '',
    '#5 [deps 1/3] FROM docker.io/library/node:20-bookworm@sha256:1f3a5c7e9b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a',
    '#5 CACHED',
    '',
    '#8 [deps 3/3] RUN npm ci --omit=dev',
    `#9 [test 3/3] RUN ${command}`,
    ...lines.flatMap((l, i) => [`#9 ${secs(i)} ${l}`, ...(i % 5 === 0 ? [`#8 ${secs(i)} npm warn deprecated inflight@1.0.6: This module is not supported`] : [])]),
  ];
  if (exit === 0) out.push('#8 DONE 3.1s', '#9 DONE 4.2s', '', '#10 exporting to image', '#10 writing image sha256:4f1c2b7a9d8e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a done', '#10 DONE 0.4s');
  else {
    const failure = `process "/bin/sh -c ${command}" did not complete successfully: exit code: ${exit}`;
    out.push('#8 CANCELED', `#9 ERROR: ${failure}`, '------', ` > [test 3/3] RUN ${command}:`, ...lines.slice(-4).map((l) => `2.100 ${l}`), '------', 'Dockerfile:12', '--------------------', '  11 |     COPY . .', `  12 | >>> RUN ${command}`, '--------------------', `ERROR: failed to solve: ${failure}`);
  }
  return out.join('\n') + '\n';
}

describe("an image build's RUN steps", () => {
  it("reads a BuildKit line past `#N <seconds> ` of its own step, and leaves every other line out", () => {
    const form = { kind: 'buildkit', step: '9' } as const;
    expect(stepLine(form, '#9 1.204 E       assert -2 == 0')).toBe('E       assert -2 == 0');
    expect(stepLine(form, '#9 1.204 ')).toBe('');
    expect(stepLine(form, '#8 1.204 npm warn deprecated inflight@1.0.6')).toBeNull();
    expect(stepLine(form, '#9 ERROR: process "/bin/sh -c npm test" did not complete successfully: exit code: 1')).toBeNull();
    expect(stepLine(form, '2.100 FAILED tests/test_cart.py::test_coupon_clamp - assert -2 == 0')).toBeNull();
    // The CI job log's form is unchanged: past the stamp, group markers out.
    expect(stepLine(undefined, '2026-03-02T10:00:01.1234567Z > jest')).toBe('> jest');
    expect(stepLine({ kind: 'actions' }, '2026-03-02T10:00:01.1234567Z ##[group]Run npm test')).toBeNull();
  });

  it('takes the command a RUN instruction runs', () => {
    expect(runCommand('RUN --mount=type=cache,target=/root/.npm npm ci')).toBe('npm ci');
    expect(runCommand('RUN ["npm", "test"]')).toBe('npm test');
    expect(runCommand('COPY . .')).toBeNull();
  });

  it('spans the failed step from its first output line to its last, before its error and the repeat block', () => {
    const log = new DockerBuildLog();
    const text = buildkit('pytest', PYTEST, 1).trimEnd().split('\n');
    text.forEach((line, i) => log.line('stderr', i + 1, line));
    const spans = log.runs.spans(true);
    expect(spans).toHaveLength(1);
    const first = text.findIndex((l) => l.startsWith('#9 1.204 ')) + 1;
    const last = text.findIndex((l) => l.startsWith('#9 ') && l.endsWith(' 1 failed, 1 passed in 0.05s ==========================')) + 1;
    expect(spans[0]).toMatchObject({ stream: 'stderr', command: 'pytest', exitCode: 1, label: '[test 3/3] RUN pytest', from: first, to: last, lines: PYTEST.length, form: { kind: 'buildkit', step: '9' } });
    expect(spans[0]!.head.split('\n').slice(0, 2)).toEqual([PYTEST[0], PYTEST[1]]);
  });

  it("a failed RUN step's report is read by its tool's reducer, citing the step's own stored lines", () => {
    const stderr = buildkit('pytest', PYTEST, 1);
    const result = run('', ['docker', 'build', '--progress=plain', '-t', 'shop:test', '.'], { stderr, exit: 1 });
    expect(result.reducer).toMatch(/^docker-build@/);
    onlyStepRead(result, { step: '[test 3/3] RUN pytest', exitCode: 1 }, /^pytest@/);
    expect(result.text).toContain('FAILED tests/test_cart.py::test_coupon_clamp - assert -2 == 0');
    expect(result.text).toContain('E        +  where -2 = clamp(-2)');
    // The build's own reading stays: the failing step and the final error.
    expect(result.text).toContain('ERROR: failed to solve');
    // Citations point into the stored stream: the pytest lines are cited where BuildKit printed them.
    const stored = stderr.split('\n');
    for (const c of result.packet!.citations) for (const [k, line] of c.excerpt.entries()) if (c.lines && line.includes('where -2 = clamp(-2)')) expect(stored[c.lines[0]! + k - 1]).toContain('where -2 = clamp(-2)');
  });

  it('docker compose build: its failed RUN step is read the same way', () => {
    const result = run('', ['docker', 'compose', 'build'], { stderr: buildkit('pytest', PYTEST, 1), exit: 1 });
    expect(result.reducer).toMatch(/^docker-compose@/);
    expect(String((result.fields.steps as Array<Record<string, unknown>>)[0]!.reducer)).toMatch(/^pytest@/);
    expect(result.text).toContain('FAILED tests/test_cart.py::test_coupon_clamp - assert -2 == 0');
  });

  it("a passing build reads its last RUN step, as its command's stdout though the build printed it on stderr", () => {
    const report = ['=== RUN   TestTotal', '--- PASS: TestTotal (0.00s)', '=== RUN   TestCoupon', '    cart_test.go:31: needs the pricing fixture', '--- SKIP: TestCoupon (0.00s)', 'PASS', 'ok  \texample.com/shop/cart\t0.012s'];
    const result = run('', ['docker', 'build', '--progress=plain', '.'], { stderr: buildkit('go test -v ./...', report, 0) });
    const steps = result.fields.steps as Array<Record<string, unknown>>;
    expect(steps.map((s) => s.step)).toEqual(['[test 3/3] RUN go test -v ./...']);
    expect(String(steps[0]!.reducer)).toMatch(/^go-test@/);
    expect(steps[0]!.fields).toMatchObject({ passed: 1, skipped: 1 });
  });

  it('a passing RUN step whose output a run alone would show whole (2 KiB or less) is shown whole', () => {
    const deploy = Array.from({ length: 10 }, (_, i) => (i % 3 === 0 ? `==> stage ${i / 3} of 8: applying migrations/00${i}_orders.sql` : `psql:migrations/00${i}_orders.sql:${i}: NOTICE:  relation "orders_${i}_idx" already exists, skipping`));
    // Other stages' lines make the build's log more than a run's whole output would be: it is not shown whole itself.
    const alone = buildkit('make deploy', deploy, 0).split('\n').filter((l) => !/^#8 \d/.test(l)).join('\n');
    const stderr = alone.replace('#8 [deps 3/3]', Array.from({ length: 40 }, (_, i) => `#7 0.${100 + i} fetch https://registry.npmjs.org/pkg-${i}`).join('\n') + '\n#8 [deps 3/3]');
    const argv = ['docker', 'build', '--progress=plain', '.'];
    const result = reduceOutputSync({ stdout: '', stderr, argv, command: argv.join(' '), exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'build-steps-')), cwd: os.tmpdir(), budget: 'auto' });
    expect(result.packet!.verbatim).toBeFalsy();
    for (const line of deploy) expect(result.text).toContain(line);
  });

  it("a passing build whose last RUN printed nothing has no step read: an install steps before is set-up", () => {
    const stdout = ['Step 1/4 : FROM python:3.12-slim', ' ---> 2d0a6c9a1b44', 'Step 2/4 : RUN pip install -r requirements.txt', ' ---> Running in 4b9c1f7e2a61', 'Collecting numpy==1.26.4', 'Successfully installed numpy-1.26.4', 'Removing intermediate container 4b9c1f7e2a61', ' ---> 5e4d3c2b1a09', 'Step 3/4 : RUN useradd -r app', ' ---> Running in 62c98dd8a123', 'Removing intermediate container 62c98dd8a123', ' ---> be79de0f95a2', 'Step 4/4 : USER app', ' ---> Running in ba366c6c7a42', 'Removing intermediate container ba366c6c7a42', ' ---> 4a1c1918c44c', 'Successfully built 4a1c1918c44c'];
    const log = new DockerBuildLog();
    stdout.forEach((line, i) => log.line('stdout', i + 1, line));
    expect(log.stepSpans()).toEqual([]);
    const installLast = new DockerBuildLog();
    stdout.slice(0, 8).forEach((line, i) => installLast.line('stdout', i + 1, line));
    expect(installLast.stepSpans().map((s) => s.command)).toEqual(['pip install -r requirements.txt']);
  });

  it("shows BuildKit's lines in excerpts without the seconds, the step still named", () => {
    expect(dockerBuildReducer.excerptLine!('#9 0.412 ok  \texample.com/shop/cart')).toBe('#9 ok  \texample.com/shop/cart');
    expect(dockerBuildReducer.excerptLine!('#9 0.412 ')).toBe('#9 ');
    expect(dockerBuildReducer.excerptLine!('#9 [test 3/3] RUN go test ./...')).toBe('#9 [test 3/3] RUN go test ./...');
  });

  it("the legacy builder: the failed RUN step's bare output, between `---> Running in` and `The command ... returned`", () => {
    const stdout = ['Sending build context to Docker daemon  14.85kB', 'Step 1/3 : FROM python:3.12-slim', ' ---> 2d0a6c9a1b44', 'Step 2/3 : COPY . .', ' ---> 5e4d3c2b1a09', 'Step 3/3 : RUN pytest', ' ---> Running in 4b9c1f7e2a61', ...PYTEST, "The command '/bin/sh -c pytest' returned a non-zero code: 1", ''].join('\n');
    const log = new DockerBuildLog();
    stdout.trimEnd().split('\n').forEach((line, i) => log.line('stdout', i + 1, line));
    expect(log.runs.spans(true)).toMatchObject([{ command: 'pytest', exitCode: 1, from: 8, to: 7 + PYTEST.length, form: { kind: 'plain' } }]);
    const result = run(stdout, ['docker', 'build', '.'], { exit: 1 });
    const steps = result.fields.steps as Array<Record<string, unknown>>;
    expect(String(steps[0]!.reducer)).toMatch(/^pytest@/);
    expect(result.text).toContain('FAILED tests/test_cart.py::test_coupon_clamp - assert -2 == 0');
  });
});
