/**
 * Codex exec-policy rules, read conservatively: every prefix_rule pattern is found, anything not
 * understood blocks the rewrite, and matching errs towards "could match".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codexRulesDirs, loadCodexRules, parseRules, patternCouldMatch, rulesBlockRewrite } from '../../src/integrations/hooks/codex-rules.js';

const RULES = `# Codex rules, as the docs write them
prefix_rule(
    pattern = ["git", ["push", "fetch"]],
    decision = "prompt",
    justification = "ask before touching a remote",
    match = [["git", "push", "origin"], "git fetch"],
    not_match = ["git status"],
)
prefix_rule(pattern=['rm', '-rf'], decision='forbidden')  # never
prefix_rule(pattern = ["""terraform""", "apply"], decision = "forbidden")
`;

describe('parseRules', () => {
  it('reads every pattern, with alternatives, whatever the quoting and layout', () => {
    expect(parseRules(RULES)).toEqual([[['git'], ['push', 'fetch']], [['rm'], ['-rf']], [['terraform'], ['apply']]]);
  });
  it('throws on what it does not understand, so the caller blocks the rewrite', () => {
    for (const text of ['prefix_rule(pattern = PATTERNS)', 'load("x.star", "y")', 'prefix_rule(decision = "allow")', 'prefix_rule(pattern = ["a", 1])', 'prefix_rule(pattern = ["a"', 'prefix_rule(pattern = ["a]']) {
      expect(() => parseRules(text), text).toThrow();
    }
  });
  it('an empty file or comments only: no patterns', () => {
    expect(parseRules('')).toEqual([]);
    expect(parseRules('# nothing yet\n')).toEqual([]);
  });
  it('never hangs or throws anything but an Error on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          parseRules(text);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('patternCouldMatch', () => {
  const git = [['git'], ['push', 'fetch']];
  it('matches a prefix of the words, the program by name or path', () => {
    expect(patternCouldMatch(git, ['git', 'push', 'origin'])).toBe(true);
    expect(patternCouldMatch(git, ['/usr/bin/git', 'fetch'])).toBe(true);
    expect(patternCouldMatch(git, ['git', 'status'])).toBe(false);
    expect(patternCouldMatch(git, ['git'])).toBe(false);
  });
  it('a word the shell still expands could be anything', () => {
    expect(patternCouldMatch(git, ['git', '$CMD'])).toBe(true);
    expect(patternCouldMatch(git, ['g*', 'push'])).toBe(true);
    expect(patternCouldMatch(git, ['git', 'pu"sh"'])).toBe(true);
  });
});

describe('loadCodexRules and the places Codex reads', () => {
  it('reads *.rules under CODEX_HOME and the project; an unreadable file blocks every rewrite', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-codex-rules-'));
    const project = path.join(home, 'work/app');
    fs.mkdirSync(path.join(home, '.codex/rules'), { recursive: true });
    fs.mkdirSync(path.join(home, 'work/.codex/rules'), { recursive: true });
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(home, '.codex/rules/default.rules'), 'prefix_rule(pattern = ["seq"], decision = "forbidden")\n');
    fs.writeFileSync(path.join(home, 'work/.codex/rules/team.rules'), 'prefix_rule(pattern = ["make", "deploy"], decision = "prompt")\n');
    fs.writeFileSync(path.join(home, 'work/.codex/rules/notes.txt'), 'not a rules file');
    const dirs = codexRulesDirs(project, { HOME: home });
    expect(dirs).toContain(path.join(home, '.codex/rules'));
    expect(dirs).toContain(path.join(home, 'work/.codex/rules'));
    const rules = loadCodexRules(dirs);
    expect(rules.unreadable).toEqual([]);
    expect(rulesBlockRewrite(rules, ['seq', '1', '3'])).toContain('seq');
    expect(rulesBlockRewrite(rules, ['make', 'deploy'])).toContain('make deploy');
    expect(rulesBlockRewrite(rules, ['make', 'test'])).toBeNull();
    fs.writeFileSync(path.join(home, '.codex/rules/odd.rules'), 'prefix_rule(pattern = RULES)\n');
    expect(rulesBlockRewrite(loadCodexRules(dirs), ['make', 'test'])).toContain('cannot read');
    fs.rmSync(home, { recursive: true, force: true });
  });
});
