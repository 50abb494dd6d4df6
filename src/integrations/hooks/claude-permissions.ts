import fs from 'node:fs';
import path from 'node:path';
import { claudeHome } from '../install/hosts.js';

/**
 * The user's Bash permission rules as Claude Code keeps them, read conservatively. A rewrite
 * changes the command those rules are checked against (`reduce -- npm test` is not `npm test`),
 * so the hook rewrites only when the original is allowed and no deny or ask rule could match it.
 * Only `Bash`, `Bash(cmd)`, `Bash(prefix:*)` and `Bash(prefix *)` are understood; any other
 * pattern counts as "could match" for deny/ask and as "no match" for allow.
 */

export interface PermissionRules {
  allow: string[];
  deny: string[];
  ask: string[];
}

/** The settings files Claude Code merges, lowest precedence first (managed last). */
export function settingsFiles(cwd: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const home = claudeHome(env);
  return [path.join(home, 'settings.json'), path.join(cwd, '.claude/settings.json'), path.join(cwd, '.claude/settings.local.json'), '/etc/claude-code/managed-settings.json'];
}

export function loadRules(files: readonly string[]): PermissionRules {
  const rules: PermissionRules = { allow: [], deny: [], ask: [] };
  for (const file of files) {
    let settings: { permissions?: Partial<Record<keyof PermissionRules, unknown>> };
    try {
      settings = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      continue; // absent or unreadable: no rules from it
    }
    for (const kind of ['allow', 'deny', 'ask'] as const) {
      const list = settings?.permissions?.[kind];
      if (Array.isArray(list)) rules[kind].push(...list.filter((r): r is string => typeof r === 'string'));
    }
  }
  return rules;
}

type Match = 'yes' | 'no' | 'maybe';

export function ruleMatches(rule: string, command: string): Match {
  const trimmed = rule.trim();
  if (trimmed === 'Bash' || trimmed === 'Bash(*)') return 'yes';
  const body = /^Bash\((.*)\)$/s.exec(trimmed)?.[1];
  if (body === undefined) return 'no';
  const cmd = command.trim();
  const prefix = body.endsWith(':*') ? body.slice(0, -2) : body.endsWith(' *') ? body.slice(0, -2) : null;
  if (prefix !== null && !prefix.includes('*')) return cmd === prefix || cmd.startsWith(prefix + ' ') ? 'yes' : 'no';
  if (!body.includes('*')) return cmd === body ? 'yes' : 'no';
  return 'maybe';
}

/** Whether a rewrite keeps the permission outcome: 'allow' to pair it with, 'bypass', or null (leave it). */
export function rewritePermission(command: string, permissionMode: string | undefined, rules: PermissionRules): 'allow' | 'bypass' | null {
  if ([...rules.deny, ...rules.ask].some((rule) => ruleMatches(rule, command) !== 'no')) return null;
  if (permissionMode === 'bypassPermissions') return 'bypass';
  return rules.allow.some((rule) => ruleMatches(rule, command) === 'yes') ? 'allow' : null;
}
