import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PacketParts, Reducer } from '../../../src/core/types.js';
import { aptReducer } from '../../../src/reducers/packages/apt.js';
import { cargoDepsReducer } from '../../../src/reducers/packages/cargo-deps.js';
import { npmAuditReducer } from '../../../src/reducers/packages/npm-audit.js';
import { npmInstallReducer } from '../../../src/reducers/packages/npm-install.js';
import { pipInstallReducer } from '../../../src/reducers/packages/pip-install.js';

const fixtures = path.resolve(__dirname, '../../../fixtures');

/** Runs a reducer over a fixture's real streams, as the pipeline would (without the packer). */
function reduceFixture(reducer: Reducer, name: string): PacketParts {
  const dir = path.join(fixtures, name);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'cmd.json'), 'utf8')) as { exit: number };
  const run = reducer.start({ argv: [], errorPatterns: [], head: '' });
  for (const stream of ['stdout', 'stderr'] as const) {
    const file = path.join(dir, stream);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8').replace(/\n$/, '');
    if (text) text.split('\n').forEach((line, i) => run.line(stream, i + 1, line));
  }
  if (reducer.wantsJson && run.json) {
    const raw = fs.readFileSync(path.join(dir, 'stdout'), 'utf8');
    if (/^\s*\{/.test(raw)) run.json(JSON.parse(raw), 'spaced');
  }
  return run.finish({ code: meta.exit, signal: null, timedOut: false });
}

function cited(parts: PacketParts): Array<[number, number, string | undefined]> {
  return parts.citations.flatMap((c) => ('from' in c ? [[c.from, c.to, c.label] as [number, number, string | undefined]] : []));
}

describe('npm-install', () => {
  it('ETARGET: the code and the notarget line are the mandatory excerpt', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-etarget');
    expect(parts.status).toBe('fail');
    expect(parts.fields.code).toBe('ETARGET');
    // (With the rest of npm's wrapped message.)
    expect(cited(parts)[0]).toEqual([2, 4, 'npm error']);
    expect(parts.summary[0]?.text).toBe('install failed: ETARGET: No matching version found for left-pad@99.0.0.');
  });

  it('a message npm wraps over several error lines is cited whole, up to the blank line before the usage text', () => {
    const lines = [
      'npm error code EUSAGE',
      'npm error',
      'npm error The `npm ci` command can only install with an existing package-lock.json or',
      'npm error npm-shrinkwrap.json with lockfileVersion >= 1. Run an install with npm@5 or',
      'npm error later to generate a package-lock.json file, then try again.',
      'npm error',
      'npm error Clean install a project',
      'npm error',
      'npm error Usage:',
      'npm error npm ci',
    ];
    const run = npmInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    lines.forEach((line, i) => run.line('stderr', i + 1, line));
    const parts = run.finish({ code: 1, signal: null, timedOut: false });
    expect(cited(parts)).toEqual([[1, 5, 'npm error']]);
    expect(parts.summary[0]?.text).toBe('install failed: EUSAGE: The `npm ci` command can only install with an existing package-lock.json or');
  });

  it('ERESOLVE: the whole tree from the message to the advice, with what was found and what is needed', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-eresolve-peer');
    expect(parts.fields).toMatchObject({ code: 'ERESOLVE', found: 'react@17.0.2', conflict: 'peer react@"^18.2.0" from react-dom@18.2.0' });
    expect(cited(parts)).toContainEqual([3, 15, 'dependency conflict']);
  });

  it('ERESOLVE: a long tree keeps the lines that name the conflict in focus', () => {
    const run = npmInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    const lines = ['npm ERR! code ERESOLVE', 'npm ERR! ERESOLVE could not resolve', 'npm ERR! ', 'npm ERR! While resolving: app@1.0.0', 'npm ERR! Found: typescript@5.4.5'];
    for (let i = 0; i < 30; i++) lines.push(`npm ERR!   peer typescript@"*" from pkg-${i}@1.0.0`);
    lines.push('npm ERR! Could not resolve dependency:', 'npm ERR! peer typescript@"^4.0.0" from ts-legacy@2.1.0', 'npm ERR! Fix the upstream dependency conflict, or retry');
    lines.forEach((t, i) => run.line('stdout', i + 1, t));
    const parts = run.finish({ code: 1, signal: null, timedOut: false });
    const tree = parts.citations.find((c) => c.label === 'dependency conflict');
    expect(tree && 'from' in tree ? [tree.from, tree.to, tree.focus] : null).toEqual([2, 38, [5, 36, 37]]);
    expect(parts.fields.conflict).toBe('peer typescript@"^4.0.0" from ts-legacy@2.1.0');
  });

  it('E404: the 404 lines naming the package', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-e404');
    expect(cited(parts)[0]).toEqual([2, 5, 'npm error']);
  });

  it('native build: compiler errors cited with their caret lines, gyp noise left out', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-native-build-fails');
    expect(parts.fields.command).toBe('sh -c node-gyp rebuild');
    expect(cited(parts).filter((c) => c[2] === 'compiler error').map((c) => c[0])).toEqual([41, 48]);
  });

  it('success: result line and counts, deprecations counted by package', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-deprecations-handwritten');
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ added: 842, audited: 843, vulnerabilities: 6, warnings: { deprecated: 11 } });
    expect((parts.fields.deprecated as string[]).slice(0, 2)).toEqual(['inflight@1.0.6', 'glob@7.2.3']);
  });

  it('--force: the ERESOLVE override counted once, its tree lines not counted as warnings', () => {
    const parts = reduceFixture(npmInstallReducer, 'npm/install-force-peer-override');
    expect(parts.status).toBe('ok');
    expect(parts.fields.warnings).toEqual({ ERESOLVE: 1, config: 1, 'using --force': 1 });
    expect(parts.fields.added).toBe(6);
  });

  it('pnpm and yarn: their error lines are decisive, deprecations counted', () => {
    const pnpm = reduceFixture(npmInstallReducer, 'npm/pnpm-install-no-matching-version');
    expect(pnpm.fields.code).toBe('ERR_PNPM_NO_MATCHING_VERSION');
    expect(pnpm.fields.deprecated).toEqual(['@types/uuid@10.0.0', 'glob@7.2.3', 'inflight@1.0.6', 'rimraf@3.0.2']);
    const yarn = reduceFixture(npmInstallReducer, 'npm/yarn-install-peer-warnings');
    expect(yarn.status).toBe('fail');
    expect(cited(yarn)[0]).toEqual([6, 6, 'yarn error']);
    expect(yarn.fields.warnings).toEqual({ deprecated: 3, peer: 2 });
  });
});

describe('npm-audit', () => {
  it('text report: packages by severity, critical and high blocks cited', () => {
    const parts = reduceFixture(npmAuditReducer, 'npm/audit-text-vulnerable');
    expect(parts.fields.packages).toEqual({ high: ['axios', 'braces', 'ws'], moderate: ['follow-redirects', 'semver'], critical: ['lodash'] });
    expect(parts.fields.total).toBe(6);
    expect(cited(parts).find((c) => c[2] === 'critical: lodash')).toEqual([25, 31, 'critical: lodash']);
  });

  it('JSON report v2: totals and every critical/high package by pointer', () => {
    const parts = reduceFixture(npmAuditReducer, 'npm/audit-json-vulnerable');
    expect(parts.fields.counts).toMatchObject({ critical: 1, high: 3, total: 6 });
    expect(parts.citations.map((c) => ('pointer' in c ? c.pointer : ''))).toEqual(['/vulnerabilities/axios', '/vulnerabilities/braces', '/vulnerabilities/lodash', '/vulnerabilities/ws', '/metadata/vulnerabilities']);
  });
});

describe('pip-install', () => {
  it('native build: the failed step, the compiler error and the final ERROR lines', () => {
    const parts = reduceFixture(pipInstallReducer, 'pip/install-native-build-fails');
    expect(parts.fields.errors).toEqual(['Failed building wheel for fastcrc', 'Could not build wheels for fastcrc, which is required to install pyproject.toml-based projects']);
    expect(cited(parts).map((c) => c[2])).toEqual(expect.arrayContaining(['failed step', 'compiler error', 'error']));
  });

  it('unreachable index: retries grouped as warnings, no matching distribution is decisive', () => {
    const parts = reduceFixture(pipInstallReducer, 'pip/install-unreachable');
    expect(parts.fields.warnings).toEqual({ 'ignored index location': 2, retrying: 2 });
    expect(parts.summary[0]?.text).toBe('install failed: No matching distribution found for reduce-nonexistent-pkg-zq9x');
  });

  it('resolver conflict: the "conflict is caused by" block and the Cannot install line', () => {
    const parts = reduceFixture(pipInstallReducer, 'pip/install-resolution-conflict');
    expect(cited(parts)).toContainEqual([7, 9, 'dependency conflict']);
    expect(parts.fields.errors).toEqual(['Cannot install numpy==2.4.6 and scipy==1.11.1 because these package versions have conflicting dependencies.', 'ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts']);
  });

  it('a pip crash (ERROR: Exception: and a traceback): the exception line is the error, cited with its traceback (call site and last frame in focus) and what pip was processing', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    ['Looking in links: /opt/pypi/files', 'Processing ./badtoml'].forEach((t, i) => run.line('stdout', i + 1, t));
    const err = ['ERROR: Exception:', 'Traceback (most recent call last):', '  File "/v/pip/_internal/pyproject.py", line 64, in load_pyproject_toml', '    pp_toml = tomli.loads(f.read())', '  File "/v/pip/_vendor/tomli/_parser.py", line 428, in parse_array', '    raise suffixed_err(src, pos, "Unclosed array")', 'pip._vendor.tomli.TOMLDecodeError: Unclosed array (at line 11, column 3)'];
    err.forEach((t, i) => run.line('stderr', i + 1, t));
    const parts = run.finish({ code: 2, signal: null, timedOut: false });
    expect(parts.summary[0]?.text).toBe('install failed: pip._vendor.tomli.TOMLDecodeError: Unclosed array (at line 11, column 3)');
    expect(cited(parts)).toEqual(expect.arrayContaining([[2, 7, 'exception'], [2, 2, 'last step']]));
    const exception = parts.citations.find((c) => c.label === 'exception');
    expect(exception?.priority).toBe('mandatory');
    // pip's own pyproject.py handing over to the vendored parser is the call site; the parser's frame is the last.
    expect(exception && 'focus' in exception ? exception.focus : []).toEqual([3, 5, 7]);
  });

  it('pip wheel of several projects, one failing: `Failed to build x` is an outcome line, cited beside `Successfully built`', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    ['Processing ./multi/alpha', 'Processing ./multi/beta', 'Building wheels for collected packages: alpha, beta', "  Building wheel for beta (pyproject.toml): finished with status 'error'", 'Successfully built alpha', 'Failed to build beta'].forEach((t, i) => run.line('stdout', i + 1, t));
    run.line('stderr', 1, 'ERROR: Failed to build one or more wheels');
    const parts = run.finish({ code: 1, signal: null, timedOut: false });
    expect(parts.status).toBe('fail');
    expect(parts.citations.find((c) => 'from' in c && c.stream === 'stdout' && c.from === 6)).toMatchObject({ label: 'result', priority: 'mandatory' });
  });

  it('success after a long install step (a dozen packages replaced): the replaced versions as a field', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    const names = Array.from({ length: 12 }, (_, i) => `pkg${i}`);
    const lines = ['Installing collected packages: ' + names.join(', '), ...names.flatMap((x) => [`  Attempting uninstall: ${x}`, `    Found existing installation: ${x} 1.0`, `    Uninstalling ${x}-1.0:`, `      Successfully uninstalled ${x}-1.0`]), `Successfully installed ${names.map((x) => `${x}-1.0`).join(' ')}`];
    lines.forEach((t, i) => run.line('stdout', i + 1, t));
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    expect(parts.fields.replaced).toEqual(names.map((x) => `${x}-1.0`));
    expect(parts.summary.map((b) => b.text)).toContain('replaced 12 installed versions (uninstalled first)');
    expect(parts.warningBytes).toBeGreaterThan(100);
  });

  it('success: installed packages as a field', () => {
    const parts = reduceFixture(pipInstallReducer, 'pip/install-success');
    expect(parts.status).toBe('ok');
    expect(parts.fields.installed).toContain('requests-2.34.2');
  });

  it('success: what was produced is cited with the outcome, and the success budget grows for it', () => {
    const parts = reduceFixture(pipInstallReducer, 'pip/wheel-local-package');
    expect(parts.status).toBe('ok');
    const labels = cited(parts).map((c) => c[2]);
    expect(labels).toEqual(expect.arrayContaining(['result', 'wheel built', 'saved 11 files']));
    const saved = parts.citations.find((c) => c.label === 'saved 11 files');
    // The one platform wheel among pure-Python ones stands out; the last file ends the run.
    expect(saved && 'focus' in saved ? saved.focus : []).toEqual([23, 30]);
    expect(parts.warningBytes).toBeGreaterThan(600);
  });

  it('success with no Successfully line (pip wheel with nothing to build): the saved files are still cited', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    const lines = ['Looking in links: idx', 'Processing ./idx/h11-0.16.0-py3-none-any.whl', 'Processing ./idx/idna-3.20-py3-none-any.whl', 'Saved ./wheels/h11-0.16.0-py3-none-any.whl', 'Saved ./wheels/idna-3.20-py3-none-any.whl'];
    lines.forEach((text, i) => run.line('stdout', i + 1, text));
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    expect(cited(parts)).toContainEqual([4, 5, 'saved 2 files']);
  });

  it('a long outcome line (pip download of many packages) asks for its own room beside the saved files', () => {
    const names = Array.from({ length: 12 }, (_, i) => `package-number-${i}`);
    const lines = [...names.map((p) => `Saved ./dl/${p}-1.0.0-py3-none-any.whl`), `Successfully downloaded ${names.join(' ')}`];
    const parts = runPip(lines);
    const savedBytes = lines.slice(0, -1).reduce((a, l) => a + l.length + 3, 0);
    expect(parts.warningBytes).toBeGreaterThanOrEqual(savedBytes + lines[lines.length - 1]!.length);
  });

  it('an install cites its outcome, not the wheels it built on the way', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    const lines = ['Processing ./dist/acme-tools-1.4.2.tar.gz', 'Requirement already satisfied: httpx>=0.27 in ./venv/lib/python3.11/site-packages (from acme-tools==1.4.2) (0.28.1)', 'Building wheels for collected packages: acme-tools', '  Created wheel for acme-tools: filename=acme_tools-1.4.2-py3-none-any.whl size=1203 sha256=974da89e', 'Successfully built acme-tools', 'Installing collected packages: acme-tools', 'Successfully installed acme-tools-1.4.2'];
    lines.forEach((text, i) => run.line('stdout', i + 1, text));
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    expect(cited(parts).map((c) => c[2])).toEqual(['result']);
  });

  it('cites the install step between `Installing collected packages:` and the outcome: what it replaced, the scripts it installed', () => {
    const lines = [
      'Processing ./wheels/ledger_core-1.1.0-py3-none-any.whl',
      'Installing collected packages: ledger-core',
      '  Attempting uninstall: ledger-core',
      '    Found existing installation: ledger-core 1.0.0',
      '    Uninstalling ledger-core-1.0.0:',
      '      Successfully uninstalled ledger-core-1.0.0',
      '  changing mode of /venv/bin/ledger to 755',
      'Successfully installed ledger-core-1.1.0',
    ];
    const parts = runPip(lines);
    expect(cited(parts)).toContainEqual([3, 7, 'install step']);
    expect(parts.warningBytes).toBeGreaterThan(lines.slice(2, 7).join('\n').length);
  });

  it('on success, cites warnings in a form pip does not know (a build backend\'s `WARNING …`), and counts two built files, not `and`', () => {
    const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
    run.line('stderr', 1, '* Getting build dependencies for sdist...');
    run.line('stderr', 2, 'WARNING `project.license` as a TOML table is deprecated');
    run.line('stdout', 1, 'Successfully built invoicer-0.7.1.tar.gz and invoicer-0.7.1-py3-none-any.whl');
    const parts = run.finish({ code: 0, signal: null, timedOut: false });
    expect(parts.citations.find((c) => c.kind === 'warning')).toMatchObject({ stream: 'stderr', from: 2 });
    expect(parts.summary[0]!.text).toBe('built 2 packages');
    expect(parts.warningBytes).toBeGreaterThan(0);
  });
});

function runPip(lines: string[]): PacketParts {
  const run = pipInstallReducer.start({ argv: [], errorPatterns: [], head: '' });
  lines.forEach((text, i) => run.line('stdout', i + 1, text));
  return run.finish({ code: 0, signal: null, timedOut: false });
}

describe('apt', () => {
  it('names the packages it could not find', () => {
    const parts = reduceFixture(aptReducer, 'apt/install-unknown-package');
    expect(parts.fields.notFound).toEqual(['reduce-nonexistent-pkg', 'libssl-dev-nope']);
    expect(parts.status).toBe('fail');
    const version = reduceFixture(aptReducer, 'apt/install-version-not-found');
    expect(version.fields.notFound).toEqual(['jq=1.5-1']);
  });

  it('success: the totals line', () => {
    const parts = reduceFixture(aptReducer, 'apt/install-success');
    expect(parts.fields).toMatchObject({ newlyInstalled: 4, upgraded: 2, toRemove: 0 });
  });
});

describe('cargo-deps', () => {
  it('cites the error with its Caused by chain and counts network retries', () => {
    const parts = reduceFixture(cargoDepsReducer, 'cargo/fetch-registry-unreachable');
    expect(cited(parts)[0]).toEqual([5, 14, 'error']);
    expect(parts.fields.warnings).toEqual({ 'network retry': 3 });
  });
});
