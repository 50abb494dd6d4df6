import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-packer-shown-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `git log --oneline` of 300 commits with subjects of varied length: more than an answer budget holds. */
function onelineLog(): string {
  const words = ['parser', 'render', 'budget', 'index', 'fixtures', 'docs', 'tests', 'detect', 'store', 'history'];
  return Array.from({ length: 300 }, (_, i) => {
    const hash = (0x1000000 + i * 7919).toString(16).slice(-7);
    const subject = Array.from({ length: 4 + (i % 9) }, (_, j) => words[(i + j * 3) % words.length]).join(' ');
    return `${hash} ${subject} (change ${i})`;
  }).join('\n') + '\n';
}

describe('packer: rows packed to fill the room are not shown twice', () => {
  it('an answer index and its edge rows show each commit once, so more distinct commits fit', () => {
    const result = reduceOutputSync({
      stdout: onelineLog(),
      argv: ['git', 'log', '--oneline'],
      command: 'git log --oneline',
      exit: { code: 0, signal: null },
      mode: 'wrap',
      outputsDir: path.join(work, 'out'),
      cwd: work,
    });
    const packet = result.packet!;
    const rows = packet.citations.flatMap((c) => c.excerpt).map((line) => /\(change (\d+)\)$/.exec(line)?.[1]).filter((n): n is string => n !== undefined);
    // The newest commit is cited on its own (the summary rests on it) and listed nowhere else.
    expect(rows.length - new Set(rows).size).toBe(0);
    expect(new Set(rows).size).toBeGreaterThan(60);
  });

  it('cuts long index entries, counting what is left out, so that more of them fit', () => {
    const long = Array.from({ length: 200 }, (_, i) => `${(0x2000000 + i * 104729).toString(16).slice(-7)} ${'subject words that run on and on, '.repeat(6)}(change ${i})`).join('\n') + '\n';
    const result = reduceOutputSync({ stdout: long, argv: ['git', 'log', '--oneline'], command: 'git log --oneline', exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: path.join(work, 'out2'), cwd: work });
    const index = result.packet!.citations.find((c) => c.index);
    expect(index).toBeDefined();
    expect(index!.excerpt.every((line) => line.length < 140)).toBe(true);
    expect(index!.excerpt[0]).toMatch(/ …\[\+\d+ chars\]$/);
  });
});


describe('packer: runs of lines that differ only in their numbers', () => {
  /** A worker's log: a start, a retry loop of one line with changing numbers, a login failure for another user, the crash. */
  function workerLog(): string {
    const lines = ['2026-11-25T06:00:00.000Z INFO  worker started (pid 4121)'];
    const names = ['ada', 'bo', 'cy', 'dee', 'eve', 'fay', 'gus'];
    for (let i = 0; i < 150; i++) lines.push(`2026-11-25T06:00:05.${String(i).padStart(3, '0')}Z INFO  processed order ${1000 + i} for ${names[i % 7]}`);
    for (let i = 0; i < 12; i++) lines.push(`2026-11-25T06:00:${String(10 + i).padStart(2, '0')}.100Z WARN  retrying partition 17 (attempt ${i + 1}, queue depth ${4800 + i * 512})`);
    lines.push("2026-11-25T06:00:30.100Z WARN  login failed for user 'billing'");
    lines.push("2026-11-25T06:00:31.100Z WARN  login failed for user 'alice'");
    lines.push("2026-11-25T06:00:32.100Z WARN  login failed for user 'billing'");
    lines.push('2026-11-25T06:00:34.991Z ERROR memory high-water mark reached: heap 251Mi of 256Mi limit', 'Killed');
    return lines.join('\n') + '\n';
  }

  it('show the first and last line of the run and count the rest as lines like them; lines that differ in a word stay', () => {
    const result = reduceOutputSync({ stdout: workerLog(), argv: ['kubectl', 'logs', 'worker-0'], exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: path.join(work, 'out3'), cwd: work, trustLane: 'internal' });
    const text = result.text;
    // The last lines (159-168) open inside the retry loop: attempts 8-12, folded to 8 … 12.
    expect(text).toContain('(attempt 8, queue depth 8384)');
    expect(text).toContain('(attempt 12, queue depth 10432)');
    expect(text).not.toContain('(attempt 10,');
    expect(text).toContain('┆ … 3 more like it, only numbers differ');
    expect(text).toContain("login failed for user 'alice'");
    expect(text.match(/login failed for user 'billing'/g)).toHaveLength(2);
    expect(text).toContain('Killed');
    const folded = result.packet!.citations.find((c) => c.repeats);
    expect(folded?.elided).toBe(3);
  });
});

describe('packer: a run of like lines cut short keeps both its ends', () => {
  it('shows the first and the last line of a run of like lines that does not fit, not its first lines only', () => {
    const names = ['auth', 'billing', 'cache', 'catalog', 'checkout', 'events', 'ledger', 'mail', 'queue', 'search', 'storage', 'tax'];
    const lines = names.map((name, i) => `Submodule path 'libs/${name}': checked out '${(0x51a0000 + i * 7919).toString(16)}${'0'.repeat(33)}'`);
    const registered = names.map((name) => `Submodule 'libs/${name}' (/srv/git/lib-${name}) registered for path 'libs/${name}'`);
    const cloned = names.map((name) => `Cloning into '/work/app/libs/${name}'...\ndone.`);
    const result = reduceOutputSync({
      stdout: lines.join('\n') + '\n',
      stderr: [...registered, ...cloned].join('\n') + '\n',
      argv: ['git', 'submodule', 'update', '--init'],
      command: 'git submodule update --init',
      exit: { code: 0, signal: null },
      mode: 'wrap',
      outputsDir: path.join(work, 'like-run'),
      cwd: work,
      maxBytes: 700,
    });
    const shown = result.packet!.citations.flatMap((c) => c.excerpt);
    expect(shown.some((line) => line.includes("'libs/auth'"))).toBe(true);
    expect(shown.some((line) => line.includes("'libs/tax'"))).toBe(true);
    expect(shown.filter((line) => line.startsWith('Submodule path')).length).toBeLessThan(names.length);
  });

  it('tells a run of like lines from lines that only start alike', async () => {
    const { isLikeRun } = await import('../../src/core/packer.js');
    expect(isLikeRun(["Submodule path 'libs/a': checked out 'f1009cce'", "Submodule path 'libs/b': checked out '3db846fa'", "Submodule path 'libs/c': checked out '65266111'"])).toBe(true);
    expect(isLikeRun(['TSFILE: /w/dist/index.js', 'TSFILE: /w/dist/lib/cart.js', 'TSFILE: /w/dist/lib/tax.d.ts'])).toBe(true);
    // A resource block: its header, its attributes and its closing brace are not one kind of line.
    expect(isLikeRun(['  # aws_instance.web will be updated in-place', '  ~ resource "aws_instance" "web" {', '      ~ instance_type = "t3.small" -> "t3.large"', '    }'])).toBe(false);
    expect(isLikeRun(['a 1', 'a 2'])).toBe(false);
  });
});

describe('packer: a long line cut to fit', () => {
  it('loses its column padding before its words (an eslint stylish row padded to the longest message of its file)', () => {
    // eslint 9 with unicorn, regexp and promise over 23 files (fixtures/eslint/plugins-flood-rare-findings, session 16):
    // the last file's one real finding is cut to its first line, which stylish pads to some 130 characters.
    const dir = path.resolve(__dirname, '../../fixtures/eslint/plugins-flood-rare-findings');
    const result = reduceOutputSync({
      stdout: fs.readFileSync(path.join(dir, 'stdout'), 'utf8'),
      argv: ['eslint', 'src'],
      command: 'eslint src',
      exit: { code: 1, signal: null },
      mode: 'wrap',
      outputsDir: path.join(work, 'out-padding'),
      cwd: work,
    });
    const webhooks = result.packet!.citations.find((c) => c.label?.includes('/src/webhooks/index.js'));
    expect(webhooks?.excerpt).toContain('  16:3  error  Expected catch() or return  promise/catch-or-return');
  });
});

describe('packer: the warnings of a successful verdict', () => {
  it('get their room on top of an outcome line that alone fills the success budget (pip install with PyPI unreachable)', () => {
    // fixtures/pip/install-pypi-unreachable-success (session 16): `Successfully installed` names ten packages
    // (some 190 bytes) and the retry and ignored-index warnings were counted but none was shown.
    const dir = path.resolve(__dirname, '../../fixtures/pip/install-pypi-unreachable-success');
    const run = (maxBytes?: number) =>
      reduceOutputSync({
        stdout: fs.readFileSync(path.join(dir, 'stdout'), 'utf8'),
        stderr: fs.readFileSync(path.join(dir, 'stderr'), 'utf8'),
        argv: ['pip', 'install', 'flask', 'sqlalchemy<2.1'],
        command: "pip install flask 'sqlalchemy<2.1'",
        exit: { code: 0, signal: null },
        mode: 'wrap',
        outputsDir: path.join(work, `out-warnings-${maxBytes ?? 'auto'}`),
        cwd: work,
        ...(maxBytes ? { maxBytes } : {}),
      }).packet!;
    const packet = run();
    expect(packet.status).toBe('ok');
    expect(packet.citations.some((c) => c.label?.startsWith('warning') && c.excerpt.some((l) => l.includes('WARNING: ')))).toBe(true);
    expect(packet.citations.filter((c) => c.label?.startsWith('warning')).length).toBeGreaterThan(0);
    expect(packet.stats.packetBytes).toBeLessThanOrEqual(2048);
    // An explicit budget still wins.
    expect(run(600).citations.some((c) => c.label?.startsWith('warning'))).toBe(false);
  });
});

describe('packer: what a packet leaves out is counted', () => {
  const input = (family: string, citations: Array<{ ref: string; stream: 'stdout'; from: number; to: number; label: string; priority: 'high' }>) => ({
    id: 'x',
    command: 'tool',
    family,
    reducer: `${family}@1.0.0`,
    intent: 'verdict' as const,
    exit: { code: 0, signal: null, timedOut: false },
    streams: { stdout: { bytes: 12_000, lines: 1004 }, stderr: { bytes: 0, lines: 0 } },
    trustLane: 'internal' as const,
    tainted: false,
    injection: { suspected: false },
    parts: { status: 'ok' as const, summary: [{ text: 'before stopping: 60 created', fields: ['completed'] }], fields: { completed: 60 }, citations, omitted: [], confidence: 0.9 },
    budget: 512,
    ceiling: 64 * 1024,
    detection: { source: 'content' as const, score: 0.9 },
    notes: [],
    readLines: (_stream: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`),
  });

  it('a packet with no excerpt at all counts every line it left out (it used to say nothing of 1,004 lines)', async () => {
    const { pack } = await import('../../src/core/packer.js');
    const packet = pack(input('terraform', []));
    expect(packet.citations).toHaveLength(0);
    expect(packet.omitted).toContainEqual({ what: 'lines not in any excerpt (of 1,004)', count: 1004 });
  });

  it('counts the lines outside the excerpts when there are some', async () => {
    const { pack } = await import('../../src/core/packer.js');
    const packet = pack(input('terraform', [{ ref: 'c1', stream: 'stdout', from: 1000, to: 1004, label: 'result', priority: 'high' }]));
    const shown = packet.citations.reduce((n, c) => n + c.excerpt.length, 0);
    expect(shown).toBeGreaterThan(0);
    expect(packet.omitted).toContainEqual({ what: 'lines not in any excerpt (of 1,004)', count: 1004 - shown });
  });
});
