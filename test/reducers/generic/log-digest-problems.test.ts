import { describe, expect, it } from 'vitest';
import { LogDigest, windowsAfterProblems } from '../../../src/reducers/generic/log-digest.js';
import type { CitationDraft } from '../../../src/core/types.js';

/** A service log of 460 lines with three different problems spread through it. */
function serviceLog(): string[] {
  const lines: string[] = [];
  for (let i = 1; i <= 400; i++) {
    lines.push(`2026-11-24 10:00:${String(i % 60).padStart(2, '0')} INFO request ${i} served in ${i}ms`);
    if (i % 97 === 0) lines.push(`2026-11-24 10:01:00 ERROR deadlock detected on table orders_${i}`);
    if (i % 151 === 0) lines.push(`2026-11-24 10:02:00 ERROR auth failed for user "u${i}"`);
  }
  lines.push('2026-11-24 10:03:00 FATAL worker crashed');
  for (let i = 1; i <= 50; i++) lines.push(`2026-11-24 10:04:00 INFO recovered ${i}`);
  return lines;
}

function digestOf(lines: string[], exit = 0, problems?: boolean) {
  const digest = new LogDigest(problems === undefined ? {} : { problems });
  lines.forEach((text, i) => digest.line('stdout', i + 1, text));
  return digest.finish({ code: exit, signal: null, timedOut: false });
}

describe('the log digest lists a log\'s distinct problems wherever a log lands', () => {
  it('cites every distinct problem template once, by severity, with the level histogram', () => {
    const parts = digestOf(serviceLog());
    expect(parts.fields.problems).toBe(3);
    expect(parts.fields.levels).toEqual({ INFO: 450, ERROR: 6, FATAL: 1 });
    const problems = parts.citations.filter((c) => c.kind === 'problem');
    expect(problems.map((c) => c.label)).toEqual(['FATAL', 'ERROR ×4, first of 4 (last at line 394)', 'ERROR ×2, first of 2 (last at line 307)']);
    expect(parts.summary[0]!.text).toContain('levels: INFO 450');
  });

  it('reads diagnostics that lead with their location as leveled lines, one problem per message whatever the file', () => {
    // markdownlint: hundreds of one rule in many files bury a rule broken once.
    const lines: string[] = [];
    for (let f = 0; f < 12; f++) for (let i = 1; i <= 40; i++) lines.push(`docs/file${f}.md:${i}:81 error MD013/line-length Line length [Expected: 80; Actual: ${81 + i}]`);
    lines.splice(300, 0, 'docs/usage.md:95 error MD025/single-title/single-h1 Multiple top-level headings in the same document [Context: "Exit codes"]');
    lines.splice(420, 0, 'src/x.c:12:5: warning: unused variable \'y\' [-Wunused-variable]');
    const parts = digestOf(lines, 1);
    expect(parts.fields.problems).toBe(3);
    const problems = parts.citations.filter((c) => c.kind === 'problem');
    expect(problems.map((c) => ('from' in c ? c.from : 0))).toEqual([1, 301, 421]);
    expect(problems[0]!.label).toBe('ERROR ×480, first of 480 (last at line 482)');
  });

  it('leaves text that is no log alone, and a caller with its own ProblemLog can switch it off', () => {
    const prose = Array.from({ length: 300 }, (_, i) => `row ${i} checked`);
    prose.push('ERROR: one bad row');
    expect(digestOf(prose).fields.problems).toBeUndefined();
    expect(digestOf(serviceLog(), 0, false).fields.problems).toBeUndefined();
  });

  it('ranks error windows one step below the problems in a log, so every distinct problem gets its line first', () => {
    const parts = digestOf(serviceLog(), 1);
    const windows = parts.citations.filter((c) => c.kind === 'error window');
    const problems = parts.citations.filter((c) => c.kind === 'problem');
    expect(windows.length).toBeGreaterThan(0);
    expect(problems.length).toBe(3);
    expect(windows.every((c) => c.priority !== 'high')).toBe(true);
    // Not a log: the same error lines in prose keep their windows' rank.
    const prose = Array.from({ length: 300 }, (_, i) => `row ${i} checked`);
    prose.splice(150, 0, 'ERROR: one bad row');
    expect(digestOf(prose, 1).citations.filter((c) => c.kind === 'error window').map((c) => c.priority)).toEqual(['high']);
  });

  it('windowsAfterProblems lowers error windows only where problems are cited, and never a mandatory one', () => {
    const cite = (kind: string, priority: CitationDraft['priority']): CitationDraft => ({ ref: kind, stream: 'stdout', from: 1, to: 1, label: kind, kind, priority });
    const withProblems = [cite('problem', 'high'), cite('error window', 'high'), cite('error window', 'normal'), cite('error window', 'mandatory'), cite('outcome', 'high')];
    expect(windowsAfterProblems(withProblems).map((c) => c.priority)).toEqual(['high', 'normal', 'low', 'mandatory', 'high']);
    const without = [cite('error window', 'high'), cite('outcome', 'high')];
    expect(windowsAfterProblems(without)).toBe(without);
  });

  it('joinParts lowers the digest\'s windows once: for a structure\'s problems, not again for the digest\'s own', async () => {
    const { joinParts } = await import('../../../src/reducers/generic/structured-run.js');
    const digest = digestOf(serviceLog(), 1);
    const windows = (citations: CitationDraft[]) => citations.filter((c) => c.kind === 'error window').map((c) => c.priority);
    const empty = { summary: [], fields: {}, citations: [], omitted: [] };
    expect(windows(joinParts([empty], digest).citations)).toEqual(windows(digest.citations));
    const own = digestOf(serviceLog(), 1, false);
    const problem: CitationDraft = { ref: 'p1', stream: 'stdout', from: 1, to: 1, label: 'ERROR', kind: 'problem', priority: 'high' };
    expect(windows(own.citations)).toContain('high');
    expect(windows(joinParts([{ ...empty, citations: [problem] }], own).citations)).toEqual(windows(windowsAfterProblems(own.citations, true)));
  });
});

describe('a successful run that only mentions errors', () => {
  // A symbol table (`go tool nm`): names such as runtime.boundsError.Error are content, not failures.
  const symbols = Array.from({ length: 120 }, (_, i) => `  ${(0x480000 + i * 16).toString(16)}  ${2000 - i} T ${i % 20 === 7 ? `runtime.(*TypeAssertion${i}Error).Error` : `runtime.func${i}`}`);

  it('says an answer\'s lines mention errors, none leading its line, and ranks their windows lowest', () => {
    const digest = new LogDigest({ mentionsAreContent: true });
    symbols.forEach((text, i) => digest.line('stdout', i + 1, text));
    const parts = digest.finish({ code: 0, signal: null, timedOut: false });
    expect(parts.status).toBe('ok');
    expect(parts.summary.map((b) => b.text)).toContainEqual(expect.stringMatching(/^6 lines mentioning errors, none leading its line, in \d+ windows?/));
    const windows = parts.citations.filter((c) => c.kind === 'error window');
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((c) => c.priority === 'low' && c.label!.startsWith('mentions an error'))).toBe(true);
  });

  it('still calls them error lines when the run failed, its exit is unknown, or the caller does not read an answer', () => {
    for (const [code, options] of [[1, { mentionsAreContent: true }], [null, { mentionsAreContent: true }], [0, {}]] as const) {
      const digest = new LogDigest(options);
      symbols.forEach((text, i) => digest.line('stdout', i + 1, text));
      const parts = digest.finish({ code, signal: null, timedOut: false });
      expect(parts.summary.map((b) => b.text)).toContainEqual(expect.stringMatching(/^6 error lines in/));
    }
  });
});
