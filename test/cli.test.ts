/**
 * The CLI as a user runs it: real subprocesses of the built `bin/reduce.js` around a fake tool.
 * Exit codes, signals, the store, inspect/list/gc, bad input.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const bin = path.join(root, 'bin/reduce.js');
const tool = path.join(root, 'test/tools/fake-tool.mjs');
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-cli-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function reduce(args: string[], options: { input?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv } = {}): SpawnSyncReturns<Buffer> {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? work,
    input: options.input ?? '',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    maxBuffer: 256 << 20,
    timeout: 120_000,
  });
}

function dir(name: string): string {
  const d = path.join(work, name);
  fs.mkdirSync(d, { recursive: true });
  return d;
}

function artifacts(cwd: string, suffix: string): string[] {
  const out = path.join(cwd, 'outputs');
  return fs.existsSync(out) ? fs.readdirSync(out).filter((f) => f.endsWith(suffix) && !f.startsWith('.')) : [];
}

function onlyId(cwd: string): string {
  const ids = artifacts(cwd, '.json').map((f) => f.slice(0, -5));
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

describe('wrap mode', () => {
  it('keeps the exit code and stores both streams byte for byte', () => {
    const cwd = dir('mixed');
    const r = reduce(['--', process.execPath, tool, 'mixed'], { cwd });
    expect(r.status).toBe(3);
    const id = onlyId(cwd);
    expect(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`), 'utf8')).toBe('\x1b[32mok\x1b[0m line 1\nline 2\nerror: it broke\n');
    expect(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stderr`), 'utf8')).toBe('warning: something\nfatal: giving up\n');
    expect(r.stdout.toString()).toContain('error: it broke');
    expect(r.stdout.toString()).not.toContain('\x1b[');
  });

  it('exits 127 with one line naming a command that does not exist, and stores nothing', () => {
    const cwd = dir('missing');
    const r = reduce(['--', 'no-such-command-xyz', 'arg'], { cwd });
    expect(r.status).toBe(127);
    expect(r.stderr.toString().trim().split('\n')).toEqual(['reduce: command not found: no-such-command-xyz']);
    expect(artifacts(cwd, '.stdout')).toEqual([]);
  });

  it('gives 128+N when a signal ends the child, and still writes the artifact', () => {
    const cwd = dir('killself');
    const r = reduce(['--', process.execPath, tool, 'kill-self', 'SIGTERM'], { cwd });
    expect(r.status).toBe(143);
    const id = onlyId(cwd);
    expect(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`), 'utf8')).toBe('about to die\n');
    const meta = JSON.parse(fs.readFileSync(path.join(cwd, 'outputs', `${id}.json`), 'utf8'));
    expect(meta.exit).toEqual({ code: null, signal: 'SIGTERM', timedOut: false });
  });

  it('forwards SIGINT to the child and writes the artifact and packet of what was captured', async () => {
    const cwd = dir('sigint');
    const child = spawn(process.execPath, [bin, '--', process.execPath, tool, 'hang'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    await waitFor(() => fs.existsSync(path.join(cwd, 'outputs')) && fs.readdirSync(path.join(cwd, 'outputs')).some((f) => f.startsWith('.partial') && fs.statSync(path.join(cwd, 'outputs', f)).size > 0));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stdout).toContain('got SIGINT');
    const id = onlyId(cwd);
    expect(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`), 'utf8')).toBe('started\ngot SIGINT\n');
  });

  it('--timeout stops a hung command with SIGTERM, then SIGKILL, and exits 124 with a packet', () => {
    const cwd = dir('timeout');
    const r = reduce(['--timeout', '1s', '--', process.execPath, tool, 'ignore-term'], { cwd });
    expect(r.status).toBe(124);
    expect(r.stdout.toString()).toContain('timed out');
    const id = onlyId(cwd);
    const meta = JSON.parse(fs.readFileSync(path.join(cwd, 'outputs', `${id}.json`), 'utf8'));
    expect(meta.exit.timedOut).toBe(true);
    expect(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`), 'utf8')).toContain('started\n');
  });

  it('passes stdin through to the child', () => {
    const cwd = dir('stdin-through');
    const r = reduce(['--', process.execPath, tool, 'echo-stdin'], { cwd, input: 'from the user\n' });
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toContain('from the user');
  });

  it('stores a 100 MB single line whole and prints a bounded packet', () => {
    const cwd = dir('flood');
    const size = 100 * 1024 * 1024;
    const r = reduce(['--', process.execPath, tool, 'flood', String(size)], { cwd });
    expect(r.status).toBe(0);
    const id = onlyId(cwd);
    expect(fs.statSync(path.join(cwd, 'outputs', `${id}.stdout`)).size).toBe(size);
    expect(r.stdout.length).toBeLessThan(64 * 1024);
    expect(r.stdout.toString()).toMatch(/…\[\+\d+ (bytes|chars)\]/);
  });

  it('stores binary output exactly and does not print it', () => {
    const cwd = dir('binary');
    const r = reduce(['--', process.execPath, tool, 'binary'], { cwd });
    expect(r.status).toBe(0);
    const id = onlyId(cwd);
    const stored = fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`));
    expect(stored.length).toBe(1024);
    expect(stored[0]).toBe(0);
    expect(stored[255]).toBe(255);
    expect(r.stdout.toString()).toContain('binary');
    expect(r.stdout.includes(0)).toBe(false);
  });

  it('handles empty output', () => {
    const cwd = dir('empty');
    const r = reduce(['--', process.execPath, tool, 'print', '', '0'], { cwd });
    expect(r.status).toBe(0);
    const id = onlyId(cwd);
    expect(fs.statSync(path.join(cwd, 'outputs', `${id}.stdout`)).size).toBe(0);
    expect(artifacts(cwd, '.stderr')).toEqual([]);
    // Nothing to show and nothing added: a success shown whole gets no trailer; the output is still stored.
    expect(r.stdout.toString()).toBe('');
  });

  it('gives 50 concurrent runs into one directory 50 unique ids and intact artifacts', async () => {
    const cwd = dir('concurrent');
    const runs = Array.from({ length: 50 }, (_, i) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [bin, '--', process.execPath, tool, 'print', `run ${i}\n`, String(i % 5)], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'ignore'] });
        child.on('close', resolve);
      }),
    );
    const codes = await Promise.all(runs);
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => i % 5));
    const ids = artifacts(cwd, '.json').map((f) => f.slice(0, -5));
    expect(new Set(ids).size).toBe(50);
    const contents = ids.map((id) => fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`), 'utf8')).sort();
    expect(contents).toEqual(Array.from({ length: 50 }, (_, i) => `run ${i}\n`).sort());
    expect(fs.readdirSync(path.join(cwd, 'outputs')).filter((f) => f.startsWith('.partial'))).toEqual([]);
  }, 120_000);

  it('creates outputs/ private (0700, files 0600) with a .gitignore of *', () => {
    const cwd = dir('perms');
    reduce(['--', process.execPath, tool, 'print', 'hi\n'], { cwd });
    const out = path.join(cwd, 'outputs');
    expect(fs.statSync(out).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(path.join(out, '.gitignore'), 'utf8')).toBe('*\n');
    for (const f of fs.readdirSync(out)) expect(fs.statSync(path.join(out, f)).mode & 0o777).toBe(0o600);
  });
});

describe('when the store cannot be written', () => {
  it('prints the raw output, warns once on stderr and keeps the exit code', () => {
    const cwd = dir('unwritable');
    fs.writeFileSync(path.join(cwd, 'blocker'), 'a file where a directory should be');
    const r = reduce(['--', process.execPath, tool, 'print', 'the output the user needs\n', '4'], { cwd, env: { REDUCE_OUTPUTS: path.join(cwd, 'blocker', 'outputs') } });
    expect(r.status).toBe(4);
    expect(r.stdout.toString()).toContain('the output the user needs');
    expect(r.stdout.toString()).toContain('not stored');
    expect(r.stderr.toString().trim().split('\n')).toHaveLength(1);
    expect(r.stderr.toString()).toMatch(/^reduce: could not store the output/);
  });

  it('in pipe mode passes the input through and exits 1', () => {
    const cwd = dir('unwritable-pipe');
    fs.writeFileSync(path.join(cwd, 'blocker'), '');
    const r = reduce([], { cwd, input: 'piped text\n', env: { REDUCE_OUTPUTS: path.join(cwd, 'blocker', 'x') } });
    expect(r.status).toBe(1);
    expect(r.stdout.toString()).toContain('piped text');
  });
});

describe('pipe mode', () => {
  it('reads stdin, exits 0 whatever --exit-code says, and records the command', () => {
    const cwd = dir('pipe');
    const r = reduce(['--command', 'make build', '--exit-code', '2'], { cwd, input: 'cc -c x.c\nx.c:1:1: error: expected identifier\n' });
    expect(r.status).toBe(0);
    const meta = JSON.parse(fs.readFileSync(path.join(cwd, 'outputs', `${onlyId(cwd)}.json`), 'utf8'));
    expect(meta.command).toBe('make build');
    expect(meta.exit.code).toBe(2);
    expect(meta.mode).toBe('pipe');
  });

  it('--json prints one JSON packet', () => {
    const cwd = dir('pipe-json');
    const r = reduce(['--json'], { cwd, input: 'hello\n' });
    const packet = JSON.parse(r.stdout.toString());
    expect(packet.schema).toBe('reduce.packet/1');
    expect(packet.id).toBe(onlyId(cwd));
  });

  it('gives the same packet for the same input, but for the line naming the id', () => {
    const cwd = dir('determinism');
    const input = Array.from({ length: 500 }, (_, i) => (i % 97 === 0 ? `ERROR request ${i} failed: timeout` : `INFO request ${i} ok in ${i % 13}ms`)).join('\n');
    const a = reduce(['--command', 'app logs'], { cwd, input }).stdout.toString().split('\n');
    const b = reduce(['--command', 'app logs'], { cwd, input }).stdout.toString().split('\n');
    const differing = a.filter((line, i) => line !== b[i]);
    expect(differing.length).toBe(1);
    expect(differing[0]).toMatch(/reduce inspect \d{8}-\d{6}/);
  });
});

describe('inspect, list, gc', () => {
  let cwd: string;
  let id: string;
  beforeAll(() => {
    cwd = dir('inspect');
    reduce(['--', process.execPath, tool, 'lines', '300'], { cwd });
    id = onlyId(cwd);
  });

  it('shows metadata and packet', () => {
    const r = reduce(['inspect', id], { cwd });
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toMatch(/artifact: .*\.stdout \(2,\d{3} B, 300 lines/);
    expect(r.stdout.toString()).toContain('── packet ──');
  });

  it('--lines A:B prints numbered lines, and takes last and a prefix', () => {
    expect(reduce(['inspect', 'last', '--lines', '88:90'], { cwd }).stdout.toString()).toBe('88│ line 88\n89│ line 89\n90│ line 90\n');
    expect(reduce(['inspect', id.slice(0, 20), '--lines', '300'], { cwd }).stdout.toString()).toBe('300│ line 300\n');
  });

  it('--grep with context', () => {
    const out = reduce(['inspect', id, '--grep', '^line 15\\d$', '-C', '1'], { cwd }).stdout.toString();
    expect(out.split('\n')[0]).toBe('149│ line 149');
    expect(out).toContain('150: line 150');
  });

  it('--raw gives the exact bytes', () => {
    const raw = reduce(['inspect', id, '--raw'], { cwd }).stdout;
    expect(raw.equals(fs.readFileSync(path.join(cwd, 'outputs', `${id}.stdout`)))).toBe(true);
  });

  it('--json gives metadata with the packet', () => {
    const meta = JSON.parse(reduce(['inspect', id, '--json'], { cwd }).stdout.toString());
    expect(meta.id).toBe(id);
    expect(meta.streams.stdout.lines).toBe(300);
    expect(meta.packet.schema).toBe('reduce.packet/1');
  });

  it('--pointer reads a JSON value', () => {
    const jcwd = dir('pointer');
    reduce(['--command', 'api'], { cwd: jcwd, input: '{"items":[{"name":"a"},{"name":"b/c"}]}' });
    expect(JSON.parse(reduce(['inspect', 'last', '--pointer', '/items/1/name'], { cwd: jcwd }).stdout.toString())).toBe('b/c');
    const missing = reduce(['inspect', 'last', '--pointer', '/items/9'], { cwd: jcwd });
    expect(missing.status).toBe(2);
  });

  it('refuses unknown ids and ids with path characters with exit 2 and one line', () => {
    for (const bad of ['nope', '../etc/passwd', 'a/b', '..']) {
      const r = reduce(['inspect', bad], { cwd });
      expect(r.status).toBe(2);
      expect(r.stderr.toString().trim().split('\n')).toHaveLength(1);
    }
  });

  it('list shows the artifact', () => {
    const out = reduce(['list'], { cwd }).stdout.toString();
    expect(out).toContain(id);
    expect(out).toMatch(/ID\s+EXIT\s+BYTES IN -> OUT/);
  });

  it('gc --dry-run removes nothing; gc --older-than removes', () => {
    const dry = reduce(['gc', '--older-than', '1s', '--dry-run'], { cwd: dir('gc-copy') });
    expect(dry.status).toBe(0);
    const gcwd = dir('gc');
    reduce(['--', process.execPath, tool, 'print', 'x\n'], { cwd: gcwd });
    const gid = onlyId(gcwd);
    spawnSync('sleep', ['1.1']);
    expect(reduce(['gc', '--older-than', '1s', '--dry-run'], { cwd: gcwd }).stdout.toString()).toContain(`would remove ${gid}`);
    expect(artifacts(gcwd, '.json')).toHaveLength(1);
    expect(reduce(['gc', '--older-than', '1s'], { cwd: gcwd }).stdout.toString()).toContain(`removed ${gid}`);
    expect(artifacts(gcwd, '.json')).toHaveLength(0);
    expect(artifacts(gcwd, '.stdout')).toHaveLength(0);
  });
});

describe('bad input', () => {
  it('an unknown flag is one line and exit 2', () => {
    const r = reduce(['--no-such-flag']);
    expect(r.status).toBe(2);
    expect(r.stderr.toString()).toMatch(/^reduce: unknown option '--no-such-flag'/);
  });

  it('a bad budget, size, timeout or family is exit 2', () => {
    expect(reduce(['--budget', 'huge'], { input: 'x' }).status).toBe(2);
    expect(reduce(['--max-bytes', 'lots'], { input: 'x' }).status).toBe(2);
    expect(reduce(['--timeout', 'soon', '--', 'true']).status).toBe(2);
    const fam = reduce(['--family', 'nonesuch'], { input: 'x' });
    expect(fam.status).toBe(2);
    expect(fam.stderr.toString()).toContain("unknown family 'nonesuch'");
  });

  it('a bad config named by --config names the file and the key, exit 2', () => {
    const cwd = dir('badconfig');
    fs.writeFileSync(path.join(cwd, '.reducerrc.json'), JSON.stringify({ budgets: { success: 'big' } }));
    const r = reduce(['--config', '.reducerrc.json', '--', 'true'], { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr.toString()).toMatch(/bad config .*\.reducerrc\.json: key 'budgets\.success'/);
  });

  it('a config named by --config that does not parse is exit 2 naming the file', () => {
    const cwd = dir('brokenconfig');
    fs.writeFileSync(path.join(cwd, '.reducerrc.yaml'), 'budget: [unclosed');
    const r = reduce(['--config', '.reducerrc.yaml', '--', 'true'], { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr.toString()).toContain('.reducerrc.yaml');
  });

  it('a good config moves the outputs directory and adds error patterns', () => {
    const cwd = dir('goodconfig');
    fs.writeFileSync(path.join(cwd, '.reducerrc.yaml'), 'outputs: ./art\nerrorPatterns: ["BOOM-\\\\d+"]\n');
    const r = reduce(['--json', '--intent', 'verdict'], { cwd, input: Array.from({ length: 2000 }, (_, i) => (i === 1200 ? 'all quiet BOOM-7 here' : `step ${i}`)).join('\n') });
    expect(r.status).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'art'))).toBe(true);
    const packet = JSON.parse(r.stdout.toString());
    expect(packet.fields.errorLines).toBe(1);
  });

  it('a family from the config claims its command and uses its error patterns', () => {
    const cwd = dir('userfamily');
    fs.writeFileSync(path.join(cwd, '.reducerrc.json'), JSON.stringify({ families: [{ name: 'deployer', argv: 'fake-tool\\.mjs lines', errorPatterns: ['^line 7$'] }] }));
    const r = reduce(['--json', '--', process.execPath, tool, 'lines', '400'], { cwd });
    const packet = JSON.parse(r.stdout.toString());
    expect(packet.family).toBe('deployer');
    expect(packet.reducer).toMatch(/^deployer@/);
    expect(packet.fields.errorLines).toBe(1);
    expect(packet.citations.some((c: { lines?: number[] }) => (c.lines?.[0] ?? Infinity) <= 7 && (c.lines?.[1] ?? 0) >= 7)).toBe(true);
  });

  it('--help and --version exit 0', () => {
    expect(reduce(['--help']).stdout.toString()).toContain('Examples:');
    expect(reduce(['--version']).stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const sub of [['inspect'], ['list'], ['gc'], ['history', 'prune'], ['history', 'stats']]) expect(reduce([...sub, '--help']).stdout.toString()).toContain('Examples');
  });
});

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
