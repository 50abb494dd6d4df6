import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where each host keeps its hooks, which hook groups reduce installs there, and what switches
 * them off. Both hosts read the same JSON shape: {hooks: {<Event>: [{matcher, hooks: [{type,
 * command, timeout}]}]}} (HOSTS.md 1.1, 2.1).
 */

export type Host = 'claude' | 'codex';
export type Scope = 'project' | 'global';

export interface HookSpec {
  event: string;
  /** The argument after `reduce hook <host>`. */
  step: string;
  /** Seconds, as both hosts count hook timeouts. */
  timeout: number;
}

export function claudeHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR ?? path.join(env.HOME ?? os.homedir(), '.claude');
}

export function codexHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CODEX_HOME ?? path.join(env.HOME ?? os.homedir(), '.codex');
}

/** The file `reduce init <host>` edits. Claude Code's project scope is the personal, uncommitted settings.local.json (it holds absolute paths). */
export function hooksFile(host: Host, scope: Scope, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (host === 'claude') return scope === 'global' ? path.join(claudeHome(env), 'settings.json') : path.join(cwd, '.claude/settings.local.json');
  return scope === 'global' ? path.join(codexHome(env), 'hooks.json') : path.join(cwd, '.codex/hooks.json');
}

/** Codex's config.toml for a scope: where `reduce init codex` registers the MCP server (`[mcp_servers.reduce]`). */
export function codexConfigFile(scope: Scope, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return scope === 'global' ? path.join(codexHome(env), 'config.toml') : path.join(cwd, '.codex/config.toml');
}

/** The hook groups for a host: Claude Code post-run by default, the rewrite opt-in; Codex rewrites by default. */
export function hookSpecs(host: Host, rewrite: boolean): HookSpec[] {
  if (host === 'codex') return [{ event: 'PreToolUse', step: 'pre', timeout: PRE_TIMEOUT }, { event: 'PostToolUse', step: 'post', timeout: POST_TIMEOUT }];
  return [...(rewrite ? [{ event: 'PreToolUse', step: 'pre', timeout: PRE_TIMEOUT }] : []), { event: 'PostToolUse', step: 'post', timeout: POST_TIMEOUT }, { event: 'PostToolUseFailure', step: 'post-failure', timeout: POST_TIMEOUT }];
}

/**
 * Host-side timeouts in seconds. A hook answers in well under a second on an idle machine, but
 * loading the parser costs ~1 s of CPU and a loaded machine stretches that; each hook stops itself
 * and prints nothing 10 s before these (src/commands/hook.ts), so the host never has to kill it.
 */
export const PRE_TIMEOUT = 30;
export const POST_TIMEOUT = 60;

/** A hook command that is ours, whichever path it was installed with. */
export function isReduceHook(command: unknown, host?: Host): boolean {
  if (typeof command !== 'string') return false;
  const match = /(?:^|[\s/'"])reduce(?:\.js)?'?\s+hook\s+(claude|codex)\s+(pre|post|post-failure)\s*$/.exec(command);
  return match !== null && (host === undefined || match[1] === host);
}

/** Why the host would not run a hook we install, or null. */
export function hooksDisabled(host: Host, cwd: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (host === 'claude') {
    const files = [path.join(claudeHome(env), 'settings.json'), path.join(cwd, '.claude/settings.json'), path.join(cwd, '.claude/settings.local.json'), '/etc/claude-code/managed-settings.json'];
    for (const file of files) {
      const settings = readJson(file);
      if (settings?.disableAllHooks === true) return `${file} sets "disableAllHooks": true, so Claude Code runs no hooks`;
      if (file.startsWith('/etc/') && settings?.allowManagedHooksOnly === true) return `${file} sets "allowManagedHooksOnly": true, so Claude Code runs only managed hooks (the plugin in integrations/claude-plugin is not affected by the customization lock, but is by this)`;
    }
    return null;
  }
  for (const file of [codexConfigFile('global', cwd, env), codexConfigFile('project', cwd, env)]) {
    const text = readText(file);
    // `[features]` … `hooks = false`: the feature switch (on by default since 0.16x).
    const features = text && /^\[features\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1];
    if (features && /^\s*hooks\s*=\s*false\b/m.test(features)) return `${file} sets hooks = false under [features], so Codex runs no hooks`;
  }
  return null;
}

export function readJson(file: string): Record<string, unknown> | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
