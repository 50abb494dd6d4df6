#!/usr/bin/env node
// `npm run eval [-- dev|holdout|shared ...]`: replays eval/dev, eval/holdout and ../shared/corpus through
// ../shared/eval/run-eval.mjs (needs a build) and prints, per split, run-eval's totals and then needle
// recall and bytes by family and by intent, ours beside the Codex-style view (first 128 + last 128
// lines, at most 10 KiB). Per-case rows stay in the report files (one TSV per split in the temp
// folder); nothing here prints a holdout case by name, so the holdout can be measured without being
// looked at (eval/README.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runEval = path.resolve(root, '../shared/eval/run-eval.mjs');
const SPLITS = { dev: 'eval/dev', holdout: 'eval/holdout', shared: '../shared/corpus' };
// Opt-in replays of eval/dev's wrapped cases in situations with fewer hints, built in the report folder:
// `dev-piped` as `cmd 2>&1 | reduce` (no argv, both streams on stdin), `dev-unknown` through a program no
// reducer knows (`runtask`: detection and intent from content). Only dev: the holdout is never replayed.
// `dev-stamped` pipes them with a collector's time before every line, as a CI job's raw log or `docker logs -t` shows them.
// `dev-actions` and `dev-ghlog` put each run inside a GitHub Actions job, as the step `Run <command>` after the
// job's set-up steps: `dev-actions` as the job's raw log (runner stamps, `##[group]` blocks, `##[error]Process
// completed with exit code N.` when it failed), `dev-ghlog` as `gh run view --log-failed` prints it (only the failed
// step's lines, each after `<job>\t<step>\t`; `--log`, every step, when the run passed).
// `dev-docker` runs each inside an image build, as `docker build --progress=plain` prints it on stderr: the run is
// the Dockerfile's last step `RUN <command>`, every line behind BuildKit's `#8 <seconds> `, then BuildKit's error,
// its `------` repeat of the last lines, the Dockerfile excerpt and `ERROR: failed to solve: ...` when it failed.
// `dev-gitlab` runs each as the last command of a GitLab CI job's script, as the job's raw log (`glab ci trace`, the
// job's log download) prints it: the runner's banner, its `section_start:…\r\e[0K` headers, `$ npm ci` before the run's
// `$ <command>` echo, then `ERROR: Job failed: exit code N` or `Job succeeded`.
// `dev-compose` pipes each as one service's lines in `docker compose up` / `docker compose logs` (`app-1  | ` before
// every line, the name padded as Compose pads it for one service).
// `dev-colour` and `dev-crlf` replay them wrapped as they are, with each stream rewritten: forced to colour as a
// terminal tool colours it (JSON strings green as `jq -C` does; elsewhere `file:line` cyan and outcome words such as
// error, FAIL, warning, ok bold red), or with CRLF line ends (a Windows runner, a log saved on Windows).
// `dev-exec` runs each where agents often run them: in a container, a pod or on a host, the wrappers taken in turn
// (RUN_ELSEWHERE); the output is the command's own, as those commands pass it through.
// `dev-make` and `dev-npm-run` run each through a task runner: as the one recipe line of `make check` (make echoes
// it first; a failure adds `make: *** [Makefile:4: check] Error N` on stderr and exits 2), or as the `check` script
// of `npm run check` (npm's `> shop@1.4.0 check` / `> <command>` header first; a failure adds npm 10's `npm error`
// lines on stderr).
// `dev-jenkins` runs each as the `sh` step of a Jenkins Declarative Pipeline's `Test` stage, as its console log
// (`/job/<name>/<n>/consoleText`) prints it: `[Pipeline]` step lines, the checkout, `+ npm ci` and `+ <command>`
// (`sh` runs `sh -xe`), then `ERROR: script returned exit code N` and `Finished: FAILURE`, or `Finished: SUCCESS`.
const VARIANTS = {
  'dev-piped': 'eval/dev, piped with no argv',
  'dev-unknown': 'eval/dev, through an unknown program',
  'dev-stamped': 'eval/dev, piped with a timestamp before every line',
  'dev-actions': 'eval/dev, as the failing step of a GitHub Actions raw job log',
  'dev-ghlog': 'eval/dev, as gh run view --log-failed prints the step',
  'dev-docker': 'eval/dev, as the RUN step of a docker build --progress=plain',
  'dev-gitlab': 'eval/dev, as the last command of a GitLab CI job log',
  'dev-jenkins': 'eval/dev, as the sh step of a Jenkins Pipeline console log',
  'dev-compose': 'eval/dev, as one service of docker compose up (app-1  | before every line)',
  'dev-colour': 'eval/dev, wrapped, with the output forced to colour',
  'dev-crlf': 'eval/dev, wrapped, with CRLF line ends',
  'dev-exec': 'eval/dev, run in a container, a pod or on a host (docker exec, kubectl exec, ssh, ...)',
  'dev-make': 'eval/dev, as the recipe of make check',
  'dev-npm-run': 'eval/dev, as the script of npm run check',
};
const wanted = process.argv.slice(2).filter((a) => a in SPLITS || a in VARIANTS);
const splits = wanted.length ? wanted : Object.keys(SPLITS);

// Scoring as run-eval.mjs does it, so the host view is measured the same way as ours: ANSI codes
// dropped and whitespace runs folded before a needle is looked for.
const norm = (s) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\s+/g, ' ');
const found = (hay, needle) => norm(hay).includes(norm(needle));

function headTail(raw, n) {
  if (raw.length <= n) return raw;
  const h = Math.floor(n / 2);
  return raw.slice(0, h) + raw.slice(raw.length - (n - h));
}

/** What Codex CLI shows the model: the first 128 and last 128 lines, at most 10 KiB (run-eval.mjs's codexView). */
function codexView(raw) {
  const lines = raw.split('\n');
  let v = lines.length <= 256 ? raw : lines.slice(0, 128).join('\n') + '\n' + lines.slice(-128).join('\n');
  if (Buffer.byteLength(v) > 10240) v = headTail(v, 10240);
  return v;
}

/** The per-case rows of a run-eval report (the TSV part before the first blank line). */
function readReport(file) {
  const [head, ...rows] = fs.readFileSync(file, 'utf8').split('\n\n')[0].split('\n');
  const cols = head.split('\t');
  return new Map(
    rows.map((line) => {
      const cells = line.split('\t');
      const row = Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
      return [row.case, row];
    }),
  );
}

/** One scored case: its group keys, needles found by us and by the Codex-style view, and bytes. */
function scoreCase(dir, row) {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'case.json'), 'utf8'));
  const read = (f) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f)) : Buffer.alloc(0));
  const stdout = read('stdout');
  const wrap = meta.mode !== 'stdin';
  const view = wrap ? Buffer.concat([stdout, read('stderr')]).toString('utf8') : stdout.toString('utf8');
  const cx = codexView(view);
  const needles = meta.needles ?? [];
  return {
    family: meta.family ?? '-',
    intent: meta.intent ?? '(none)',
    needles: needles.length,
    ours: Number(row.ours),
    codex: needles.filter((n) => found(cx, n)).length,
    bytes: Number(row.packet),
    codexBytes: Buffer.byteLength(cx),
  };
}

function table(title, scored, key) {
  const groups = new Map();
  for (const s of scored) {
    const g = groups.get(s[key]) ?? { cases: 0, needles: 0, ours: 0, codex: 0, bytes: 0, codexBytes: 0 };
    g.cases++;
    for (const k of ['needles', 'ours', 'codex', 'bytes', 'codexBytes']) g[k] += s[k];
    groups.set(s[key], g);
  }
  const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) + '%' : '-');
  const lines = [`  by ${title}:`, `    ${'group'.padEnd(10)} ${'cases'.padStart(5)} ${'needles'.padStart(7)} ${'ours'.padStart(7)} ${'codex'.padStart(7)} ${'bytes'.padStart(9)} ${'codex B'.padStart(9)} ${'B/codex'.padStart(7)}`];
  for (const [name, g] of [...groups].sort((a, b) => b[1].needles - a[1].needles || String(a[0]).localeCompare(String(b[0])))) {
    // '<' marks a group where our packet keeps fewer needles than the Codex-style view.
    const mark = g.ours < g.codex ? ' <' : '';
    lines.push(`    ${String(name).padEnd(10)} ${String(g.cases).padStart(5)} ${String(g.needles).padStart(7)} ${pct(g.ours, g.needles).padStart(7)} ${pct(g.codex, g.needles).padStart(7)} ${String(g.bytes).padStart(9)} ${String(g.codexBytes).padStart(9)} ${pct(g.bytes, g.codexBytes).padStart(7)}${mark}`);
  }
  return lines.join('\n');
}

// Each run writes its per-case rows into its own folder: two runs at once (two checkouts, two sessions) used to
// overwrite each other's $TMPDIR/reduce-eval-<split>.tsv and read the other's rows.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-eval-'));
let failed = false;
/** The variants piped as another tool's log: the run's lines (both streams), its command and exit code -> that log. */
const PIPED_INSIDE = {
  // Times 37 ms apart from a fixed start, to the 100 ns as a CI runner writes them: the same bytes on every run.
  'dev-stamped': (lines) => lines.map((l, i) => `${new Date(Date.UTC(2026, 10, 24, 10) + i * 37).toISOString().replace('Z', '0000Z')} ${l}\n`).join(''),
  'dev-actions': (lines, command, exitCode) => actionsJob(command, lines, exitCode, false),
  'dev-ghlog': (lines, command, exitCode) => actionsJob(command, lines, exitCode, true),
  'dev-gitlab': (lines, command, exitCode) => gitlabJob(command, lines, exitCode),
  'dev-compose': (lines) => lines.map((l) => `app-1  | ${l}\n`).join(''),
  'dev-jenkins': (lines, command, exitCode) => jenkinsPipeline(command, lines, exitCode),
};

/** The wrapped variants whose streams are rewritten line by line (the needles, scored past ANSI codes and whitespace, still match). */
const REWRITTEN = {
  'dev-colour': (text) => text.split('\n').map(colourLine).join('\n'),
  'dev-crlf': (text) => text.replace(/\r?\n/g, '\r\n'),
};

/** One line as a colouring tool prints it: a JSON line's strings green (`jq -C`); else `file:line` cyan and outcome words bold red. */
function colourLine(line) {
  if (/^\s*[[{]/.test(line) || /^\s*"[^"]*":/.test(line)) return line.replace(/"(?:[^"\\]|\\.)*"/g, (m) => `\x1b[0;32m${m}\x1b[0m`);
  return line
    .replace(/[\w./-]+\.\w+:\d+(?::\d+)?/g, (m) => `\x1b[36m${m}\x1b[39m`)
    .replace(/\b(?:error|Error|ERROR|FAIL|FAILED|failed|warning|Warning|WARN|PASS|passed|ok)\b/g, (m) => `\x1b[1;31m${m}\x1b[0m`);
}

/** How a task runner prints a command's run (stdout, stderr) -> [stdout, stderr, the runner's command and exit code]. */
const TASK_RUNNERS = {
  'dev-make': (command, stdout, stderr, exitCode) => [
    `${command}\n${stdout}`,
    exitCode ? `${stderr}make: *** [Makefile:4: check] Error ${exitCode}\n` : stderr,
    { command: 'make check', exitCode: exitCode ? 2 : 0 },
  ],
  'dev-npm-run': (command, stdout, stderr, exitCode) => [
    `\n> shop@1.4.0 check\n> ${command}\n\n${stdout}`,
    exitCode ? `${stderr}npm error Lifecycle script \`check\` failed with error:\nnpm error code ${exitCode}\nnpm error path /work/shop\nnpm error workspace shop@1.4.0\nnpm error location /work/shop\nnpm error command failed\nnpm error command sh -c ${command}\n` : stderr,
    { command: 'npm run check', exitCode },
  ],
};

/** `dev-exec`'s wrappers, one per case in turn. */
const RUN_ELSEWHERE = ['docker exec -i app', 'docker compose exec -T web', 'kubectl exec api-7f9c -c app --', 'ssh ci@build-01', 'podman run --rm -v /src:/src -w /src ci-image:1'];

/** Builds a VARIANTS folder from eval/dev's wrapped cases (the needles stay exact substrings of what is replayed). */
function variantOf(split) {
  const source = path.resolve(root, SPLITS.dev);
  const out = path.join(reports, split);
  let wrapped = 0;
  for (const name of fs.readdirSync(source).sort()) {
    const meta = JSON.parse(fs.readFileSync(path.join(source, name, 'case.json'), 'utf8'));
    if (meta.mode === 'stdin') continue;
    const via = RUN_ELSEWHERE[wrapped++ % RUN_ELSEWHERE.length];
    fs.mkdirSync(path.join(out, name), { recursive: true });
    const read = (f) => (fs.existsSync(path.join(source, name, f)) ? fs.readFileSync(path.join(source, name, f)) : Buffer.alloc(0));
    // Both streams' lines, as the run printed them (the last newline dropped).
    const outputLines = () => {
      const lines = Buffer.concat([read('stdout'), read('stderr')]).toString('utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      return lines;
    };
    if (split === 'dev-piped') {
      fs.writeFileSync(path.join(out, name, 'stdout'), Buffer.concat([read('stdout'), read('stderr')]));
      Object.assign(meta, { mode: 'stdin', expect: {} });
    } else if (split in PIPED_INSIDE) {
      fs.writeFileSync(path.join(out, name, 'stdout'), PIPED_INSIDE[split](outputLines(), meta.command, meta.exit_code ?? 0));
      Object.assign(meta, { mode: 'stdin', expect: {} });
    } else if (split === 'dev-docker') {
      fs.writeFileSync(path.join(out, name, 'stderr'), dockerBuild(meta.command, outputLines(), meta.exit_code ?? 0));
      fs.writeFileSync(path.join(out, name, 'stdout'), '');
      Object.assign(meta, { mode: 'wrap', command: 'docker build --progress=plain -t app:dev .', argv0: 'docker', exit_code: meta.exit_code ? 1 : 0, expect: {} });
    } else if (split === 'dev-exec') {
      for (const f of ['stdout', 'stderr']) if (fs.existsSync(path.join(source, name, f))) fs.copyFileSync(path.join(source, name, f), path.join(out, name, f));
      Object.assign(meta, { command: `${via} ${meta.command}`, argv0: via.split(' ')[0] });
    } else if (split in TASK_RUNNERS) {
      const exitCode = meta.exit_code ?? 0;
      const [stdout, stderr, runner] = TASK_RUNNERS[split](meta.command, read('stdout').toString('utf8'), read('stderr').toString('utf8'), exitCode);
      fs.writeFileSync(path.join(out, name, 'stdout'), stdout);
      if (stderr) fs.writeFileSync(path.join(out, name, 'stderr'), stderr);
      Object.assign(meta, { command: runner.command, argv0: runner.command.split(' ')[0], exit_code: runner.exitCode });
    } else if (split in REWRITTEN) {
      for (const f of ['stdout', 'stderr']) if (fs.existsSync(path.join(source, name, f))) fs.writeFileSync(path.join(out, name, f), REWRITTEN[split](read(f).toString('utf8')));
    } else {
      for (const f of ['stdout', 'stderr']) if (fs.existsSync(path.join(source, name, f))) fs.copyFileSync(path.join(source, name, f), path.join(out, name, f));
      Object.assign(meta, { command: 'runtask', argv0: 'runtask' });
    }
    fs.writeFileSync(path.join(out, name, 'case.json'), JSON.stringify(meta, null, 2) + '\n');
  }
  return out;
}

/**
 * One GitLab CI job whose script ran `npm ci` and then `command`, which printed `lines`: the runner's banner and
 * sections (`section_start:<time>:<name>\r\e[0K` before each header, as the raw log holds them), the commands echoed
 * in green as `$ …`, then `ERROR: Job failed: exit code N` (red) or `Job succeeded` (green). Fixed times: the same bytes on every run.
 */
function gitlabJob(command, lines, exitCode) {
  const E = '\x1b';
  let t = 1764000000;
  const section = (name, header) => `${E}[0Ksection_start:${t++}:${name}\r${E}[0K${E}[0K${E}[36;1m${header}${E}[0;m${E}[0;m`;
  const end = (name) => `section_end:${t++}:${name}\r${E}[0K`;
  const out = [
    `${E}[0KRunning with gitlab-runner 17.5.2 (c6eae8d7)${E}[0;m`,
    `${E}[0K  on blue-3.saas-linux-small-amd64.runners-manager.gitlab.com/default zxwgkjAP, system ID: s_4cb09cc7c4f7${E}[0;m`,
    section('prepare_executor', 'Preparing the "docker+machine" executor'),
    `${E}[0KUsing Docker executor with image node:20 ...${E}[0;m`,
    `${E}[0KPulling docker image node:20 ...${E}[0;m`,
    `${E}[0KUsing docker image sha256:5f0c1a2b3c4d for node:20 with digest node@sha256:9e8d7c6b5a49 ...${E}[0;m`,
    end('prepare_executor'),
    section('prepare_script', 'Preparing environment'),
    'Running on runner-zxwgkjap-project-4242-concurrent-0 via runner-zxwgkjap-s-l-s-amd64-1764000000-e7b1b0a6...',
    end('prepare_script'),
    section('get_sources', 'Getting source from Git repository'),
    `${E}[32;1mFetching changes with git depth set to 20...${E}[0;m`,
    'Initialized empty Git repository in /builds/example/project/.git/',
    `${E}[32;1mCreated fresh repository.${E}[0;m`,
    `${E}[32;1mChecking out 8f2d5c1a as detached HEAD (ref is main)...${E}[0;m`,
    '',
    `${E}[32;1mSkipping Git submodules setup${E}[0;m`,
    end('get_sources'),
    section('step_script', 'Executing "step_script" stage of the job script'),
    `${E}[0KUsing docker image sha256:5f0c1a2b3c4d for node:20 with digest node@sha256:9e8d7c6b5a49 ...${E}[0;m`,
    `${E}[32;1m$ npm ci --no-audit --no-fund${E}[0;m`,
    '',
    'added 312 packages in 9s',
    `${E}[32;1m$ ${command}${E}[0;m`,
    ...lines,
    end('step_script'),
    section('cleanup_file_variables', 'Cleaning up project directory and file based variables'),
    end('cleanup_file_variables'),
    '',
    exitCode !== 0 ? `${E}[31;1mERROR: Job failed: exit code ${exitCode}\n${E}[0;m` : `${E}[32;1mJob succeeded${E}[0;m`,
  ];
  return out.join('\n') + '\n';
}

/**
 * A Jenkins Declarative Pipeline (Jenkins 2.4xx, git plugin) whose `Test` stage ran `command` in a `sh` step and
 * printed `lines`, as the build's console log holds it: `[Pipeline]` lines for each step and block, the SCM checkout's
 * ` > git …` commands, the `Install` stage's `+ npm ci`, the commands echoed by `sh -xe` as `+ …`. A failed step skips
 * the later stages (`Stage "Deploy" skipped due to earlier failure(s)`), runs the post actions and ends with
 * `ERROR: script returned exit code N` and `Finished: FAILURE`; a passing one skips Deploy by its `when` and ends with
 * `Finished: SUCCESS`. No times (the Timestamper plugin's prefixes are the stamped variant's concern).
 */
function jenkinsPipeline(command, lines, exitCode) {
  const failed = exitCode !== 0;
  const ws = '/var/lib/jenkins/workspace/project_main';
  const out = [
    'Started by user Jane Doe',
    'Obtained Jenkinsfile from git https://git.example.com/project.git',
    '[Pipeline] Start of Pipeline',
    '[Pipeline] node',
    `Running on build-agent-2 in ${ws}`,
    '[Pipeline] {',
    '[Pipeline] stage',
    '[Pipeline] { (Declarative: Checkout SCM)',
    '[Pipeline] checkout',
    'Selected Git installation does not exist. Using Default',
    'The recommended git tool is: NONE',
    'No credentials specified',
    ` > git rev-parse --resolve-git-dir ${ws}/.git # timeout=10`,
    'Fetching changes from the remote Git repository',
    ' > git config remote.origin.url https://git.example.com/project.git # timeout=10',
    'Fetching upstream changes from https://git.example.com/project.git',
    ' > git --version # timeout=10',
    " > git --version # 'git version 2.39.5'",
    ' > git fetch --tags --force --progress -- https://git.example.com/project.git +refs/heads/*:refs/remotes/origin/* # timeout=10',
    ' > git rev-parse refs/remotes/origin/main^{commit} # timeout=10',
    'Checking out Revision 8f2d5c1a9b7e4f3a2c1d0e9f8a7b6c5d4e3f2a1b (refs/remotes/origin/main)',
    ' > git config core.sparsecheckout # timeout=10',
    ' > git checkout -f 8f2d5c1a9b7e4f3a2c1d0e9f8a7b6c5d4e3f2a1b # timeout=10',
    'Commit message: "Bump version"',
    ' > git rev-list --no-walk 4e3f2a1b8f2d5c1a9b7e4f3a2c1d0e9f8a7b6c5d # timeout=10',
    '[Pipeline] }',
    '[Pipeline] // stage',
    '[Pipeline] withEnv',
    '[Pipeline] {',
    '[Pipeline] stage',
    '[Pipeline] { (Install)',
    '[Pipeline] sh',
    '+ npm ci --no-audit --no-fund',
    '',
    'added 312 packages in 9s',
    '[Pipeline] }',
    '[Pipeline] // stage',
    '[Pipeline] stage',
    '[Pipeline] { (Test)',
    '[Pipeline] sh',
    `+ ${command}`,
    ...lines,
    '[Pipeline] }',
    '[Pipeline] // stage',
    '[Pipeline] stage',
    '[Pipeline] { (Deploy)',
    failed ? 'Stage "Deploy" skipped due to earlier failure(s)' : 'Stage "Deploy" skipped due to when conditional',
    '[Pipeline] getContext',
    '[Pipeline] }',
    '[Pipeline] // stage',
    '[Pipeline] stage',
    '[Pipeline] { (Declarative: Post Actions)',
    '[Pipeline] cleanWs',
    '[WS-CLEANUP] Deleting project workspace...',
    '[WS-CLEANUP] Deferred wipeout is used...',
    '[WS-CLEANUP] done',
    '[Pipeline] }',
    '[Pipeline] // stage',
    '[Pipeline] }',
    '[Pipeline] // withEnv',
    '[Pipeline] }',
    '[Pipeline] // node',
    '[Pipeline] End of Pipeline',
    ...(failed ? [`ERROR: script returned exit code ${exitCode}`, 'Finished: FAILURE'] : ['Finished: SUCCESS']),
  ];
  return out.join('\n') + '\n';
}

/**
 * One GitHub Actions job that ran `command` as its third step and printed `lines`: set-up steps first, the step's
 * `##[group]` block (its script and shell), the output, `##[error]Process completed with exit code N.` when it failed,
 * then the post-job steps. Runner stamps to the 100 ns, 37 ms apart from a fixed start: the same bytes on every run.
 * `gh` gives the form `gh run view --log-failed` prints (job and step before each line; only the failed step), or
 * `--log` when the run passed (every step).
 */
function actionsJob(command, lines, exitCode, gh) {
  const job = 'build';
  const step = `Run ${command}`;
  const steps = [
    ['Set up job', ['Current runner version: \'2.321.0\'', '##[group]Operating System', 'Ubuntu', '24.04.1', 'LTS', '##[endgroup]', '##[group]Runner Image', 'Image: ubuntu-24.04', 'Version: 20241201.1.0', '##[endgroup]', 'Secret source: Actions', 'Prepare workflow directory', 'Prepare all required actions', "Getting action download info", "Download action repository 'actions/checkout@v4' (SHA:11bd71901bbe5b1630ceea73d27597364c9af683)", 'Complete job name: build']],
    ['Run actions/checkout@v4', ['##[group]Run actions/checkout@v4', 'with:', '  repository: example/project', '  ssh-strict: true', '##[endgroup]', 'Syncing repository: example/project', '##[group]Getting Git version info', 'git version 2.47.1', '##[endgroup]', "Temporarily overriding HOME='/home/runner/work/_temp/6b3c' before making global git config changes", '[command]/usr/bin/git log -1 --format=%H', '8f2d5c1a9b7e4f3a2c1d0e9f8a7b6c5d4e3f2a1b']],
    [step, ['##[group]' + step, `\x1b[36;1m${command}\x1b[0m`, 'shell: /usr/bin/bash -e {0}', '##[endgroup]', ...lines, ...(exitCode !== 0 ? [`##[error]Process completed with exit code ${exitCode}.`] : [])]],
    ['Post Run actions/checkout@v4', ['Post job cleanup.', '[command]/usr/bin/git version', 'git version 2.47.1', '[command]/usr/bin/git config --local --name-only --get-regexp core\\.sshCommand']],
    ['Complete job', ['Cleaning up orphan processes']],
  ];
  const t0 = Date.UTC(2026, 10, 24, 10);
  let i = 0;
  const stamp = () => new Date(t0 + i++ * 37).toISOString().replace('Z', '0000Z');
  const out = [];
  for (const [name, body] of steps) {
    if (gh && exitCode !== 0 && name !== step) continue;
    for (const [k, l] of body.entries()) out.push(`${gh ? `${job}\t${name}\t${k === 0 ? '\uFEFF' : ''}` : ''}${stamp()} ${l}\n`);
  }
  return out.join('');
}

/**
 * An image build whose last Dockerfile step ran `command` and printed `lines`, as BuildKit's plain progress shows it
 * (docker build 27, buildx 0.17): the build definition, the base image, WORKDIR and COPY steps, then `#8 [4/4] RUN
 * <command>` with each line behind `#8 <seconds> ` (the seconds grow by 7 ms from a fixed start, three decimals as
 * BuildKit writes them: the same bytes on every run). A failed step ends with BuildKit's `#8 ERROR:` line, the
 * `------` block repeating its last 10 lines (behind their seconds), the Dockerfile excerpt and the final error; a
 * passing one with `#8 DONE` and the export step.
 */
function dockerBuild(command, lines, exitCode) {
  const failure = `process "/bin/sh -c ${command}" did not complete successfully: exit code: ${exitCode}`;
  const secs = (i) => (0.412 + i * 0.007).toFixed(3);
  const out = [
    '#0 building with "default" instance using docker driver',
    '',
    '#1 [internal] load build definition from Dockerfile',
    '#1 transferring dockerfile: 163B done',
    '#1 DONE 0.0s',
    '',
    '#2 [internal] load metadata for docker.io/library/node:20-bookworm',
    '#2 DONE 0.9s',
    '',
    '#3 [internal] load .dockerignore',
    '#3 transferring context: 2B done',
    '#3 DONE 0.0s',
    '',
    '#4 [internal] load build context',
    '#4 transferring context: 1.21MB 0.1s done',
    '#4 DONE 0.1s',
    '',
    '#5 [1/4] FROM docker.io/library/node:20-bookworm@sha256:9b5ac8e2f1fe3ae2e3b1a6a7c4f7e0b2d1c3a4b5e6f708192a3b4c5d6e7f8091',
    '#5 CACHED',
    '',
    '#6 [2/4] WORKDIR /app',
    '#6 CACHED',
    '',
    '#7 [3/4] COPY . .',
    '#7 DONE 0.2s',
    '',
    `#8 [4/4] RUN ${command}`,
    ...lines.map((l, i) => `#8 ${secs(i)} ${l}`),
  ];
  if (exitCode === 0) {
    out.push(`#8 DONE ${(0.412 + lines.length * 0.007 + 0.1).toFixed(1)}s`, '', '#9 exporting to image', '#9 exporting layers 0.3s done', '#9 writing image sha256:4f1c2b7a9d8e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a done', '#9 naming to docker.io/library/app:dev done', '#9 DONE 0.4s');
  } else {
    const last = lines.slice(-10).map((l, i) => `${secs(lines.length - Math.min(10, lines.length) + i)} ${l}`);
    out.push(`#8 ERROR: ${failure}`, '------', ` > [4/4] RUN ${command}:`, ...last, '------', 'Dockerfile:4', '--------------------', '   2 |     WORKDIR /app', '   3 |     COPY . .', `   4 | >>> RUN ${command}`, '   5 |     ', '--------------------', `ERROR: failed to solve: ${failure}`);
  }
  return out.join('\n') + '\n';
}

for (const split of splits) {
  const dir = split in VARIANTS ? variantOf(split) : path.resolve(root, SPLITS[split]);
  if (!fs.existsSync(dir)) {
    console.log(`== ${split}: ${SPLITS[split]} not found, skipped\n`);
    continue;
  }
  const report = path.join(reports, `${split}.tsv`);
  const r = spawnSync(process.execPath, [runEval, '--project', root, '--report', report, dir], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  console.log(`== ${split} (${SPLITS[split] ?? VARIANTS[split]}; per-case rows in ${report})`);
  process.stdout.write(r.stdout.replace(/^/gm, '  '));
  if (r.status !== 0 || !fs.existsSync(report)) {
    console.log(`  run-eval failed (exit ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}\n`);
    failed = true;
    continue;
  }
  const rows = readReport(report);
  const scored = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const row = rows.get(name);
    if (row) scored.push(scoreCase(path.join(dir, name), row));
  }
  const total = (k) => scored.reduce((a, s) => a + s[k], 0);
  console.log(`  totals: ${scored.length} cases, ${total('needles')} needles; recall ours ${((100 * total('ours')) / total('needles')).toFixed(1)}% vs codex-style ${((100 * total('codex')) / total('needles')).toFixed(1)}%; bytes ours ${total('bytes')} vs codex-style ${total('codexBytes')} (${((100 * total('bytes')) / total('codexBytes')).toFixed(1)}%)`);
  console.log(table('family', scored, 'family'));
  console.log(table('intent', scored, 'intent'));
  console.log('');
}
process.exit(failed ? 1 : 0);
