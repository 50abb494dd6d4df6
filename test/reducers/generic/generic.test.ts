/**
 * The generic reducers (text, json) and the pieces they are built from: error windows, outcome
 * tallies, section headers, red-marked lines, NDJSON records, JSON indexes and the answer budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { LineSplitter } from '../../../src/core/line-splitter.js';
import { defaultConfig, type BudgetName } from '../../../src/config.js';
import { budgetFor } from '../../../src/core/budget.js';

const ANSWER_CAP = 2 * 1024;
import { clip } from '../../../src/core/format.js';
import { marksOf } from '../../../src/core/lines.js';
import type { LineCitation, LineMarks } from '../../../src/core/types.js';
import { errorStrength, isOutcomeLine } from '../../../src/reducers/generic/classify.js';
import { CallSiteTrail } from '../../../src/reducers/generic/call-site.js';
import { ErrorWindowFinder } from '../../../src/reducers/generic/error-windows.js';
import { NdjsonRecords } from '../../../src/reducers/generic/ndjson-records.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-generic-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function reduce(stdout: string | Buffer, options: { family: 'text' | 'json' | 'list'; exit?: number | null; budget?: BudgetName; maxBytes?: number; intent?: 'answer' | 'verdict' }) {
  const result = reduceOutputSync({
    stdout,
    argv: [],
    command: '',
    family: options.family,
    exit: { code: options.exit === undefined ? 0 : options.exit, signal: null },
    mode: 'pipe',
    outputsDir: path.join(work, String(Math.random()).slice(2)),
    cwd: work,
    budget: options.budget ?? 'auto',
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.intent ? { intent: options.intent } : {}),
  });
  return { text: result.text, packet: result.packet!, parts: result.parts! };
}

function windowsOf(lines: string[]): ReturnType<ErrorWindowFinder['finish']> {
  const finder = new ErrorWindowFinder();
  lines.forEach((line, i) => finder.line('stdout', i + 1, line));
  return finder.finish({ stdout: lines.length, stderr: 0 });
}

describe('clip', () => {
  it('leaves a string whole when the cut would hide no more than its marker', () => {
    const title = '[WIP] In hive command  option should be passed down to solve.mjs';
    expect(clip(title, title.length - 4)).toBe(title);
  });

  it('cuts a long string head … tail and counts what it hid', () => {
    const long = 'a'.repeat(150) + 'END';
    const cut = clip(long, 60);
    expect(cut).toMatch(/^a{42}…\[\+93 chars\]…a{15}END$/);
  });
});

describe('error windows', () => {
  it('does not let a mention of an error word swallow the indented block around it', () => {
    const plan = ['  + resource "aws_cloudwatch_metric_alarm" "api_4xx" {', '      + alarm_description = "API Gateway 4xx errors too high"'];
    for (let i = 0; i < 30; i++) plan.push(`      + attribute_${i} = "value ${i}"`);
    const [window] = windowsOf(plan);
    expect(window!.strength).toBe(1);
    // Context after the mention, but not the 30 indented attributes.
    expect(window!.to).toBeLessThanOrEqual(2 + 3);
  });

  it('still follows stack frames under a mention', () => {
    const java = ['Exception in thread "main" java.lang.IllegalStateException: boom', '\tat com.acme.Main.run(Main.java:10)', '\tat com.acme.Main.main(Main.java:4)', '\tat java.base/java.lang.Thread.run(Thread.java:833)', '\tat x.y(Z.java:1)', '\tat x.y(Z.java:2)', 'next'];
    const [window] = windowsOf(java);
    expect(window!.to).toBeGreaterThanOrEqual(6);
  });

  it("keeps a severity-led error's indented detail a few blank lines down", () => {
    const lines = ['Plan: 45 to add, 0 to change, 0 to destroy.', '', 'Error: 1 error occurred:', '\t* all attributes must be indexed. Unused attributes: ["api_key"]', '', '', '', '  with module.database.aws_dynamodb_table.tables["api_data"],', '  on modules/database/main.tf line 1, in resource "aws_dynamodb_table" "tables":', '   1: resource "aws_dynamodb_table" "tables" {', 'unrelated'];
    const [window] = windowsOf(lines);
    expect(window!.from).toBeLessThanOrEqual(3);
    expect(window!.to).toBeGreaterThanOrEqual(10);
  });

  it("leaves the next diagnostic's located header to the next error, past the blank line that bridged to it", () => {
    // biome: `file:line:col rule ━━━`, blank, `× message`, indented frame, blank, the next header.
    const lines = ['src/a.ts:9:11 lint/suspicious/noDoubleEquals ━━━━', '', '  × Using == may be unsafe.', '', '    > 9 │ if (sum == NaN) return 0;', '', 'src/a.ts:9:7 lint/correctness/useIsNan ━━━━', '', '  × Use the Number.isNaN function to compare with NaN.', '', '    > 9 │ if (sum == NaN) return 0;'];
    const [first, second] = windowsOf(lines);
    expect(first!.to).toBeLessThan(7);
    expect(second!.from).toBeLessThanOrEqual(7);
    // Prose after the blank line still belongs to the error it explains (terraform's detail).
    const terraform = ['Error: Resource precondition failed', '', '  on main.tf line 52:', '', 'The app tier must be bronze or silver.'];
    expect(windowsOf(terraform)[0]!.to).toBe(5);
  });

  it('does not bridge a long run of blank lines', () => {
    const lines = ['Error: no such thing', '', '', '', '', '', '', '', '  indented far below'];
    const [window] = windowsOf(lines);
    expect(window!.to).toBeLessThan(9);
  });
});

describe('Python tracebacks', () => {
  /** A traceback: `app` frames calling into `lib` frames (most recent call last), then the exception. */
  function traceback(appFrames: number, libFrames: number): string[] {
    const lines = ['Traceback (most recent call last):'];
    for (let i = 0; i < appFrames; i++) lines.push(`  File "/srv/app/jobs/sync.py", line ${10 + i}, in step${i}`, `    step${i + 1}(rows)`);
    for (let i = 0; i < libFrames; i++) lines.push(`  File "/usr/lib/python3/site-packages/orm/query_${i}.py", line ${200 + i}, in run${i}`, `    return run${i + 1}(q)`, '           ^^^^^^^^^^');
    lines.push("orm.exc.NoResultFound: No row was found when one was required");
    return lines;
  }

  it('names the call site: the last frame before the stack enters the directory that raised', () => {
    const trail = new CallSiteTrail();
    traceback(3, 4).forEach((line, i) => trail.frame(i + 1, line));
    // Frames of /srv/app/jobs at lines 2, 4, 6; /usr/lib/.../orm from line 8: the call site is line 6.
    expect(trail.site).toBe(6);
    const same = new CallSiteTrail();
    ['Traceback (most recent call last):', '  File "/a/x.py", line 1, in f', '    g()', '  File "/a/y.py", line 2, in g', '    h()'].forEach((line, i) => same.frame(i + 1, line));
    expect(same.site).toBeNull();
    expect(new CallSiteTrail().frame(1, 'File "/a/x.py", line 1, in f')).toBe(false);
  });

  it('a deep traceback is one window, from its Traceback line to its exception, with the call site in focus', () => {
    // 20 app frames then 12 library frames: 77 lines, past the 40 lines an error window otherwise spans.
    const lines = ['worker started', ...traceback(20, 12), 'worker exited'];
    const windows = windowsOf(lines);
    expect(windows).toHaveLength(1);
    const [w] = windows;
    expect(w!.from).toBeLessThanOrEqual(2);
    const exception = lines.indexOf('orm.exc.NoResultFound: No row was found when one was required') + 1;
    expect(w!.to).toBeGreaterThanOrEqual(exception);
    const site = lines.findIndex((l) => l.includes('line 29, in step19')) + 1;
    expect(w!.focus).toContain(site);
    expect(w!.focus).toContain(exception);
    // The packet shows the call site's frame though it sits in the middle of a long excerpt.
    const packet = reduce(lines.join('\n') + '\n', { family: 'text', exit: 1 });
    expect(packet.text).toContain('line 29, in step19');
    expect(packet.text).toContain('orm.exc.NoResultFound');
  });
});

describe('error strength', () => {
  it('counts a per-item result that ends with its verdict as leading with its severity', () => {
    expect(errorStrength('tests/e2e/test_server.py::TestSync::test_sync_workflow FAILED [ 30%]')).toBe(2);
    expect(errorStrength('test parser::tests::rejects_empty ... FAILED')).toBe(2);
    expect(errorStrength('test_login (tests.test_auth.AuthTest.test_login) ... ERROR')).toBe(2);
    expect(errorStrength('    - improve error messages')).toBe(1);
    expect(errorStrength('the build FAILED yesterday, see below')).toBe(1);
  });

  it("counts a Unix tool's own error as leading, not a level word, a key or prose that mentions one", () => {
    for (const line of ["cp: cannot stat 'config/prod.yaml': No such file or directory", 'grep: build/api/prod.yaml: No such file or directory', 'bash: line 3: kubectl: command not found', './deploy.sh: line 12: kubectl: command not found', 'curl: (7) Failed to connect to localhost port 9', 'tar: Error is not recoverable: exiting now', "bad.sh: line 4: syntax error near unexpected token `fi'", "make: *** No rule to make target 'dist'.  Stop.", 'npm error code E404']) {
      expect(errorStrength(line), line).toBe(2);
    }
    for (const line of ['info: could not find cache, rebuilding', 'warning: could not open file', 'Description: cannot be used with', 'the build: cannot continue', 'docs: fix error message wording']) {
      expect(errorStrength(line), line).toBe(1);
    }
  });

  it('fails a run that exited 0 on a tool error, and shows it within the success budget', () => {
    const stderr = ['+ mkdir -p build', "+ cp config/prod.yaml build/", "cp: cannot stat 'config/prod.yaml': No such file or directory", "+ echo 'deploy finished'"].join('\n');
    const result = reduceOutputSync({
      stdout: Array.from({ length: 60 }, (_, i) => `uploaded chunk ${i + 1}/60`).join('\n') + '\ndeploy finished\n',
      stderr,
      argv: ['bash', 'deploy.sh'],
      command: 'bash deploy.sh',
      exit: { code: 0, signal: null },
      mode: 'wrap',
      outputsDir: path.join(work, String(Math.random()).slice(2)),
      cwd: work,
      budget: 'auto',
    });
    expect(result.packet!.status).toBe('fail');
    expect(result.text).toContain("cp: cannot stat 'config/prod.yaml'");
  });
});

describe('outcome lines', () => {
  it('counts items and errors together as a tally', () => {
    expect(isOutcomeLine('collected 2130 items / 15 errors')).toBe(true);
    expect(isOutcomeLine('collected 12 items')).toBe(false);
  });
});

describe('red marks', () => {
  it('marks a line whose red text is a word, not one whose red text is a sign', () => {
    expect(marksOf(Buffer.from('\x1b[1m  # local_file.x[0]\x1b[0m must be \x1b[1m\x1b[31mreplaced\x1b[0m'))).toEqual({ red: true });
    expect(marksOf(Buffer.from('\x1b[41;37m FAIL \x1b[0m src/cart.test.js'))).toEqual({ red: true });
    // A line red from end to end is a stream painted red (a build step's stderr), not a verdict.
    expect(marksOf(Buffer.from('\x1b[31;1mThe term is not recognized\x1b[0m'))).toBeUndefined();
    expect(marksOf(Buffer.from('\x1b[91mdebconf: delaying package configuration\x1b[0m'))).toBeUndefined();
    expect(marksOf(Buffer.from('\x1b[38;2;31;0;0mdark text\x1b[0m and plain words'))).toBeUndefined();
    expect(marksOf(Buffer.from('      \x1b[31m-\x1b[0m\x1b[0m description = "x"'))).toBeUndefined();
    expect(marksOf(Buffer.from('\x1b[32mcreated\x1b[0m'))).toBeUndefined();
    expect(marksOf(Buffer.from('plain line'))).toBeUndefined();
  });

  it('reach the reducer through the line splitter, with the escapes stripped from the text', () => {
    const seen: Array<[string, LineMarks | undefined]> = [];
    const splitter = new LineSplitter((_n, text, marks) => seen.push([text, marks]));
    splitter.push(Buffer.from('ok\n\x1b[31mFAILED\x1b[0m thing\n'));
    splitter.end();
    expect(seen).toEqual([
      ['ok', undefined],
      ['FAILED thing', { red: true }],
    ]);
  });

  it('are cited by the text digest when no error word gave the line away', () => {
    const lines = ['Terraform will perform the following actions:', ''];
    for (let i = 0; i < 40; i++) lines.push(`  ~ attribute_${i} = "a" -> "b"`);
    lines.push('\x1b[1m  # local_file.audit[0]\x1b[0m must be \x1b[1m\x1b[31mreplaced\x1b[0m');
    for (let i = 0; i < 40; i++) lines.push(`    unchanged_${i} = true`);
    lines.push('Plan: 1 to add, 0 to change, 1 to destroy.');
    // A plan run to learn what it will do: the verdict's evidence, not the answer's rows around it.
    const { text } = reduce(lines.join('\n') + '\n', { family: 'text', budget: 'normal', intent: 'verdict' });
    expect(text).toMatch(/ 43-\d+ · marked red by the tool[^\n]*\n {4}# local_file\.audit\[0\] must be replaced/);
  });
});

describe('text digest', () => {
  it('trims routine lines that repeat all through the output from the edges of its excerpts, and counts them', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 400; i++) lines.push(`worker job J${String(i).padStart(5, '0')} done kind=compute attempt=1`);
    lines.splice(200, 0, 'worker job J00200 gave up after 3 attempts: connection refused');
    lines.push('worker finished: 399 ok, 1 failed');
    const { parts, packet, text } = reduce(lines.join('\n') + '\n', { family: 'text', exit: 1 });
    const window = parts.citations.find((c) => c.kind === 'error window') as LineCitation;
    // The routine lines before the error are gone; what follows it stays (a recovery may sit there).
    expect(window.from).toBe(201);
    expect(window.to).toBeGreaterThan(201);
    const last = parts.citations.find((c) => c.label === 'last lines') as LineCitation;
    expect([last.from, last.to]).toEqual([402, 402]);
    const first = parts.citations.find((c) => c.label === 'first lines') as LineCitation;
    expect([first.from, first.to]).toEqual([1, 1]);
    expect(text).toContain('worker finished: 399 ok, 1 failed');
    expect(packet.omitted.some((o) => /lines not in any excerpt/.test(o.what))).toBe(true);
  });

  it('keeps context lines that do not repeat, and warnings, at the edges of a window', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 400; i++) lines.push(`worker job J${String(i).padStart(5, '0')} done kind=compute attempt=1`);
    lines.splice(200, 0, 'WARNING retrying the upload to bucket-7', 'ERROR upload to bucket-7 failed: connection refused');
    const { parts } = reduce(lines.join('\n') + '\n', { family: 'text', exit: 1 });
    const window = parts.citations.find((c) => c.kind === 'error window') as LineCitation;
    expect(window.from).toBe(201);
  });

  it('cites the CI step that holds the first error', () => {
    const lines = ['##[group]Run actions/checkout@v4', 'Syncing repository', '##[endgroup]', '##[group]Run npm ci'];
    for (let i = 0; i < 20; i++) lines.push(`added package ${i}`);
    lines.push('##[endgroup]', '##[group]Run npm run type-check', '> vue-tsc --noEmit');
    for (let i = 0; i < 400; i++) lines.push(`checking component ${i} of the settings screen in app/components/settings/part-${i}.vue`);
    lines.push('##[error]app/a.vue(63,53): error TS18047: value is possibly null.', '##[error]Process completed with exit code 2.');
    const { text } = reduce(lines.join('\n') + '\n', { family: 'text', exit: 2 });
    // The step's header line is cited as the section of the error (alone, or inside an excerpt it touches).
    expect(text).toMatch(/^\[c\w+\] stdout \d+-\d+ · [^\n]*section of an error[^\n]*\n(?: {2}.*\n)*? {2}##\[group\]Run npm run type-check/m);
  });

  it('cites the rare lines of a failed run that is a flood of one shape, error words or not', () => {
    const lines: string[] = [];
    for (let i = 0; i < 1200; i++) {
      if (i === 13 || i === 907) lines.push(`req ${i}: status 500 body="database is locked" (0s)`);
      else if (i % 250 === 7) lines.push(`req ${i}: status 429 body="rate limited" (0s)`);
      else lines.push(`req ${i}: GET /orders?page=${i} status 200 in ${i % 3}ms`);
    }
    lines.push('done: 1200 requests, 7 failed');
    const { text } = reduce(lines.join('\n') + '\n', { family: 'text', exit: 1 });
    for (const i of [7, 13, 257, 907, 1007]) expect(text).toMatch(new RegExp(`req ${i}: status (?:500|429)`));
    expect(text).toContain('unlike the ×1,193 like line 1');
    // A run that passed keeps its outcome and cites only the first few rare lines, with the room they ask for.
    const ok = reduce(lines.join('\n') + '\n', { family: 'text', exit: 0, intent: 'verdict' });
    expect(ok.text).toContain('done: 1200 requests, 7 failed');
    expect(ok.text).toContain('req 13: status 500 body="database is locked"');
    expect(ok.parts.citations.filter((c) => c.kind === 'stand-out').reduce((a, c) => a + ('from' in c ? c.to - c.from + 1 : 0), 0)).toBeLessThanOrEqual(6);
    expect(ok.packet.citations.length).toBeLessThan(12);
  });

  it('a run that succeeded as a flood of one shape cites the few lines unlike it, not those of a warning already cited', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 70; i++) {
      if (i === 18 || i === 32) lines.push(`migrate: ${String(i).padStart(4, '0')}_step already applied, skipping`);
      else lines.push(`migrate: applying ${String(i).padStart(4, '0')}_step ... ok (${3 + (i * 37) % 41} ms)`);
      if (i === 9) lines.push('migrate: backfilled tenant_id on 18,442 rows (3 rows left NULL: orphaned orders 88121, 88190, 90004)');
    }
    lines.push('migrate: 68 applied, 2 skipped; schema version now 20261125_0070');
    const ok = reduce(lines.join('\n') + '\n', { family: 'text', exit: 0, intent: 'verdict' });
    expect(ok.text).toContain('3 rows left NULL: orphaned orders 88121, 88190, 90004');
    expect(ok.text).toContain('schema version now 20261125_0070');
    // The second `already applied` line is counted with the warning, not cited again as a stand-out.
    expect(ok.parts.citations.filter((c) => c.kind === 'stand-out').map((c) => ('from' in c ? c.from : 0))).toEqual([10]);
  });

  it('in a document read as an answer, a notice word in the prose is no warning; a line that leads with one still is', () => {
    const doc = [
      'Help on package shop:',
      '',
      'DESCRIPTION',
      '    If skipkeys is true, keys that are not strings are simply skipped.',
      '    To use a custom encoder, pass a subclass that overrides the default method.',
      '    The options are listed below.',
      ...Array.from({ length: 40 }, (_, i) => `    option_${i}: how the encoder treats value ${i} when it writes a row`),
    ];
    const answer = reduce(doc.join('\n') + '\n', { family: 'text', exit: 0, intent: 'answer', maxBytes: 600 });
    const warningsAt = (parts: typeof answer.parts): number[] => parts.citations.filter((c) => c.label === 'warning').map((c) => ('from' in c ? c.from : 0));
    expect(warningsAt(answer.parts)).toEqual([]);
    const withWarning = reduce([...doc, 'WARNING: option_7 is deprecated and will be removed in 3.0'].join('\n') + '\n', { family: 'text', exit: 0, intent: 'answer', maxBytes: 600 });
    expect(warningsAt(withWarning.parts)).toEqual([47]);
    // A verdict keeps every notice: a run's `… simply skipped.` may be what failed next.
    const verdict = reduce(doc.join('\n') + '\n', { family: 'text', exit: 0, intent: 'verdict' });
    expect(warningsAt(verdict.parts)).toEqual([4]);
  });

  it('a run that succeeded as a flood of lines with one leading marker cites the lines without it (each test its own template)', () => {
    const areas = ['users', 'payments', 'orders', 'search', 'cart', 'tax'];
    const checks = ['name is a string', 'keeps spaces', 'is stable', 'rounds half up', 'sorts by date', 'rejects empty input', 'accepts unicode'];
    const lines = ['> ava --verbose'];
    // 150 tests (about 7 KB): past the size a success is shown whole at (5 KiB when the reducer is unsure).
    for (let i = 0; i < 150; i++) {
      lines.push(`  ✔ ${areas[i % areas.length]} › ${areas[i % areas.length]} ${checks[(i * 5) % checks.length]} ${['first', 'again', 'twice'][i % 3]} case`);
      if (i === 40) lines.push('  - [skip] payments › payments refund via sandbox');
      if (i === 70) lines.push('    ℹ indexed 9,412 products; 37 without a category');
    }
    lines.push('  150 tests passed', '  1 test skipped');
    const ok = reduceOutputSync({ stdout: lines.join('\n') + '\n', argv: ['npm', 'test'], command: 'npm test', family: 'text', exit: { code: 0, signal: null }, mode: 'wrap', outputsDir: path.join(work, 'marker'), cwd: work });
    expect(ok.text).toContain('- [skip] payments › payments refund via sandbox');
    expect(ok.text).toContain('indexed 9,412 products; 37 without a category');
    expect(ok.text).toContain('unlike the ×150 like line 2');
    // A flood of lines that only share a leading number or time marks nothing: no stand-outs.
    const stamped = Array.from({ length: 80 }, (_, i) => `${1700000000 + i} ${checks[i % checks.length]} ${areas[(i * 3) % areas.length]} ${i % 2 ? 'done' : 'queued'}`);
    const plain = reduce(stamped.join('\n') + '\n', { family: 'text', exit: 0, intent: 'verdict' });
    expect(plain.parts.citations.filter((c) => c.kind === 'stand-out')).toEqual([]);
  });

  it('a run that succeeded with no outcome line keeps its last lines before its first when only one fits (a build trace ends with its result)', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `packagefile internal/pkg${i}=/usr/lib/go/pkg/linux_amd64/internal/pkg${i}.a`);
    lines.push('mkdir -p bin/', 'mv $WORK/b001/exe/a.out bin/server', 'rm -r $WORK/b001/');
    const ok = reduce(lines.join('\n') + '\n', { family: 'text', exit: 0, intent: 'verdict' });
    expect(ok.text).toContain('mv $WORK/b001/exe/a.out bin/server');
    expect(ok.parts.citations.findIndex((c) => c.label === 'last lines')).toBeLessThan(ok.parts.citations.findIndex((c) => c.label === 'first lines'));
    const failed = reduce(lines.join('\n') + '\n', { family: 'text', exit: 1, intent: 'verdict' });
    expect(failed.parts.citations.findIndex((c) => c.label === 'first lines')).toBeLessThan(failed.parts.citations.findIndex((c) => c.label === 'last lines'));
  });

  it('keeps the first lines ahead of windows that only mention an error word', () => {
    const lines = ['commit 3fce3b5bb0236da2df6d99672afb8a719642eca7', 'Author: A <a@example.com>', '', '    ignore-0.4.33', ''];
    for (let i = 0; i < 400; i++) lines.push(i % 10 === 0 ? `    - improve error message number ${i} in the parser` : `    line ${i} of prose about the change`);
    const { text, packet } = reduce(lines.join('\n') + '\n', { family: 'text', exit: null });
    expect(packet.status).toBe('fail'); // errors were mentioned and the exit is unknown
    expect(text).toContain('commit 3fce3b5bb0236da2df6d99672afb8a719642eca7');
    expect(text).toContain('ignore-0.4.33');
  });
});

describe('NDJSON records', () => {
  const events = (): string[] => {
    const out: string[] = [];
    for (let i = 0; i < 200; i++) out.push(JSON.stringify({ Time: `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`, Action: 'pass', Package: 'example.com/ok', Test: `TestOk${i}` }));
    out.push(JSON.stringify({ Time: '2024-01-01T00:01:00Z', Action: 'fail', Package: 'example.com/bad', Test: 'TestBroken' }));
    out.push(JSON.stringify({ Time: '2024-01-01T00:01:01Z', Action: 'fail', Package: 'example.com/bad' }));
    return out;
  };

  it('counts status values and flags the records whose status reads as a failure', () => {
    const records = new NdjsonRecords();
    events().forEach((line, i) => records.line(i + 1, line));
    let ref = 0;
    const parts = records.finish(() => `r${++ref}`);
    expect(records.records).toBe(202);
    expect(parts.fields.flaggedRecords).toBe(2);
    expect(parts.fields.histograms).toEqual({ Action: { pass: 200, fail: 2 } });
    expect(parts.citations.map((c) => ('from' in c ? c.from : null))).toEqual([201, 202]);
    expect(parts.summary[0]!.text).toMatch(/^NDJSON: 202 records; keys Time, Action, Package, Test/);
  });

  it('flags numeric log levels at error and above, and folds repeats of one record', () => {
    const records = new NdjsonRecords();
    const lines = [
      '{"level":30,"msg":"listening"}',
      '{"level":50,"msg":"db down","reqId":"a1"}',
      '{"level":50,"msg":"db down","reqId":"a1"}',
      '{"level":60,"msg":"fatal: exiting"}',
    ];
    lines.forEach((line, i) => records.line(i + 1, line));
    const parts = records.finish(() => 'r');
    expect(parts.fields.flaggedRecords).toBe(3);
    expect(parts.citations).toHaveLength(2);
    expect(parts.citations[0]!.label).toContain('same record 1 more times');
  });

  it('keeps bounded state: the first and last flagged records are cited, the middle counted', () => {
    const records = new NdjsonRecords();
    for (let i = 1; i <= 500; i++) records.line(i, JSON.stringify({ status: 'failed', job: `job-${'x'.repeat(i % 7)}-${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}` }));
    const parts = records.finish(() => 'r');
    expect(parts.citations.length).toBe(24);
    expect(parts.omitted[0]!.what).toContain('flagged records in the middle');
  });

  it('gives a json packet for NDJSON without the "did not parse" note', () => {
    const { text, packet } = reduce(events().join('\n') + '\n', { family: 'json', exit: null });
    expect(packet.fields.type).toBe('ndjson');
    expect(packet.status).toBe('fail');
    expect(text).not.toContain('did not parse');
    expect(text).toContain('"Test":"TestBroken"');
  });
});

describe('JSON documents', () => {
  const issues = Array.from({ length: 30 }, (_, i) => ({ number: 3045 - i, title: `Issue title number ${i}`, state: 'open', body: 'x'.repeat(400), user: { login: `user${i}` } }));

  it('lists the first 9 and the last 3 items of a long array', () => {
    const { text } = reduce(JSON.stringify(issues), { family: 'json' });
    expect(text).toContain('first 9 and last 3 of 30 items');
    expect(text).toContain('0 {"number":3045,"title":"Issue title number 0","state":"open"}');
    expect(text).toContain('… 18 more items');
    expect(text).toContain('28 {"number":3017,"title":"Issue title number 28","state":"open"}');
  });

  it('gives a successful document room for its shape and index, but no more than the cap', () => {
    const { packet } = reduce(JSON.stringify(issues), { family: 'json', intent: 'verdict' });
    expect(packet.stats.packetBytes).toBeGreaterThan(512);
    expect(packet.stats.packetBytes).toBeLessThanOrEqual(ANSWER_CAP);
  });

  it('shows a document read as an answer folded, within the answer budget', () => {
    const { packet, text } = reduce(JSON.stringify(issues), { family: 'json' });
    expect(text).toContain('document, folded');
    expect(text).toContain('[29] {"number":3016,"title":"Issue title number 29"');
    expect(packet.stats.packetBytes).toBeLessThanOrEqual(8 * 1024);
  });

  it('reads a document followed by a few lines that are not JSON (npm warn after npx 2>&1), and cites those lines', () => {
    const warn = 'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.';
    const { text, parts } = reduce(`${JSON.stringify(issues, null, 2)}\n${warn}\n`, { family: 'json' });
    expect(parts.fields.type).toBe('array');
    expect(text).toContain('document, folded');
    expect(text).toContain(warn);
    expect(text).not.toContain('did not parse');
    expect(parts.citations.find((c) => 'label' in c && c.label === 'after the JSON document')).toMatchObject({ from: JSON.stringify(issues, null, 2).split('\n').length + 1 });
  });

  it('keeps an explicit budget', () => {
    const { packet } = reduce(JSON.stringify(issues), { family: 'json', budget: 'concise' });
    expect(packet.stats.packetBytes).toBeLessThanOrEqual(600);
  });

  it('previews the text of items that have no title', () => {
    const comments = [
      { id: 'IC_1', author: { login: 'bot' }, body: 'You have reached your usage limits for code reviews. You can see your limits in the dashboard and upgrade.' },
      ...Array.from({ length: 10 }, (_, i) => ({ id: `IC_${i + 2}`, author: { login: `someone${i}` }, body: `Looks good to me, comment ${i}. ${'More words. '.repeat(60)}` })),
    ];
    const { text } = reduce(JSON.stringify({ comments }), { family: 'json' });
    expect(text).toContain('"body":"You have reached your usage limits for code reviews. You can see your limits in…"');
    expect(text).toContain('"author":{"login":"bot"}');
  });

  it('cites each distinct flagged value before the repeats of a common one', () => {
    // 300 orders, a third of them failed payments (one finding), and one chargeback near the end.
    const orders = Array.from({ length: 300 }, (_, i) => ({ id: String(1000 + i), status: i === 280 ? 'chargeback' : ['paid', 'failed', 'paid'][i % 3], cents: (i * 37) % 5000 }));
    const { packet } = reduce(JSON.stringify(orders), { family: 'json', maxBytes: 2048 });
    const labels = packet.citations.map((c) => c.label);
    expect(labels).toContain('flagged: status=chargeback');
    expect(labels.indexOf('flagged: status=chargeback')).toBeLessThan(labels.lastIndexOf('flagged: status=failed'));
  });

  it('names the item first when the flagged entity is nested inside it', () => {
    const pod = (name: string, reason: string | null) => ({
      metadata: { name, namespace: 'prod', uid: 'u' },
      spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'img:1', args: Array.from({ length: 40 }, (_, i) => `--flag-${i}=value`) }] },
      status: { phase: 'Running', containerStatuses: [{ name: 'app', image: 'img:1', ...(reason ? { lastState: { terminated: { reason, exitCode: 137 } } } : {}) }] },
    });
    const doc = { kind: 'List', items: [pod('api-1', null), pod('api-2', null), pod('data-7b5fc-bhrk9', 'OOMKilled'), pod('api-3', null), pod('api-4', null), pod('api-5', null)] };
    const { text } = reduce(JSON.stringify(doc), { family: 'json' });
    expect(text).toMatch(/flagged: reason=OOMKilled[^\n]*\n  \/ \{"metadata":\{"name":"data-7b5fc-bhrk9","namespace":"prod"\}\}/);
  });
});

describe('budgetFor', () => {
  const config = defaultConfig();
  it('grows an auto success budget for a data answer, up to the cap', () => {
    expect(budgetFor('ok', 'auto', undefined, config)).toBe(512);
    expect(budgetFor('ok', 'auto', undefined, config, 1000)).toBe(1512);
    expect(budgetFor('ok', 'auto', undefined, config, 99_999)).toBe(ANSWER_CAP);
    expect(budgetFor('fail', 'auto', undefined, config, 99_999)).toBe(8 * 1024);
  });

  it('takes its cap from budgets.answer, which can turn it off', () => {
    const strict = { ...config, budgets: { ...config.budgets, answer: 512 } };
    expect(budgetFor('ok', 'auto', undefined, strict, 1000)).toBe(512);
  });

  it('never lets an answer override a named budget or --max-bytes', () => {
    expect(budgetFor('ok', 'concise', undefined, config, 1500)).toBe(512);
    expect(budgetFor('ok', 'auto', 300, config, 1500)).toBe(300);
  });
});

describe('ls -l lines', () => {
  it('take the name after the date, without a link target, whatever the date style', async () => {
    const { listKindOf } = await import('../../../src/reducers/generic/item-list.js');
    const lines = [
      'lrwxrwxrwx  1 root root        19 Feb 19  2023 tclConfig.sh -> tcl8.6/tclConfig.sh',
      'lrwxrwxrwx  1 root root        23 Nov 17 01:49 mtab -> /proc/self/mounts',
      '-rw-r--r--  1 root root       496 Apr 27  2026 Mcrt1.o',
      '-rw-r--r--  1 u    g          12 2026-11-24 02:10 my file.txt',
    ];
    for (const line of lines) expect(listKindOf(line)).toBe('long');
    const { packet } = reduce('total 8\n' + lines.join('\n') + '\n', { family: 'list', exit: 0 });
    expect(JSON.stringify(packet.fields)).not.toContain('/proc');
    expect(JSON.stringify(packet.fields)).not.toContain('2023');
  });
});
