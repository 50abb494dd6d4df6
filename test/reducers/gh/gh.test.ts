import { describe, expect, it } from 'vitest';
import { run } from '../helpers.js';

const run1 = (id: number, conclusion: string, name = 'CI') => ({ id, name, head_branch: 'main', run_number: id % 1000, event: 'push', status: 'completed', conclusion, workflow_id: 9, html_url: `https://github.com/o/r/actions/runs/${id}` });

describe('gh-api', () => {
  it('puts failing workflow runs first, by name, run number and link', () => {
    const doc = { total_count: 120, workflow_runs: [run1(1001, 'success'), run1(1002, 'failure', 'Lint'), run1(1003, 'success'), run1(1004, 'success')] };
    const r = run(JSON.stringify(doc), ['gh', 'api', 'repos/o/r/actions/runs']);
    expect(r.reducer).toBe('gh-api@1.0.1');
    expect(r.packet!.status).toBe('fail');
    expect(r.fields.workflowRunsFailing).toEqual([{ name: 'Lint #2 (main)', conclusion: 'failure', link: 'https://github.com/o/r/actions/runs/1002' }]);
    expect(r.text).toContain('"conclusion":"failure"');
    expect(r.text).toContain('"total_count":120');
    expect(r.packet!.tainted).toBe(true);
  });

  it('is detected from the payload alone in pipe mode', () => {
    const doc = { total_count: 2, check_runs: [{ id: 1, name: 'test', status: 'completed', conclusion: 'success', html_url: 'https://github.com/o/r/runs/1' }, { id: 2, name: 'lint', status: 'completed', conclusion: 'success', html_url: 'https://github.com/o/r/runs/2' }] };
    const r = run(JSON.stringify(doc));
    expect(r.packet!.family).toBe('gh');
    expect(r.packet!.status).toBe('ok');
    expect(r.fields.checkRuns).toEqual({ total: 2, success: 2 });
  });

  it('reports an API error body as the failure', () => {
    const r = run('{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}', ['gh', 'api', 'user'], { stderr: 'gh: Bad credentials (HTTP 401)\n', exit: 1 });
    expect(r.packet!.status).toBe('fail');
    expect(r.fields.apiError).toBe('Bad credentials');
    expect(r.text).toContain('gh: Bad credentials (HTTP 401)');
  });

  it('samples the first and last rows of an issue list and counts the rest', () => {
    const issues = Array.from({ length: 20 }, (_, i) => ({ number: 100 - i, title: `Issue title ${i}`, state: 'open', user: { login: `u${i}` }, body: 'long body '.repeat(50) }));
    const r = run(JSON.stringify(issues), ['gh', 'api', 'repos/o/r/issues']);
    expect(r.fields.rows).toEqual({ total: 20, open: 20 });
    expect(r.text).toContain('Issue title 0');
    expect(r.text).toContain('Issue title 19');
    expect(r.text).not.toContain('Issue title 10"');
    expect(r.text).not.toContain('long body long body');
    expect(r.parts!.omitted.some((o) => o.count === 12)).toBe(true);
  });

  it('leaves unknown JSON to the generic digest', () => {
    const r = run('{"apiVersion":"v1","items":[{"a":1},{"a":2}]}');
    expect(r.packet!.family).not.toBe('gh');
  });
});

describe('gh-pr-view', () => {
  const pr = {
    number: 7, title: 'Add cache', state: 'OPEN', mergeable: 'CONFLICTING', reviewDecision: 'CHANGES_REQUESTED',
    reviews: [{ author: { login: 'ann' }, state: 'CHANGES_REQUESTED', body: 'Please split this.' }, { author: { login: 'bo' }, state: 'APPROVED', body: '' }],
    statusCheckRollup: [
      { __typename: 'CheckRun', name: 'build', status: 'COMPLETED', conclusion: 'SUCCESS', detailsUrl: 'https://github.com/o/r/runs/1' },
      { __typename: 'StatusContext', context: 'ci/legacy', state: 'ERROR', targetUrl: 'https://ci.example/9' },
      { __typename: 'CheckRun', name: 'e2e', status: 'IN_PROGRESS', conclusion: '', detailsUrl: 'https://github.com/o/r/runs/3' },
    ],
  };

  it('types state, review decision, reviewers asking for changes and failing checks', () => {
    const r = run(JSON.stringify(pr), ['gh', 'pr', 'view', '7', '--json', 'number,title,state,mergeable,reviewDecision,reviews,statusCheckRollup']);
    expect(r.reducer).toBe('gh-pr-view@1.1.1');
    expect(r.fields).toMatchObject({ number: 7, state: 'OPEN', mergeable: 'CONFLICTING', reviewDecision: 'CHANGES_REQUESTED', changesRequestedBy: ['ann'], approvedBy: ['bo'] });
    expect(r.fields.statusCheckRollupFailing).toEqual([{ name: 'ci/legacy', conclusion: 'ERROR', link: 'https://ci.example/9' }]);
    expect(r.fields.statusCheckRollup).toEqual({ total: 3, SUCCESS: 1, ERROR: 1, IN_PROGRESS: 1 });
    expect(r.packet!.status).toBe('fail');
  });

  it('reads the piped text form: header fields, reviewers and the body', () => {
    const text = ['title:\tAdd cache', 'state:\tOPEN', 'author:\tzed', 'labels:\t', 'assignees:\t', 'reviewers:\tann (Changes requested), bo (Approved)', 'projects:\t', 'milestone:\t', 'number:\t7', 'url:\thttps://github.com/o/r/pull/7', 'additions:\t10', 'deletions:\t2', 'auto-merge:\tdisabled', '--', ...Array.from({ length: 40 }, (_, i) => `body line ${i}`)].join('\n');
    const r = run(text, ['gh', 'pr', 'view', '7']);
    expect(r.fields).toMatchObject({ title: 'Add cache', number: 7, additions: 10, changesRequestedBy: ['ann'], bodyLines: 40 });
    expect(r.packet!.status).toBe('warn');
  });

  it('reads the terminal form', () => {
    const text = ['Add cache #7', 'Open • zed wants to merge 2 commits into main from cache • about 1 day ago', '+120 -4 • × 2/9 checks failing', 'Reviewers: ann (Changes requested), bo (Approved)', 'Labels: perf', '', ...Array.from({ length: 30 }, (_, i) => `  body ${i}`), '', 'View this pull request on GitHub: https://github.com/o/r/pull/7'].join('\n');
    const r = run(text, ['gh', 'pr', 'view', '7']);
    expect(r.fields).toMatchObject({ number: 7, title: 'Add cache', state: 'Open', author: 'zed', changesRequestedBy: ['ann'], checks: '+120 -4 • × 2/9 checks failing', url: 'https://github.com/o/r/pull/7' });
    expect(r.packet!.status).toBe('fail');
  });

  it('reads --comments: one entry per comment or review, with review states', () => {
    const block = (who: string, status: string | null, body: string) => [`author:\t${who}`, 'association:\tmember', 'edited:\tfalse', ...(status ? [`status:\t${status}`] : []), '--', body, '--'];
    const text = [...block('ann', 'CHANGES_REQUESTED', 'needs tests'), ...block('bo', null, 'looks fine'), ...block('cy', 'APPROVED', 'ship it')].join('\n');
    const r = run(text, ['gh', 'pr', 'view', '7', '--comments']);
    expect(r.fields).toMatchObject({ comments: 3, changesRequestedBy: ['ann'] });
  });
});

describe('gh-pr-checks', () => {
  it('parses the terminal table form with marks', () => {
    const text = ['Some checks were not successful', '1 cancelled, 1 failing, 2 successful, 0 skipped, and 0 pending checks', '', '   NAME    DESCRIPTION  ELAPSED  URL', 'X  lint                 14s      https://github.com/o/r/actions/runs/1/job/2', '✓  build                1m2s     https://github.com/o/r/actions/runs/1/job/3', '✓  test                 2m1s     https://github.com/o/r/actions/runs/1/job/4', '-  deploy               0        https://github.com/o/r/actions/runs/1/job/5'].join('\n');
    const r = run(text, ['gh', 'pr', 'checks'], { exit: 1 });
    expect(r.fields.checks).toEqual({ total: 4, pass: 2, fail: 1, skipping: 1 });
    expect(r.fields.failing).toEqual([{ name: 'lint', state: 'fail', elapsed: '14s', link: 'https://github.com/o/r/actions/runs/1/job/2' }]);
  });

  it('says ok and stays small when everything passed', () => {
    const text = Array.from({ length: 12 }, (_, i) => `check-${i}\tpass\t${i + 1}s\thttps://github.com/o/r/actions/runs/1/job/${i}\t`).join('\n');
    const r = run(text, ['gh', 'pr', 'checks']);
    expect(r.packet!.status).toBe('ok');
    expect(r.parts!.citations).toHaveLength(0);
  });
});

describe('gh-run-view', () => {
  const line = (job: string, step: string, i: number, text: string) => `${job}\t${step}\t2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.0000000Z ${text}`;
  function matrixLog(): string {
    const out: string[] = [];
    for (const os of ['ubuntu', 'macos', 'windows']) {
      const job = `test (${os})`;
      out.push(line(job, 'Run tests', 0, '##[group]Run npm test'), line(job, 'Run tests', 1, 'echo "if this failed"'), line(job, 'Run tests', 2, '##[endgroup]'));
      for (let i = 0; i < 50; i++) out.push(line(job, 'Run tests', i, `ok ${i} case`));
      out.push(line(job, 'Run tests', 51, 'FAIL src/a.test.ts > adds'), line(job, 'Run tests', 52, `Tests  1 failed | 50 passed (${os === 'macos' ? 9 : 7}s)`), line(job, 'Run tests', 53, '##[error]Process completed with exit code 1.'));
    }
    return out.join('\n');
  }

  it('groups the same step failure across matrix jobs and cites it once', () => {
    const r = run(matrixLog());
    expect(r.reducer).toBe('gh-run-view@1.1.1');
    expect(r.fields.failed).toEqual([{ job: 'test (ubuntu)', step: 'Run tests', exitCode: 1, line: 56, sameIn: ['test (macos)', 'test (windows)'] }]);
    expect(r.text).toContain('FAIL src/a.test.ts > adds');
    // The step's echoed script inside ##[group] is not evidence.
    expect(r.text).not.toContain('if this failed');
  });

  it('falls back to error windows when no step ended in ##[error]', () => {
    const lines = Array.from({ length: 30 }, (_, i) => line('build', 'Run make', i, i === 20 ? 'make: *** [all] Error 2' : `cc -c file${i}.c`));
    const r = run(lines.join('\n'));
    expect(r.fields.failedSteps).toBe(0);
    expect(r.packet!.status).toBe('fail');
    expect(r.text).toContain('make: *** [all] Error 2');
  });

  it("reads each --log line's message as the tool printed it: a line-leading failure mark counts", () => {
    const lines = Array.from({ length: 30 }, (_, i) => line('test', 'Run pytest', i, i === 20 ? 'E       assert 12 == 13' : `tests/test_cart.py::test_case_${i} PASSED`));
    const r = run(lines.join('\n'));
    expect(r.packet!.status).toBe('fail');
    expect(r.text).toContain('E       assert 12 == 13');
  });

  it('reads gh run view --job: one job, no JOBS header', () => {
    const text = ['X main CI · 456', 'Triggered via push about 1 hour ago', '', 'X build in 2m (ID 123)', '  ✓ Set up job', '  X Run tests', '  ✓ Complete job', '', 'To see the full job log, try: gh run view --log --job=123'].join('\n');
    const r = run(text, ['gh', 'run', 'view', '--job', '123']);
    expect(r.fields.failedJobs).toEqual([{ name: 'build', id: '123', elapsed: '2m', failedSteps: ['Run tests'] }]);
  });

  it('reads the run summary: failed jobs with their failed steps', () => {
    const text = ['', 'X main CI · 123', 'Triggered via push about 1 hour ago', '', 'JOBS', '✓ lint in 10s (ID 1)', 'X test in 1m (ID 2)', '  ✓ Set up job', '  X Run tests', '  - Upload', '', 'ANNOTATIONS', 'X Process completed with exit code 1.', 'test: .github#12', ''].join('\n');
    const r = run(text, ['gh', 'run', 'view', '123']);
    expect(r.fields.failedJobs).toEqual([{ name: 'test', id: '2', elapsed: '1m', failedSteps: ['Run tests'] }]);
    expect(r.fields.run).toEqual({ title: 'main CI', id: '123', result: 'failure' });
    expect(r.packet!.status).toBe('fail');
  });
});

describe('gh JSON shapes', () => {
  it('names the failed steps of failing jobs from gh run view --json jobs', () => {
    const doc = { conclusion: 'failure', jobs: [
      { name: 'build', conclusion: 'success', databaseId: 11, url: 'https://github.com/o/r/actions/runs/5/job/11', steps: [{ name: 'Run make', conclusion: 'success', number: 3 }] },
      { name: 'test', conclusion: 'failure', databaseId: 12, url: 'https://github.com/o/r/actions/runs/5/job/12', steps: [{ name: 'Set up job', conclusion: 'success', number: 1 }, { name: 'Run pytest', conclusion: 'failure', number: 4 }] },
    ] };
    const r = run(JSON.stringify(doc), ['gh', 'run', 'view', '5', '--json', 'conclusion,jobs']);
    expect(r.fields.jobsFailing).toEqual([{ name: 'test', conclusion: 'failure', link: 'https://github.com/o/r/actions/runs/5/job/12' }]);
    const excerpts = r.parts!.citations.flatMap((c) => ('excerpt' in c ? c.excerpt : []));
    expect(excerpts.join('\n')).toContain('"failedSteps":["Run pytest"]');
  });

  it('lists the newest commits of GET /repos/{owner}/{repo}/commits', () => {
    const commits = Array.from({ length: 12 }, (_, i) => ({ sha: `${i}`.padStart(40, 'f'), node_id: 'C_x', commit: { author: { name: `Dev ${i % 2}`, email: 'd@x', date: '2026-01-01T00:00:00Z' }, message: `Subject ${i}\n\nBody ${i}` }, author: { login: `dev${i % 2}` }, html_url: 'https://github.com/o/r/commit/x' }));
    const r = run(JSON.stringify(commits));
    expect(r.packet!.family).toBe('gh');
    expect(r.fields.commits).toEqual({ total: 12, authors: 2 });
    expect(r.text).toContain('Subject 0');
    expect(r.text).not.toContain('Body 0');
  });

  it('finds the check rollup deep inside a GraphQL answer', () => {
    const contexts = [{ __typename: 'CheckRun', name: 'unit', conclusion: 'FAILURE', detailsUrl: 'https://github.com/o/r/runs/9' }, { __typename: 'CheckRun', name: 'lint', conclusion: 'SUCCESS', detailsUrl: 'https://github.com/o/r/runs/8' }];
    const doc = { data: { repository: { pullRequest: { number: 3, commits: { nodes: [{ commit: { statusCheckRollup: { state: 'FAILURE', contexts: { nodes: contexts } } } }] } } } } };
    const r = run(JSON.stringify(doc), ['gh', 'api', 'graphql', '-f', 'query=...']);
    expect(r.fields.failing).toBe(1);
    expect(r.text).toContain('"name":"unit"');
  });
});

describe('gh-list', () => {
  it('reads gh pr diff as a diffstat', () => {
    const r = run(['diff --git a/x.ts b/x.ts', 'index 1..2 100644', '--- a/x.ts', '+++ b/x.ts', '@@ -1,2 +1,2 @@', '-a', '+b', ' c'].join('\n'), ['gh', 'pr', 'diff', '12']);
    expect(r.packet!.family).toBe('gh');
    expect(r.fields).toMatchObject({ added: 1, removed: 1 });
  });

  it('counts piped run rows and cites the failed ones', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ['completed', i === 17 ? 'failure' : 'success', `title ${i}`, 'CI', 'main', 'push', String(5000 + i), '1m', '2026-01-01T00:00:00Z'].join('\t'));
    const r = run(rows.join('\n'), ['gh', 'run', 'list']);
    expect(r.fields).toMatchObject({ rows: 30, failed: 1, states: { completed: 30, success: 29, failure: 1 } });
    expect(r.text).toContain('title 17');
    expect(r.packet!.status).toBe('fail');
  });
});
