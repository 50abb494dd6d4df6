/**
 * The eval corpus (eval/dev, eval/holdout) is well-formed: scripts/check-corpus.mjs finds no problem.
 * This never runs `reduce` on a case; it only checks the cases' files and metadata, and that the
 * checker itself catches a malformed case.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/check-corpus.mjs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-corpus-check-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Report {
  problems: string[];
  cases: number;
  perSplit: Record<string, number>;
  family: Record<string, Record<string, number>>;
  intent: Record<string, Record<string, number>>;
  tools: number;
}

function check(...dirs: string[]): { status: number | null; report: Report } {
  const r = spawnSync(process.execPath, [script, '--json', ...dirs], { cwd: root, encoding: 'utf8' });
  return { status: r.status, report: JSON.parse(r.stdout) as Report };
}

function writeCase(split: string, name: string, meta: Record<string, unknown>, stdout: string, stderr?: string): void {
  const dir = path.join(scratch, split, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'case.json'), JSON.stringify(meta));
  fs.writeFileSync(path.join(dir, 'stdout'), stdout);
  if (stderr !== undefined) fs.writeFileSync(path.join(dir, 'stderr'), stderr);
}

const good = { family: 'git', command: 'git status', argv0: 'git', exit_code: 0, mode: 'wrap', intent: 'answer', source: 'git 2.39.5: git status in a scratch repo', needles: ['modified:   a.ts'], why: ['the changed file'] };

describe('eval corpus', () => {
  it('every case in eval/dev and eval/holdout is well-formed and the holdout covers every family and intent', () => {
    const { status, report } = check();
    expect(report.problems).toEqual([]);
    expect(status).toBe(0);
    expect(report.perSplit.dev).toBeGreaterThan(0);
    expect(report.perSplit.holdout).toBeGreaterThan(0);
    expect(Object.keys(report.intent.holdout ?? {}).sort()).toEqual(['answer', 'verdict']);
  });

  it('the checker reports a needle that is not in the output, a stdin needle only on stderr, and a missing why', () => {
    writeCase('bad/holdout', 'git-status-ok', good, '\tmodified:   a.ts\n');
    writeCase('bad/holdout', 'git-status-wrong-needle', { ...good, needles: ['deleted: b.ts'] }, '\tmodified:   a.ts\n');
    writeCase('bad/holdout', 'git-status-stdin-stderr', { ...good, mode: 'stdin', needles: ['fatal: bad'] }, 'x\n', 'fatal: bad\n');
    writeCase('bad/holdout', 'git-status-no-why', { ...good, why: [] }, '\tmodified:   a.ts\n');
    const { status, report } = check(path.join(scratch, 'bad/holdout'));
    expect(status).toBe(1);
    expect(report.cases).toBe(4);
    const named = (n: string) => report.problems.filter((p) => p.includes(n));
    expect(named('git-status-ok')).toEqual([]);
    expect(named('git-status-wrong-needle').join('\n')).toMatch(/not an exact substring/);
    expect(named('git-status-stdin-stderr').join('\n')).toMatch(/stdin cases only pipe stdout/);
    expect(named('git-status-no-why').join('\n')).toMatch(/one line per needle/);
  });

  it('the checker reports a family missing from the holdout', () => {
    writeCase('gap/dev', 'npm-ls', { ...good, family: 'npm', command: 'npm ls', argv0: 'npm', needles: ['a@1.0.0'] }, 'x@1 /p\n└── a@1.0.0\n');
    writeCase('gap/holdout', 'git-status', good, '\tmodified:   a.ts\n');
    const { status, report } = check(path.join(scratch, 'gap/dev'), path.join(scratch, 'gap/holdout'));
    expect(status).toBe(1);
    expect(report.problems).toContain('holdout has no npm case');
    expect(report.problems).toContain('holdout has no verdict case');
  });
});
