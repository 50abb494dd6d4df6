import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reduceOutputSync } from '../../../src/api.js';
import { run } from '../helpers.js';

function commit(i: number, author: string, subject: string, merge = false): string[] {
  const hash = (i.toString(16).padStart(8, '0') + 'ab').repeat(4);
  return [`commit ${hash}${i === 0 ? ' (HEAD -> main, tag: v2.0.0, origin/main)' : ''}`, ...(merge ? ['Merge: 1111111 2222222'] : []), `Author: ${author} <${author.toLowerCase()}@example.org>`, `Date:   Mon Jan ${(i % 27) + 1} 10:00:00 2026 +0000`, '', `    ${subject}`, '', '    Body text.', ''];
}

describe('git-log', () => {
  it('keeps the newest commits, counts the rest, authors and merges', () => {
    const lines = Array.from({ length: 50 }, (_, i) => commit(i, i % 3 ? 'Ann' : 'Bo', `subject ${i}`, i === 5)).flat();
    const r = run(lines.join('\n'));
    expect(r.reducer).toBe('git-log@1.3.1');
    expect(r.fields).toMatchObject({ commits: 50, merges: 1, authors: { Ann: 33, Bo: 17 }, refs: ['HEAD -> main', 'tag: v2.0.0', 'origin/main'] });
    expect(r.text).toContain('subject 0');
    expect(r.text).toContain('subject 2');
    expect(r.packet!.tainted).toBe(true);
    expect(r.parts!.omitted).toContainEqual({ what: 'older commits (counted)', count: 46 });
  });

  it('reads through the --graph drawing', () => {
    const lines = ['* commit 1111111111111111111111111111111111111111', '| Author: Ann <a@x>', '| Date:   Mon Jan 5 10:00:00 2026 +0000', '| ', '|     Second change', '| ', '* commit 2222222222222222222222222222222222222222', '  Author: Bo <b@x>', '  Date:   Sun Jan 4 10:00:00 2026 +0000', '  ', '      First change'];
    const r = run(lines.join('\n'), ['git', 'log', '--graph']);
    expect(r.fields).toMatchObject({ commits: 2, authors: { Ann: 1, Bo: 1 }, newest: { hash: '111111111111', subject: 'Second change' } });
  });

  it('reads --oneline in wrap mode', () => {
    const r = run(['a1b2c3d (HEAD -> main) Fix parser', 'b2c3d4e Add tests', 'c3d4e5f Initial commit'].join('\n'), ['git', 'log', '--oneline']);
    expect(r.fields).toMatchObject({ commits: 3, newest: { hash: 'a1b2c3d', subject: 'Fix parser' } });
  });

  it('summarises the patch of git show', () => {
    const text = [...commit(0, 'Ann', 'Change a'), 'diff --git a/a.txt b/a.txt', 'index 1..2 100644', '--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', '-old', '+new', ' same'].join('\n');
    const r = run(text, ['git', 'show']);
    expect(r.fields.diff).toEqual({ files: 1, added: 1, removed: 1 });
  });
});

describe('git-status', () => {
  it('counts entries per section and cites the unusual ones', () => {
    const text = ['On branch dev', "Your branch is ahead of 'origin/dev' by 2 commits.", '', 'Changes to be committed:', '  (use "git restore --staged <file>..." to unstage)', '\tnew file:   a.ts', ...Array.from({ length: 20 }, (_, i) => `\tmodified:   m${i}.ts`), '', 'Untracked files:', '  (use "git add <file>..." to include in what will be committed)', '\tscratch.txt', ''].join('\n');
    const r = run(text, ['git', 'status']);
    expect(r.fields).toMatchObject({ branch: 'dev', staged: { total: 21, modified: 20, 'new file': 1 }, untracked: 1 });
    expect(r.text).toContain('new file:   a.ts');
    expect(r.text).toContain('scratch.txt');
    expect(r.packet!.status).toBe('ok');
  });

  it('flags unmerged paths as conflicts', () => {
    const text = ['On branch main', 'You have unmerged paths.', '  (fix conflicts and run "git commit")', '', 'Unmerged paths:', '  (use "git add <file>..." to mark resolution)', '\tboth modified:   src/lib.rs', ''].join('\n');
    const r = run(text, ['git', 'status']);
    expect(r.fields.conflicts).toEqual(['src/lib.rs']);
    expect(r.packet!.status).toBe('warn');
  });

  it('reads --short output', () => {
    const r = run(['## main...origin/main [behind 1]', 'M  staged.ts', ' M unstaged.ts', 'MM both.ts', '?? new.txt', 'UU conflict.ts'].join('\n'), ['git', 'status', '-sb']);
    expect(r.fields).toMatchObject({ branch: 'main', staged: { total: 2, modified: 2 }, unstaged: { total: 2, modified: 2 }, untracked: 1, conflicts: ['conflict.ts'] });
  });
});

describe('git-ops', () => {
  // `git verify-pack -v`: no read-command claim, so git-ops reads it and finds nothing of a merge or a push;
  // its digest alone cited five template lines and the last ten of a 17 KB answer (1 KB, session 10).
  const objects = Array.from({ length: 240 }, (_, i) => `${(i * 2654435761).toString(16).padStart(8, '0').repeat(5)} ${['commit', 'tree  ', 'blob  '][i % 3]} ${100 + i} ${80 + i} ${i * 64}`);
  const pack = [...objects, 'non delta: 164 objects', 'chain length = 1: 47 objects', 'pack-x.pack: ok'].join('\n') + '\n';
  const verifyPack = (intent?: 'verdict') => {
    const outputsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-git-ops-'));
    try {
      return reduceOutputSync({ stdout: pack, argv: ['git', 'verify-pack', '-v', 'pack-x.idx'], outputsDir, cwd: outputsDir, trustLane: 'internal', ...(intent ? { intent } : {}) });
    } finally {
      fs.rmSync(outputsDir, { recursive: true, force: true });
    }
  };

  it('fills an answer it has nothing of its own to read in with rows from both ends and the middle', () => {
    const r = verifyPack();
    expect(r.packet!.reducer).toBe('git-ops@1.0.2');
    expect(r.packet!.intent).toBe('answer');
    expect(r.text).toContain(objects[120]!);
    expect(r.text).toContain('pack-x.pack: ok');
    expect(Buffer.byteLength(r.text)).toBeGreaterThan(4096);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(8192);
  });

  it('adds no rows to the same output run as a verdict: a success is its outcome', () => {
    const r = verifyPack('verdict');
    expect(r.packet!.citations.some((c) => c.label?.includes('rows'))).toBe(false);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(2048);
  });

  it('lists merge conflicts', () => {
    const text = ['Auto-merging a.c', 'CONFLICT (content): Merge conflict in a.c', 'CONFLICT (modify/delete): b.c deleted in HEAD and modified in topic.', 'Automatic merge failed; fix conflicts and then commit the result.'].join('\n');
    const r = run(text, ['git', 'merge', 'topic'], { exit: 1 });
    expect(r.fields.conflicts).toEqual(['a.c', 'b.c deleted in HEAD and modified in topic.']);
    expect(r.packet!.status).toBe('fail');
  });

  it('reports a rejected push with its reason', () => {
    const stderr = ['To github.com:o/r.git', ' ! [rejected]        main -> main (non-fast-forward)', "error: failed to push some refs to 'github.com:o/r.git'", 'hint: Updates were rejected because the tip of your current branch is behind', 'hint: its remote counterpart.', 'hint: See the note.'].join('\n');
    const r = run('', ['git', 'push'], { stderr, exit: 1 });
    expect(r.fields.rejected).toEqual(['main -> main (non-fast-forward)']);
    expect(r.parts!.omitted).toContainEqual({ what: 'hint lines', count: 1 });
  });

  it('cites the refs a push changed, by kind, and only counts those already up to date', () => {
    const stderr = [
      'Pushing to ../remote.git',
      'To ../remote.git',
      ...Array.from({ length: 30 }, (_, i) => ` =  [up to date]      release/${i} -> release/${i}`),
      '   7e72236..19683c5  release/31 -> release/31',
      ' - [deleted]         release/32',
      ' - [deleted]         v1.3.0',
      ...Array.from({ length: 12 }, (_, i) => ` * [new branch]      hotfix/INV-${401 + i} -> hotfix/INV-${401 + i}`),
      ' * [new tag]         v2.0.0 -> v2.0.0',
    ].join('\n');
    const r = run('', ['git', 'push', '--mirror', '-v', 'origin'], { stderr });
    const updates = r.parts!.citations.filter((c) => c.kind === 'ref update').map((c) => ('from' in c ? [c.from, c.to, c.priority] : []));
    expect(updates).toEqual([[33, 33, 'high'], [34, 35, 'high'], [36, 47, 'normal'], [48, 48, 'high']]);
    expect(r.packet!.summary[0]).toMatch(/^ref updates: 30 up to date, 1 fast-forward, 2 deleted, 12 new branch, 1 new tag/);
  });

  it('shows the warnings of a rebase whose --exec check passed', () => {
    const stderr = ['Executing: ./check.sh', 'check: warning: src/feat3.txt has 3 entries (limit 2 recommended)', 'Executing: ./check.sh', 'Successfully rebased and updated refs/heads/feature.'].join('\n');
    const r = run(Array.from({ length: 40 }, (_, i) => `check: src/f${i}.txt ok`).join('\n'), ['git', 'rebase', '--exec', './check.sh', 'main'], { stderr });
    expect(r.packet!.status).toBe('ok');
    expect(r.parts!.citations.find((c) => c.kind === 'warning')).toMatchObject({ stream: 'stderr', from: 2 });
  });

  it('is a quiet ok for a fast-forward pull', () => {
    const text = ['Updating 1a2b3c4..5d6e7f8', 'Fast-forward', ...Array.from({ length: 40 }, (_, i) => ` src/f${i}.ts | 2 +-`), ' 40 files changed, 40 insertions(+), 40 deletions(-)'].join('\n');
    const r = run(text, ['git', 'pull']);
    expect(r.packet!.status).toBe('ok');
    expect(r.fields.stat).toBe('40 files changed, 40 insertions(+), 40 deletions(-)');
  });
});

describe('git-diff', () => {
  it('totals --stat output', () => {
    const text = [...Array.from({ length: 30 }, (_, i) => ` src/f${i}.ts | ${i + 1} ${'+'.repeat(Math.min(i + 1, 10))}`), ' 30 files changed, 465 insertions(+)'].join('\n');
    const r = run(text, ['git', 'diff', '--stat']);
    expect(r.fields).toMatchObject({ files: 30, total: '30 files changed, 465 insertions(+)' });
    expect(r.text).toContain('src/f29.ts');
  });

  it('counts --name-status by status', () => {
    const r = run(['M\ta.ts', 'A\tb.ts', 'D\tc.ts', 'R100\td.ts\te.ts', 'M\tf.ts'].join('\n'), ['git', 'diff', '--name-status']);
    expect(r.fields.byStatus).toEqual({ M: 2, A: 1, D: 1, R: 1 });
  });

  it('keeps the diffstat of a patch under the git family', () => {
    const r = run(['diff --git a/x b/x', 'index 1..2 100644', '--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'].join('\n'), ['git', 'diff']);
    expect(r.packet!.family).toBe('git');
    expect(r.fields.added).toBe(1);
  });
});

describe('git-query', () => {
  it('reads git ls-files as an answer list grouped by folder, with the middle and the end', () => {
    const files = Array.from({ length: 600 }, (_, i) => `${['src', 'test', 'fixtures', 'docs'][i % 4]}/part-${String(i).padStart(3, '0')}/file.ts`);
    const r = run(files.join('\n'), ['git', 'ls-files']);
    expect(r.reducer).toBe('git-query@1.0.0');
    expect(r.packet!.intent).toBe('answer');
    expect(r.text).toContain(files[0]);
    expect(r.text).toContain(files[300]);
    expect(r.text).toContain(files[599]);
  });

  it('keeps git-ops for merges and pushes', () => {
    const r = run('', ['git', 'merge', 'feature'], { stderr: 'CONFLICT (content): Merge conflict in a.ts\nAutomatic merge failed; fix conflicts and then commit the result.\n', exit: 1 });
    expect(r.reducer).toMatch(/^git-ops@/);
  });
});
