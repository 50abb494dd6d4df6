/**
 * Start-up: what `reduce` loads for the commands an agent runs all day. Behaviour, not timing (the
 * numbers are in docs/benchmarks.md): the CLI runs under a module hook that records every file it
 * loads, and the test reads which libraries those files belong to.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hotCommand, tokensOf } from '../src/commands/fast-args.js';
import { INSPECT, RUN_OPTIONS } from '../src/commands/flag-specs.js';
import { addOptions, specCommand } from '../src/commands/spec-command.js';
import { reduceOutputSync } from '../src/api.js';
import { byName } from '../src/core/detect.js';
import { randomHex } from '../src/store/node-crypto.js';

const root = path.resolve(__dirname, '..');

/**
 * The libraries a hot path must not load, known by the files they load from. The CLI runs from dist/
 * (tsc's output, one file per module) so that the module graph itself shows, whatever the bundle
 * folds together.
 */
const HEAVY: Record<string, RegExp> = {
  commander: /node_modules\/commander\//,
  cosmiconfig: /node_modules\/cosmiconfig\//,
  zod: /node_modules\/zod\//,
  'js-yaml': /node_modules\/js-yaml\//,
  tokenizer: /node_modules\/gpt-tokenizer\//,
  chalk: /node_modules\/chalk\//,
  'MCP SDK': /node_modules\/@modelcontextprotocol\//,
  'web-tree-sitter': /node_modules\/(web-tree-sitter|tree-sitter-bash)\//,
};
const entry = path.join(root, 'dist/cli.js');

function loadsOf(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): { status: number | null; libraries: string[]; files: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-startup-'));
  const record = path.join(dir, 'loads.txt');
  fs.writeFileSync(record, '');
  const r = spawnSync(process.execPath, ['--import', path.join(root, 'test/tools/record-loads.mjs'), entry, ...args], {
    cwd: options.cwd ?? dir,
    input: options.input ?? '',
    env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs'), RECORD_LOADS: record, ...options.env },
  });
  const urls = fs.readFileSync(record, 'utf8').split('\n').filter(Boolean);
  const files = urls.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
  const libraries = Object.entries(HEAVY)
    .filter(([, marker]) => files.some((f) => marker.test(f)))
    .map(([name]) => name);
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status, libraries, files };
}

describe('start-up', () => {
  it('the recorder sees the heavy libraries when a command does load them', () => {
    // --help takes the whole program (commander); history its tokenizer.
    expect(loadsOf(['--help']).libraries).toContain('commander');
    expect(loadsOf(['history', 'measure', '--help']).libraries).toEqual(expect.arrayContaining(['commander']));
  });

  it('reduce -- cmd loads no commander, cosmiconfig, zod, YAML, tokenizer, chalk, MCP SDK or shell parser', () => {
    const run = loadsOf(['--', process.execPath, '-e', '0']);
    expect(run.status).toBe(0);
    expect(run.files).toContain(path.join(root, 'dist/commands/run.js'));
    expect(run.libraries).toEqual([]);
    const flagged = loadsOf(['--budget', 'concise', '--json', '--', process.execPath, '-e', '0']);
    expect(flagged.status).toBe(0);
    expect(flagged.libraries).toEqual([]);
  });

  it('pipe mode and inspect load none of them either', () => {
    expect(loadsOf(['--command', 'make'], { input: 'built\n' }).libraries).toEqual([]);
    expect(loadsOf(['inspect', 'last']).libraries).toEqual([]);
  });

  it('reduce hook claude pre loads the shell parser only when the permission rules allow a rewrite', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-startup-hook-'));
    const payload = (command: string): string => JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: dir });
    const env = { CLAUDE_CONFIG_DIR: path.join(dir, 'claude') };
    expect(loadsOf(['hook', 'claude', 'pre'], { input: payload('kubectl logs api'), env }).libraries).toEqual([]);
    fs.mkdirSync(env.CLAUDE_CONFIG_DIR);
    fs.writeFileSync(path.join(env.CLAUDE_CONFIG_DIR, 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(kubectl logs:*)'] } }));
    expect(loadsOf(['hook', 'claude', 'pre'], { input: payload('kubectl logs api'), env }).libraries).toContain('web-tree-sitter');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The bodies the registry imports only when detection chooses them (dist/reducers/<family>/<name>.js).
  const bodies = [...fs.readFileSync(path.join(root, 'src/reducers/registry.ts'), 'utf8').matchAll(/import\('\.\/(.+?)\.js'\)/g)].map((m) => m[1]!);
  const bodiesLoaded = (files: string[]): string[] => bodies.filter((b) => files.includes(path.join(root, 'dist/reducers', `${b}.js`))).sort();

  it('a run evaluates the body of the reducer it chooses and no other (but the text reducer, every run\'s fallback)', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const run = loadsOf(['--', process.execPath, '-e', '0']);
    expect(run.status).toBe(0);
    expect(bodiesLoaded(run.files)).toEqual(['generic/text']);
    const status = loadsOf(['--command', 'git status'], { input: 'On branch main\nChanges not staged for commit:\n\tmodified:   src/a.ts\n' });
    expect(status.status).toBe(0);
    expect(bodiesLoaded(status.files)).toEqual(['generic/text', 'git/git-status']);
    // Chosen by content after the first 8 KiB, while the rest of the output streams in.
    const tsc = loadsOf(['--', process.execPath, '-e', tscErrors]);
    expect(bodiesLoaded(tsc.files)).toEqual(['compilers/tsc', 'generic/text']);
  });

  it('a config file found by the search loads cosmiconfig and zod', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-startup-config-'));
    fs.writeFileSync(path.join(dir, '.reducerrc.yaml'), 'budget: concise\n');
    const r = loadsOf(['--', process.execPath, '-e', '0'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.libraries).toEqual(expect.arrayContaining(['cosmiconfig', 'zod']));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/** What commander makes of argv, as the full program defines a run and inspect; null when it refuses. */
function commanderParse(args: string[]): { kind: string; command?: string[]; query?: string; flags: Record<string, unknown> } | null {
  let seen: { kind: string; command?: string[]; query?: string; flags: Record<string, unknown> } | null = null;
  const program = new Command('reduce').argument('[command...]').enablePositionalOptions().passThroughOptions().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  addOptions(program, RUN_OPTIONS).action((command: string[], flags: Record<string, unknown>) => void (seen = { kind: 'run', command, flags: { ...flags } }));
  program.addCommand(specCommand(INSPECT).exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} }).action((query: string, flags: Record<string, unknown>) => void (seen = { kind: 'inspect', query, flags: { ...flags } })));
  try {
    program.parse(args, { from: 'user' });
  } catch {
    return null;
  }
  return seen;
}

/** A script that prints 2,000 tsc errors (150 KB): its reducer is chosen by content once 8 KiB have arrived. */
const tscErrors = 'for (let i = 0; i < 2000; i++) console.log(`src/a${i % 50}.ts(${i + 1},7): error TS2322: Type string is not assignable to type number.`)';

/** Node's own modules a run of the bundled CLI (bin/reduce.js) loaded, by process.moduleLoadList, and the artifacts it stored. */
function builtinsOf(args: string[], options: { stdin?: 'ignore' | 'pipe'; first?: string[] } = {}): { status: number | null; builtins: string[]; metas: Array<{ streams: Record<string, { bytes: number; sha256: string }> }> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-builtins-'));
  const record = path.join(dir, 'builtins.txt');
  const hook = path.join(dir, 'hook.cjs');
  fs.writeFileSync(hook, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(record)}, process.moduleLoadList.join('\\n')));`);
  const env = { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs') };
  if (options.first) spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), ...options.first], { cwd: dir, stdio: 'ignore', env });
  const r = spawnSync(process.execPath, ['-r', hook, path.join(root, 'bin/reduce.js'), ...args], { cwd: dir, stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'], env });
  const builtins = fs.readFileSync(record, 'utf8').split('\n').filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  const outputs = path.join(dir, 'outputs');
  const metas = fs.existsSync(outputs) ? fs.readdirSync(outputs).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(outputs, f), 'utf8'))) : [];
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status, builtins, metas };
}

describe("Node's own modules", () => {
  const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

  it('a run whose command prints nothing loads no node:crypto, and records the empty input\'s sha256', () => {
    const r = builtinsOf(['--', 'true']);
    expect(r.status).toBe(0);
    expect(r.builtins.filter((m) => /crypto/.test(m))).toEqual([]);
    expect(r.metas).toHaveLength(1);
    expect(r.metas[0]!.streams.stdout).toMatchObject({ bytes: 0, sha256: sha256('') });
  });

  it("a run does not build process.stdin (execa's list of the standard streams is read at its first use)", () => {
    // stdin from /dev/null: building process.stdin makes a file read stream (fs streams, readline, watchers).
    const r = builtinsOf(['--', 'true']);
    expect(r.status).toBe(0);
    expect(r.builtins).not.toContain('internal/fs/streams');
    expect(r.builtins).not.toContain('internal/readline/interface');
  });

  it('random names come from /dev/urandom, as hex of the length asked', () => {
    const drawn = Array.from({ length: 50 }, (_, i) => randomHex(1 + (i % 7)));
    drawn.forEach((hex, i) => expect(hex).toMatch(new RegExp(`^[0-9a-f]{${2 * (1 + (i % 7))}}$`)));
    expect(new Set(drawn.filter((h) => h.length === 12)).size).toBe(drawn.filter((h) => h.length === 12).length);
  });

  it('neither a small run nor inspect loads node:v8 (only a run past 64 KiB of output watches its young generation)', () => {
    expect(builtinsOf(['--', 'true']).builtins).not.toContain('v8');
    expect(builtinsOf(['--', process.execPath, '-e', 'for (let i = 0; i < 3000; i++) console.log("line " + i + " of a long enough output")']).builtins).toContain('v8');
    const inspect = builtinsOf(['inspect', 'last'], { first: ['--', process.execPath, '-e', 'console.log("hello")'] });
    expect(inspect.status).toBe(0);
    expect(inspect.builtins).not.toContain('v8');
  });

  it('inspect makes no process.stdout: it writes to fd 1 and loads no stream module, and prints what the stream printed', () => {
    const inspect = builtinsOf(['inspect', 'last'], { first: ['--', process.execPath, '-e', 'console.log("hello")'] });
    expect(inspect.status).toBe(0);
    expect(inspect.builtins).not.toContain('stream');
    expect(inspect.builtins).not.toContain('internal/fs/sync_write_stream');
    // Through a pipe, a file and /dev/null, the same bytes as when the stream writes them (--raw writes through it).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-fd1-'));
    const env = { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs') };
    const cli = path.join(root, 'bin/reduce.js');
    spawnSync(process.execPath, [cli, '--', process.execPath, '-e', 'for (let i = 0; i < 5000; i++) console.log("row " + i)'], { cwd: dir, stdio: 'ignore', env });
    const piped = spawnSync(process.execPath, [cli, 'inspect', 'last', '--lines', '1:5000'], { cwd: dir, env, maxBuffer: 1 << 24 });
    expect(piped.status).toBe(0);
    expect(piped.stdout.toString().split('\n').filter((l) => /row \d+$/.test(l))).toHaveLength(5000);
    const file = path.join(dir, 'out.txt');
    const fd = fs.openSync(file, 'w');
    expect(spawnSync(process.execPath, [cli, 'inspect', 'last', '--lines', '1:5000'], { cwd: dir, env, stdio: ['ignore', fd, 'pipe'] }).status).toBe(0);
    fs.closeSync(fd);
    expect(fs.readFileSync(file)).toEqual(piped.stdout);
    expect(spawnSync(process.execPath, [cli, 'inspect', 'last'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] }).status).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a command that prints loads it to hash what it printed', () => {
    const r = builtinsOf(['--', process.execPath, '-e', 'console.log("hello")']);
    expect(r.status).toBe(0);
    expect(r.builtins).toContain('crypto');
    expect(r.metas[0]!.streams.stdout).toMatchObject({ bytes: 6, sha256: sha256('hello\n') });
  });
});

/** The names of the bundle's functions that ran in a run of bin/reduce.js, from V8's coverage (NODE_V8_COVERAGE). */
function functionsRun(args: string[]): Set<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-coverage-'));
  const r = spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs'), NODE_V8_COVERAGE: path.join(dir, 'coverage') } });
  expect(r.status).toBe(0);
  const ran = new Set<string>();
  for (const file of fs.readdirSync(path.join(dir, 'coverage'))) {
    const { result } = JSON.parse(fs.readFileSync(path.join(dir, 'coverage', file), 'utf8')) as { result: Array<{ url: string; functions: Array<{ functionName: string; ranges: Array<{ count: number }> }> }> };
    for (const script of result.filter((s) => s.url.endsWith('/dist/bundle/hot.cjs'))) for (const f of script.functions) if (f.ranges[0]!.count > 0) ran.add(f.functionName);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return ran;
}

describe('what a run builds', () => {
  it('a command that prints nothing builds no injection rule table (a printed line does, to scan it)', () => {
    const ran = functionsRun(['--', 'true']);
    expect(ran.has('runReduce')).toBe(true);
    expect(ran.has('buildInjectionRules')).toBe(false);
    expect(functionsRun(['--', process.execPath, '-e', 'console.log("hello")']).has('buildInjectionRules')).toBe(true);
  });
});

describe('the hot bundle', () => {
  it('runs with a code cache this Node accepts, and gives the packet the modules give', () => {
    for (const name of ['hot.cjs', 'inspect.cjs']) {
      const bundle = path.join(root, 'dist/bundle', name);
      const check = spawnSync(process.execPath, ['--input-type=module', '-e', `import { requireWithCodeCache } from ${JSON.stringify(path.join(root, 'dist/code-cache.js'))}; console.log(requireWithCodeCache(${JSON.stringify(bundle)}).script.cachedDataRejected);`]);
      expect(check.stdout.toString().trim(), name).toBe('false');
    }
    // The entry's own cache, as bin/reduce.js loads it.
    const cli = path.join(root, 'dist/bundle/cli.cjs');
    const accepted = spawnSync(process.execPath, ['-e', `const fs = require('fs'); const s = new (require('vm').Script)(require('module').wrap(fs.readFileSync(${JSON.stringify(cli)}, 'utf8')), { filename: ${JSON.stringify(cli)}, cachedData: fs.readFileSync(${JSON.stringify(cli + '.cache')}) }); console.log(s.cachedDataRejected);`]);
    expect(accepted.stdout.toString().trim(), 'cli.cjs').toBe('false');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-startup-hot-'));
    const packet = (script: string): string => {
      const r = spawnSync(process.execPath, [script, '--json', '--', process.execPath, '-e', 'for (let i = 0; i < 300; i++) console.log(i % 7 ? "GET /health 200" : "ERROR db timeout " + i)'], { cwd: dir, env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs') } });
      expect(r.status).toBe(0);
      return r.stdout.toString().replace(/\d{8}-\d{6}-[a-z0-9-]+?-[0-9a-f]{6}/g, 'ID');
    };
    expect(packet(path.join(root, 'bin/reduce.js'))).toBe(packet(entry));
    // inspect runs from a bundle of its own (inspect.cjs), and reads the artifact as the modules do.
    const inspect = (script: string, args: string[]): string => {
      const r = spawnSync(process.execPath, [script, 'inspect', 'last', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs') } });
      expect(r.status).toBe(0);
      return r.stdout.toString();
    };
    for (const args of [[], ['--lines', '5:12'], ['--grep', 'ERROR', '-C', '1'], ['--json']]) expect(inspect(path.join(root, 'bin/reduce.js'), args), args.join(' ')).toBe(inspect(entry, args));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a body loaded while the output streams gives the packet of the library, which loads every body first', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-startup-lazy-'));
    const stdout = spawnSync(process.execPath, ['-e', tscErrors]).stdout.toString();
    const env = { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(dir, 'outputs') };
    const id = (text: string): string => text.replace(/\d{8}-\d{6}-[a-z0-9-]+?-[0-9a-f]{6}/g, 'ID');
    const piped = spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), '--command', 'tsc'], { cwd: dir, env, input: stdout });
    expect(piped.status).toBe(0);
    const library = reduceOutputSync({ stdout, command: 'tsc', argv: ['tsc'], mode: 'pipe', outputsDir: path.join(dir, 'library'), cwd: dir });
    expect(library.packet?.reducer).toBe('tsc@1.1.1');
    expect(id(piped.stdout.toString())).toBe(id(library.text));
    // Wrapped, the child's pipe is paused while the body loads: every line still arrives.
    const wrapped = spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), '--json', '--', process.execPath, '-e', tscErrors], { cwd: dir, env });
    const packet = JSON.parse(wrapped.stdout.toString()) as { reducer: string; stats: { stdout: { lines: number } }; fields: { errors: number } };
    expect([packet.reducer, packet.stats.stdout.lines, packet.fields.errors]).toEqual(['tsc@1.1.1', 2000, 2000]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the start-up parser', () => {
  const word = fc.constantFrom('--json', '-b', '--budget', 'concise', 'huge', '--budget=full', '-bverbose', '--intent', 'answer', '--max-bytes', '8k', '--trust-lane', 'internal', '-f', 'kubectl', '--family=git', '--command', 'make', '--exit-code', '2', '-t', '30s', '--config', 'c.json', '--outputs', 'o', '--lines', '1:5', '--grep', 'x', '-C', '3', '--raw', '--stderr', '--unredacted', '--pointer', '/a', 'last', 'ls', '-la', '--', '-', '--help', '-V', '--nope', 'inspect');
  it('reads argv as commander does, or leaves it to commander', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.boolean(), (words, asInspect) => {
        const args = asInspect ? ['inspect', ...words] : words;
        const hot = hotCommand(args);
        // After --, commander would run a subcommand of that name; a run wraps it (below).
        if (hot === null || (hot.kind === 'run' && hot.command[0] === 'inspect')) return;
        const full = commanderParse(args);
        expect(full, args.join(' ')).not.toBeNull();
        if (hot.kind === 'run') expect({ kind: 'run', command: hot.command, flags: hot.flags }).toEqual(full);
        if (hot.kind === 'inspect') expect({ kind: 'inspect', query: hot.query, flags: hot.flags }).toEqual(full);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads argv without options as parseArgs does, without loading it', () => {
    const plain = fc.array(fc.string({ maxLength: 6 }).filter((w) => !w.startsWith('-')), { maxLength: 4 });
    const options = { json: { type: 'boolean' as const }, budget: { type: 'string' as const, short: 'b' } };
    fc.assert(
      fc.property(plain, fc.boolean(), (args, allowPositionals) => {
        let expected: unknown = null;
        try {
          const r = parseArgs({ args, options, strict: true, allowPositionals, tokens: true });
          expected = { values: { ...r.values }, positionals: r.positionals, tokens: r.tokens.filter((t) => t.kind === 'option') };
        } catch {
          expected = null;
        }
        const got = tokensOf(args, options, allowPositionals);
        expect(got && { values: { ...got.values }, positionals: got.positionals, tokens: got.tokens }).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    const loaded = builtinsOf(['--', 'true']).builtins;
    expect(loaded.filter((m) => m.includes('parse_args'))).toEqual([]);
  });

  it('takes the common argv of the hot paths', () => {
    expect(hotCommand(['--', 'kubectl', 'logs', '-f', 'x'])).toEqual({ kind: 'run', command: ['kubectl', 'logs', '-f', 'x'], flags: {} });
    expect(hotCommand(['--budget', 'verbose', '--json', '--', 'npm', 'test'])).toEqual({ kind: 'run', command: ['npm', 'test'], flags: { budget: 'verbose', json: true } });
    expect(hotCommand(['--command', 'terraform plan', '--exit-code', '2'])).toEqual({ kind: 'run', command: [], flags: { command: 'terraform plan', exitCode: '2' } });
    expect(hotCommand(['inspect', 'last', '--lines', '88:121'])).toEqual({ kind: 'inspect', query: 'last', flags: { lines: '88:121', context: '0' } });
    expect(hotCommand(['hook', 'claude', 'pre'])).toEqual({ kind: 'hook', host: 'claude', event: 'pre' });
    // A program named like a subcommand is still the command to wrap.
    expect(hotCommand(['--', 'list', '-l'])).toEqual({ kind: 'run', command: ['list', '-l'], flags: {} });
    for (const other of [['--help'], ['-V'], ['list'], ['hook', 'claude', 'nope'], ['--budget', 'huge', '--', 'ls'], ['ls', '-la'], ['--']]) expect(hotCommand(other), other.join(' ')).toBeNull();
  });
});

describe('reducer order', () => {
  it('byName is the order of localeCompare for names of lower-case letters, digits and dashes', () => {
    const name = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/);
    fc.assert(fc.property(name, name, (a, b) => Math.sign(byName(a, b)) === Math.sign(a.localeCompare(b))), { numRuns: 5000 });
  });
});
