import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActionsSteps, stepText } from '../../../src/reducers/generic/job-steps.js';
import { stepArgv } from '../../../src/capture/step-reads.js';
import { GitLabSteps } from '../../../src/reducers/generic/gitlab-steps.js';
import { JenkinsSteps } from '../../../src/reducers/generic/jenkins-steps.js';
import { isJenkinsLog } from '../../../src/reducers/generic/ci-log.claims.js';
import { reduceOutputSync } from '../../../src/api.js';
import { onlyStepRead, run } from '../helpers.js';

// A jest report as jest 29 prints it for one failing test (the shape of fixtures/jest).
const JEST = [
  'FAIL src/cart.test.js',
  '  Cart',
  '    ✓ adds a line (3 ms)',
  '    ✕ clamps a fixed coupon at zero (4 ms)',
  '',
  '  ● Cart › clamps a fixed coupon at zero',
  '',
  '    expect(received).toBe(expected) // Object.is equality',
  '',
  '    Expected: 0',
  '    Received: -2',
  '',
  '      at Object.toBe (src/cart.test.js:11:62)',
  '',
  'Test Suites: 1 failed, 1 total',
  'Tests:       1 failed, 1 passed, 2 total',
  'Snapshots:   0 total',
  'Time:        0.41 s',
  'Ran all test suites.',
];

const stamp = (i: number): string => `2026-03-02T10:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(7, '0')}Z`;

/** A job's raw log (runner stamps, `##[group]` blocks): set-up, checkout, then `Run <command>` printing `lines`, failing with `exit`. */
function rawJob(command: string, lines: string[], exit: number, noise = 0): string {
  const body = [
    'Current runner version: \'2.321.0\'',
    '##[group]Run actions/checkout@v4',
    'with:',
    '  repository: acme/shop',
    '##[endgroup]',
    'Syncing repository: acme/shop',
    ...Array.from({ length: noise }, (_, i) => `remote: Counting objects: ${i}% (${i}/100)`),
    `##[group]Run ${command}`,
    `${command}`,
    'shell: /usr/bin/bash -e {0}',
    '##[endgroup]',
    ...lines,
    ...(exit ? [`##[error]Process completed with exit code ${exit}.`] : []),
    'Post job cleanup.',
    'Cleaning up orphan processes',
  ];
  return body.map((l, i) => `${stamp(i)} ${l}`).join('\n') + '\n';
}

/** A job log piped under the default `auto` budget, as an agent pipes one (the shared `run` helper packs under `verbose`). */
function runAuto(stdout: string): { text: string; reducer: string; steps: Array<Record<string, unknown>> } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-steps-auto-'));
  try {
    const result = reduceOutputSync({ stdout, argv: [], command: '', exit: { code: 0, signal: null }, mode: 'pipe', outputsDir: path.join(work, 'out'), cwd: work });
    return { text: result.text, reducer: result.packet!.reducer, steps: ((result.parts?.fields ?? {}) as { steps?: Array<Record<string, unknown>> }).steps ?? [] };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The same job as `gh run view --log-failed` prints a failed step (job and step columns, a BOM where the step starts). */
function ghFailedStep(job: string, command: string, lines: string[], exit: number, noise = 0): string {
  const install = Array.from({ length: noise }, (_, i) => `npm http fetch GET 200 https://registry.npmjs.org/pkg-${i} 12ms (cache hit)`);
  const body = [`##[group]Run ${command}`, command, '##[endgroup]', ...install, ...lines, `##[error]Process completed with exit code ${exit}.`];
  return body.map((l, i) => `${job}\tRun ${command}\t${i === 0 ? '\uFEFF' : ''}${stamp(i)} ${l}`).join('\n') + '\n';
}

describe('steps of a job log', () => {
  it('spans a failed step from after its group block to before its exit line', () => {
    const steps = new ActionsSteps();
    rawJob('npx jest', JEST, 1).trimEnd().split('\n').forEach((line, i) => steps.line(i + 1, line));
    const [span, ...rest] = steps.spans();
    expect(rest).toEqual([]);
    expect(span).toMatchObject({ command: 'npx jest', exitCode: 1, from: 11, to: 10 + JEST.length, lines: JEST.length, stream: 'stdout' });
    expect(span!.head.split('\n')[0]).toBe('FAIL src/cart.test.js');
  });

  it('in a passing job, picks the last command step that printed anything, never an action or the runner set-up', () => {
    const steps = new ActionsSteps();
    const log = rawJob('terraform plan -no-color', ['Terraform will perform the following actions:', '  # terraform_data.a will be created', 'Plan: 1 to add, 0 to change, 0 to destroy.'], 0, 40);
    log.trimEnd().split('\n').forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans().map((s) => [s.command, s.exitCode, s.lines])).toEqual([['terraform plan -no-color', null, 3]]);
  });

  it('reads a matrix failing alike in every job once, and counts the rest', () => {
    const steps = new ActionsSteps();
    const log = ['node-18', 'node-20', 'node-22'].map((job) => ghFailedStep(job, 'npm test', JEST, 1)).join('');
    log.trimEnd().split('\n').forEach((line, i) => {
      const [job, step] = line.split('\t');
      steps.line(i + 1, line, { job: job!, step: step! });
    });
    const spans = steps.spans();
    expect(spans.map((s) => [s.label, s.unread])).toEqual([['node-18 › Run npm test', 2]]);
  });

  it('reads a line past its job and step columns, its BOM and the runner stamp', () => {
    expect(stepText('build\tRun npm test\t\uFEFF2026-03-02T10:00:01.1234567Z > jest')).toBe('> jest');
    expect(stepText('2026-03-02T10:00:01.1234567Z ##[error]boom')).toBe('##[error]boom');
    expect(stepText('plain line')).toBe('plain line');
    // A step's name is its script's first line, of any length; columns come off only before a stamp.
    const long = `Run psql -c "select ${'c.total, '.repeat(40)}c.id from customers c"`;
    expect(stepText(`build\t${long}\t2026-03-02T10:00:01.1234567Z -[ RECORD 1 ]`)).toBe('-[ RECORD 1 ]');
    expect(stepText('name\tvalue\tother')).toBe('name\tvalue\tother');
  });

  it("takes the tool a step's command runs", () => {
    expect(stepArgv('cd web && npx jest --ci')).toEqual(['jest', '--ci']);
    expect(stepArgv('uv run pytest -q | tee out.txt')).toEqual(['pytest', '-q']);
    expect(stepArgv('pnpm run test')).toEqual(['pnpm', 'run', 'test']);
    expect(stepArgv('go test ./...')).toEqual(['go', 'test', './...']);
  });
});

describe("a job log's failed step read by its own reducer", () => {
  it('raw job log: jest reads the step, its failing test is cited, and the job still names the step', () => {
    const result = run(rawJob('npx jest', JEST, 1, 300));
    expect(result.reducer).toMatch(/^ci-log@/);
    onlyStepRead(result, { step: 'Run npx jest', exitCode: 1 }, /^jest@/);
    expect(result.text).toContain('Cart › clamps a fixed coupon at zero');
    expect(result.text).toContain('Received: -2');
    expect(result.text).toContain('step failed: Run npx jest (exit 1)');
    // Excerpts leave the runner's stamp out; the artifact keeps it.
    expect(result.text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z FAIL/);
  });

  it('gh run view --log-failed: the same, and excerpts show the line without the job and step columns', () => {
    const result = run(ghFailedStep('test (ubuntu-latest)', 'npx jest', JEST, 1, 300), ['gh', 'run', 'view', '42', '--log-failed']);
    expect(result.reducer).toMatch(/^gh-run-view@/);
    expect(String((result.fields.steps as Array<Record<string, unknown>>)[0]!.reducer)).toMatch(/^jest@/);
    expect(result.text).toContain('Tests:       1 failed, 1 passed, 2 total');
    expect(result.text).not.toContain('test (ubuntu-latest)\tRun npx jest\t');
  });

  it('a passing job whose step prints an answer is read as that answer, shown whole when it fits', () => {
    const plan = ['Terraform used the selected providers to generate the following execution plan.', '', '  # terraform_data.web will be created', '  + resource "terraform_data" "web" {', '      + id     = (known after apply)', '      + input  = "v2"', '    }', '', 'Plan: 1 to add, 0 to change, 0 to destroy.'];
    const result = run(rawJob('terraform plan -no-color', plan, 0, 300));
    expect(result.packet!.intent).toBe('answer');
    for (const line of plan.filter(Boolean)) expect(result.text).toContain(line.trim());
  });

  it("wins over the content claim of the tool inside it when the tool's lines open the log (terraform's within the first lines)", () => {
    // Before: terraform claimed the whole job log from its head (0.9 against the job log's 0.85) and read it past
    // the step, missing `Apply complete!` behind the runner's lines: a 289 B summary of a 1,004-line job, no excerpt.
    const apply = ['terraform_data.web: Creating...', 'terraform_data.web: Creation complete after 0s [id=4f1c]', '', 'Apply complete! Resources: 1 added, 0 changed, 0 destroyed.', '', 'Outputs:', '', 'endpoint = "api.example.internal"'];
    const result = runAuto(rawJob('terraform apply -auto-approve -no-color', ['Terraform used the selected providers to generate the following execution plan.', ...apply], 0));
    expect(result.reducer).toMatch(/^ci-log@/);
    expect(String(result.steps[0]!.reducer)).toMatch(/^terraform@/);
    expect(result.text).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    expect(result.text).toContain('endpoint = "api.example.internal"');
  });

  it("a passing step's reading leads: the job's own outcome lines inside the step do not take its room (go test -v skips)", () => {
    const go: string[] = [];
    for (let i = 0; i < 120; i++) {
      const pkg = `example.com/inv/internal/p${String(i).padStart(3, '0')}`;
      go.push(`=== RUN   TestThing${i}`, `--- PASS: TestThing${i} (0.00s)`, 'PASS', `ok  \t${pkg}\t0.00${i % 10}s`);
      if (i === 40) go.splice(go.length - 2, 0, '=== RUN   TestSandboxCharge', '    sandbox_test.go:10: PAYMENTS_SANDBOX_KEY not set; sandbox charge not exercised', '--- SKIP: TestSandboxCharge (0.00s)');
    }
    const result = runAuto(rawJob('go test -v -count=1 ./...', go, 0));
    expect(result.reducer).toMatch(/^ci-log@/);
    expect(String(result.steps[0]!.reducer)).toMatch(/^go-test@/);
    expect(result.text).toContain('PAYMENTS_SANDBOX_KEY not set; sandbox charge not exercised');
    expect(result.text).toContain('--- SKIP: TestSandboxCharge');
  });

  it('a passing step that a run of its own would show whole is shown whole, past the 2 KiB a passing verdict grows to', () => {
    // 2.9 KB of output: a run of `make install` alone is shown whole (under the 3 KiB floor); inside a job the
    // packet stopped at the 2 KiB data cap and showed its ends.
    const install = Array.from({ length: 64 }, (_, i) => `install -m 0644 build/share/locale/l${String(i).padStart(2, '0')}/app.mo /usr/share/locale/`);
    const result = runAuto(rawJob('make install', install, 0));
    expect(result.steps).toHaveLength(1);
    for (const line of install) expect(result.text).toContain(line);
  });

  it('a failed step no family knows is read as text: its error is cited, the job keeps its reducer', () => {
    const result = run(rawJob('./scripts/check.sh', ['checking schema...', 'ERROR: column "total" is missing from table orders', 'checked 3 tables'], 2, 50));
    expect(result.reducer).toMatch(/^ci-log@/);
    expect(String((result.fields.steps as Array<Record<string, unknown>>)[0]!.reducer)).toMatch(/^text@/);
    expect(result.text).toContain('ERROR: column "total" is missing from table orders');
  });

  it("a step's reader numbers its lines from 1, and its citations land on the step's stored lines", () => {
    const packages = ['example.com/shop/pricing', 'example.com/shop/cart', 'example.com/shop/util'];
    const result = run(rawJob('go build -v ./...', packages, 0, 300));
    const cited = result.packet!.citations.filter((c) => c.excerpt.some((l) => l.includes('example.com/shop/cart')));
    expect(cited.length).toBeGreaterThan(0);
    // The reader's "first lines" are the step's, not the job's (the runner's version line is line 1 of the log).
    expect(result.packet!.citations.every((c) => !(c.label === 'first lines' && c.excerpt.some((l) => l.includes('example.com')) && c.lines![0] === 1))).toBe(true);
    for (const line of packages) expect(result.text).toContain(line);
  });

  it("a step reader's label that names a line names the stored line, as its range does (`last at line 1,075`, not the step's 301)", () => {
    const output = [...Array.from({ length: 30 }, (_, i) => (i % 10 === 4 ? 'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory' : `npm http fetch GET 200 https://registry.npmjs.org/pkg-${i} 12ms (cache miss)`)), '', 'added 412 packages, and audited 413 packages in 9s', '', 'found 0 vulnerabilities'];
    const log = rawJob('npm ci', output, 0, 300);
    const stored = log.split('\n');
    const result = run(log);
    const labelled = (result.parts?.citations ?? []).filter((c) => 'from' in c && /last at line/.test(c.label ?? ''));
    expect(labelled.length).toBeGreaterThan(0);
    for (const c of labelled) {
      const named = Number(/last at line ([\d,]+)/.exec(c.label!)![1]!.replace(/,/g, ''));
      // The named line is the last of the repeated warning in the stored log, past the 300 lines before the step.
      expect(named).toBeGreaterThan(300);
      expect(stored[named - 1]).toContain('npm warn deprecated inflight@1.0.6');
    }
  });

  it('a step that printed one JSON document is read as that document, the warnings after it too', () => {
    const doc = JSON.stringify({ format_version: '1.0', values: { root_module: { resources: Array.from({ length: 60 }, (_, i) => ({ address: `terraform_data.node[${i}]`, mode: 'managed', type: 'terraform_data', name: 'node', values: { input: `node-${i}`, id: `${i}`.padStart(8, '0') } })) } } });
    const result = run(rawJob('terraform show -json', [doc, 'Warning: Unable to open CLI configuration file'], 0, 300));
    const step = (result.fields.steps as Array<Record<string, unknown>>)[0]!;
    expect(String(step.reducer)).toMatch(/^terraform@/);
    expect(result.packet!.intent).toBe('answer');
    expect(result.packet!.citations.some((c) => c.pointer !== undefined)).toBe(true);
  });

  it('a step the job log reducer would be chosen for again is left to it', () => {
    const nested = rawJob('cat job.log', rawJob('npm test', ['ok'], 0).trimEnd().split('\n'), 0);
    const result = run(nested);
    expect(result.fields.steps).toBeUndefined();
  });
});

describe('the CLI reads a piped job log the same way (the step reader loads on demand)', () => {
  it('a failed jest step behind runner stamps is read by jest', () => {
    const bin = path.resolve(__dirname, '../../../bin/reduce.js');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-steps-'));
    try {
      const out = spawnSync(process.execPath, [bin], { cwd: work, input: rawJob('npx jest', JEST, 1, 300), env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
      const text = out.stdout.toString('utf8');
      expect(out.status).toBe(0);
      expect(text).toMatch(/"reducer":"jest@/);
      expect(text).toContain('Cart › clamps a fixed coupon at zero');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

/** A GitLab CI job's raw log (runner banner, section headers after `\r`, `$ command` echoes in green), its last command printing `lines`. */
function gitlabJob(command: string, lines: string[], exit: number, noise = 0): string {
  const E = '\x1b';
  return [
    `${E}[0KRunning with gitlab-runner 17.5.2 (c6eae8d7)${E}[0;m`,
    `${E}[0Ksection_start:1764000000:prepare_executor\r${E}[0K${E}[36;1mPreparing the "docker+machine" executor${E}[0;m`,
    ...Array.from({ length: noise }, (_, i) => `Pulling layer ${i} of node:20 ...`),
    `${E}[0Ksection_start:1764000009:step_script\r${E}[0K${E}[36;1mExecuting "step_script" stage of the job script${E}[0;m`,
    `${E}[32;1m$ npm ci${E}[0;m`,
    'added 312 packages in 9s',
    `${E}[32;1m$ cd web${E}[0;m`,
    `${E}[32;1m$ ${command}${E}[0;m`,
    ...lines,
    `section_end:1764000020:step_script\r${E}[0K`,
    `${E}[0Ksection_start:1764000021:cleanup_file_variables\r${E}[0K${E}[36;1mCleaning up project directory and file based variables${E}[0;m`,
    exit ? `${E}[31;1mERROR: Job failed: exit code ${exit}` : `${E}[32;1mJob succeeded${E}[0;m`,
  ].join('\n') + '\n';
}

describe('a GitLab CI job log', () => {
  it("is claimed by ci-log from the runner's banner, and its failed last command is read by that command's reducer", () => {
    // A report whose own head says nothing of jest: detection must come from the `$ npx jest` echo.
    const result = run(gitlabJob('npx jest --ci', JEST, 1, 400));
    expect(result.reducer).toMatch(/^ci-log@/);
    const step = (result.fields.steps as Array<Record<string, unknown>>)[0]!;
    expect(step).toMatchObject({ step: '$ npx jest --ci', exitCode: 1 });
    expect(String(step.reducer)).toMatch(/^jest@/);
    expect(result.text).toMatch(/- step failed: \$ npx jest --ci \(exit 1\) \[c\d+\]/);
    expect(result.text).toContain('Cart › clamps a fixed coupon at zero');
  });

  it('a command that failed without printing is not read as the one before it', () => {
    const steps = new GitLabSteps();
    const log = ['Running with gitlab-runner 17.5.2 (c6eae8d7)', '$ npm ci', 'added 312 packages in 9s', '$ test -f dist/index.js', 'ERROR: Job failed: exit code 1'];
    log.forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans()).toEqual([]);
  });

  it('in a job that passed, reads its last command that printed anything, not after_script', () => {
    const steps = new GitLabSteps();
    const log = ['Running with gitlab-runner 17.5.2 (c6eae8d7)', '$ terraform init', 'Terraform has been successfully initialized!', '$ terraform plan', 'Plan: 1 to add, 0 to change, 0 to destroy.', 'Running after_script', '$ echo done', 'done', 'Job succeeded'];
    log.forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans().map((s) => [s.command, s.from, s.to, s.exitCode])).toEqual([['terraform plan', 5, 5, null]]);
  });
});

/** A Jenkins Declarative Pipeline's console log: checkout, `Install`, then `Test` whose `sh` step ran `command`, printing `lines`. */
function jenkinsPipeline(command: string, lines: string[], exit: number, noise = 0): string {
  return [
    'Started by user Jane Doe',
    'Obtained Jenkinsfile from git https://git.example.com/shop.git',
    '[Pipeline] Start of Pipeline',
    '[Pipeline] node',
    'Running on build-agent-2 in /var/lib/jenkins/workspace/shop_main',
    '[Pipeline] {',
    '[Pipeline] stage',
    '[Pipeline] { (Declarative: Checkout SCM)',
    '[Pipeline] checkout',
    ...Array.from({ length: noise }, (_, i) => ` > git fetch --tags --force --progress -- https://git.example.com/shop.git +refs/heads/b${i}:refs/remotes/origin/b${i} # timeout=10`),
    '[Pipeline] }',
    '[Pipeline] stage',
    '[Pipeline] { (Install)',
    '[Pipeline] sh',
    '+ npm ci',
    'added 312 packages in 9s',
    '[Pipeline] }',
    '[Pipeline] stage',
    '[Pipeline] { (Test)',
    '[Pipeline] sh',
    '+ cd web',
    `+ ${command}`,
    ...lines,
    '[Pipeline] }',
    '[Pipeline] stage',
    '[Pipeline] { (Deploy)',
    exit ? 'Stage "Deploy" skipped due to earlier failure(s)' : 'Stage "Deploy" skipped due to when conditional',
    '[Pipeline] }',
    '[Pipeline] stage',
    '[Pipeline] { (Declarative: Post Actions)',
    '[Pipeline] sh',
    '+ docker compose logs --tail=5',
    'db-1  | LOG:  database system is ready to accept connections',
    '[Pipeline] }',
    '[Pipeline] End of Pipeline',
    ...(exit ? [`ERROR: script returned exit code ${exit}`, 'Finished: FAILURE'] : ['Finished: SUCCESS']),
  ].join('\n') + '\n';
}

describe('a Jenkins console log', () => {
  it("is claimed by ci-log from its [Pipeline] lines, and its failed command is read by that command's reducer", () => {
    const result = run(jenkinsPipeline('npx jest --ci', JEST, 1, 400));
    expect(result.reducer).toMatch(/^ci-log@/);
    const step = (result.fields.steps as Array<Record<string, unknown>>)[0]!;
    expect(step).toMatchObject({ step: '+ npx jest --ci', exitCode: 1 });
    expect(String(step.reducer)).toMatch(/^jest@/);
    // The failed command leads the packet, cited at its echo.
    expect(result.text).toMatch(/- step failed: \+ npx jest --ci \(exit 1\) \[c\d+\]/);
    expect(result.text).toContain('Cart › clamps a fixed coupon at zero');
  });

  it('wins over the content claim of the tool inside it (a pytest report in a job log is the job log)', () => {
    const pytest = ['============================= test session starts ==============================', 'collected 2 items', '', 'tests/test_cart.py .F                                                    [100%]', '=========================== short test summary info ============================', 'FAILED tests/test_cart.py::test_coupon - assert -2 == 0', '========================= 1 failed, 1 passed in 0.12s =========================='];
    const result = run(jenkinsPipeline('pytest -q', pytest, 1));
    expect(result.reducer).toMatch(/^ci-log@/);
    expect(String((result.fields.steps as Array<Record<string, unknown>>)[0]!.reducer)).toMatch(/^pytest@/);
  });

  it('reads the failed command before the post actions, with the exit code the log gives at its end', () => {
    const steps = new JenkinsSteps();
    jenkinsPipeline('make check', ['cc -c cart.c', "cart.c:3:1: error: expected ';' before '}' token"], 2).split('\n').forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans().map((s) => [s.command, s.lines, s.exitCode])).toEqual([['make check', 2, 2]]);
  });

  it('in a build that passed, reads its last command that printed anything, not the post actions', () => {
    const steps = new JenkinsSteps();
    jenkinsPipeline('terraform plan', ['Plan: 1 to add, 0 to change, 0 to destroy.'], 0).split('\n').forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans().map((s) => [s.command, s.lines, s.exitCode])).toEqual([['terraform plan', 1, null]]);
  });

  it('a command that failed without printing is not read as the one before it', () => {
    const steps = new JenkinsSteps();
    const log = ['[Pipeline] sh', '+ npm ci', 'added 312 packages in 9s', '+ test -f dist/index.js', '[Pipeline] }', 'Stage "Deploy" skipped due to earlier failure(s)', '[Pipeline] End of Pipeline', 'ERROR: script returned exit code 1', 'Finished: FAILURE'];
    log.forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans()).toEqual([]);
  });

  it("reads a freestyle job's shell step, failed without an exit code in the log (read as a failure)", () => {
    const log = ['Started by user admin', 'Running as SYSTEM', 'Building in workspace /var/lib/jenkins/workspace/shop', '[shop] $ /bin/sh -xe /tmp/jenkins5630871960381519376.sh', '+ npm ci', 'added 312 packages in 9s', '+ npx jest --ci', ...JEST, "Build step 'Execute shell' marked build as failure", 'Finished: FAILURE'];
    expect(isJenkinsLog(log.join('\n'))).toBe(true);
    const steps = new JenkinsSteps();
    log.forEach((line, i) => steps.line(i + 1, line));
    expect(steps.spans().map((s) => [s.command, s.from, s.lines, s.exitCode])).toEqual([['npx jest --ci', 8, JEST.length, 1]]);
  });

  it('is not claimed from a lone "Started by" line or one [Pipeline] mention', () => {
    expect(isJenkinsLog('Started by the cron daemon\nbackup done')).toBe(false);
    expect(isJenkinsLog('docs: the [Pipeline] prefix marks step lines\nok')).toBe(false);
  });
});
