import fs from 'node:fs';
import path from 'node:path';
import { codexHome } from '../install/hosts.js';

/**
 * The user's Codex exec-policy rules (`prefix_rule(pattern = [...], decision = ...)` in `*.rules`
 * files), read conservatively. Codex checks these against the command it is about to run; after a
 * rewrite that is `node …/reduce.js -- <original>`, which no rule written for the original matches,
 * so a `forbidden` or `prompt` rule would be slipped past and an `allow` rule lost. The hook
 * therefore leaves every command a rule could match as typed. A rules file this reader does not
 * fully understand counts as matching everything.
 */

/** One position of a pattern: the words it accepts there. */
export type PatternToken = string[];

export interface CodexRules {
  patterns: PatternToken[][];
  /** Files that exist but could not be read or parsed: no rewrite at all while they do. */
  unreadable: string[];
}

/** Where Codex keeps rules: `$CODEX_HOME/rules`, `.codex/rules` in the project and its parents, `/etc/codex/rules`. */
export function codexRulesDirs(cwd: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [path.join(codexHome(env), 'rules')];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    dirs.push(path.join(dir, '.codex/rules'));
    if (path.dirname(dir) === dir) break;
  }
  dirs.push('/etc/codex/rules');
  return [...new Set(dirs)];
}

export function loadCodexRules(dirs: readonly string[]): CodexRules {
  const rules: CodexRules = { patterns: [], unreadable: [] };
  for (const dir of dirs) {
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((n) => n.endsWith('.rules')).sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ENOTDIR') rules.unreadable.push(dir);
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        rules.patterns.push(...parseRules(fs.readFileSync(file, 'utf8')));
      } catch {
        rules.unreadable.push(file);
      }
    }
  }
  return rules;
}

/**
 * The patterns of every `prefix_rule(...)` call in a rules file (Starlark). Throws on anything
 * else that calls a function, or on a pattern that is not a literal list of strings and string lists.
 */
export function parseRules(text: string): PatternToken[][] {
  const tokens = tokenize(text);
  const patterns: PatternToken[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'name' || tokens[i + 1]?.text !== '(') continue;
    if (token.text !== 'prefix_rule') throw new Error(`unknown call ${token.text}`);
    let depth = 0;
    let pattern: PatternToken[] | null = null;
    let j = i + 1;
    for (; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.text === '(' || t.text === '[') depth++;
      else if (t.text === ')' || t.text === ']') depth--;
      if (depth === 0) break;
      if (depth === 1 && t.kind === 'name' && t.text === 'pattern' && tokens[j + 1]?.text === '=') {
        const [value, next] = readList(tokens, j + 2);
        pattern = value;
        j = next - 1;
      }
    }
    if (depth !== 0) throw new Error('unclosed prefix_rule(');
    if (!pattern || pattern.length === 0) throw new Error('prefix_rule without a literal pattern');
    patterns.push(pattern);
    i = j;
  }
  return patterns;
}

/**
 * Whether a rule could match the command (its words from the program on, unquoted). A word the
 * shell would still expand or unquote (`$`, globs, backslashes, inner quotes) could be anything,
 * so it matches every token.
 */
export function patternCouldMatch(pattern: readonly PatternToken[], words: readonly string[]): boolean {
  if (pattern.length > words.length) return false;
  return pattern.every((alternatives, i) => {
    const word = words[i]!;
    if (/[$*?[\\`{~'"]/.test(word)) return true;
    return alternatives.some((alt) => alt === word || (i === 0 && (alt === path.basename(word) || path.basename(alt) === word)));
  });
}

/** Why the hook must leave this command as typed, or null when no rule could match it. */
export function rulesBlockRewrite(rules: CodexRules, words: readonly string[]): string | null {
  if (rules.unreadable.length > 0) return `a Codex rules file reduce cannot read (${rules.unreadable[0]})`;
  const hit = rules.patterns.find((pattern) => patternCouldMatch(pattern, words));
  return hit ? `a Codex prefix_rule could match it (${hit.map((alts) => alts.join('|')).join(' ')})` : null;
}

interface Token {
  kind: 'name' | 'string' | 'punct';
  text: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      let j = i + quote.length;
      let value = '';
      while (j < text.length && !text.startsWith(quote, j)) {
        if (text[j] === '\\') {
          const next = text[j + 1];
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next ?? '';
          j += 2;
        } else {
          if (!triple && text[j] === '\n') throw new Error('newline in a string');
          value += text[j++];
        }
      }
      if (j >= text.length) throw new Error('unclosed string');
      tokens.push({ kind: 'string', text: value });
      i = j + quote.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'name', text: name });
      i += name.length;
    } else {
      tokens.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return tokens;
}

/** A list literal of strings and lists of strings, from tokens[start] (`[`); returns the value and the index after `]`. */
function readList(tokens: Token[], start: number): [PatternToken[], number] {
  if (tokens[start]?.text !== '[') throw new Error('pattern is not a list literal');
  const out: PatternToken[] = [];
  let i = start + 1;
  while (tokens[i] && tokens[i]!.text !== ']') {
    const t = tokens[i]!;
    if (t.kind === 'string') {
      out.push([t.text]);
      i++;
    } else if (t.text === '[') {
      const alternatives: string[] = [];
      i++;
      while (tokens[i] && tokens[i]!.text !== ']') {
        if (tokens[i]!.kind === 'string') alternatives.push(tokens[i]!.text);
        else if (tokens[i]!.text !== ',') throw new Error('a pattern alternative is not a string');
        i++;
      }
      if (!tokens[i]) throw new Error('unclosed list');
      if (alternatives.length === 0) throw new Error('an empty alternative list');
      out.push(alternatives);
      i++;
    } else if (t.text === ',') {
      i++;
    } else {
      throw new Error('a pattern token is not a literal');
    }
  }
  if (!tokens[i]) throw new Error('unclosed list');
  return [out, i + 1];
}
