/**
 * reduce init / uninstall / doctor: idempotent, byte-identical round trips, other settings kept,
 * refusal when the host has hooks off; the plugin folder carries the same hooks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installHooks, installedEvents } from '../../src/integrations/install/edit.js';
import { hookSpecs } from '../../src/integrations/install/hosts.js';
import { initHost, uninstallHost } from '../../src/integrations/install/install.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(__dirname, '../..');
const INVOKE = '/opt/node/bin/node /opt/reduce/bin/reduce.js';
const dirs: string[] = [];
let home: string;
let project: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-home-'));
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-proj-'));
  dirs.push(home, project);
  env = { HOME: home };
});
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const ORIGINAL = `{
    "model": "opus",
    "hooks": {
        "PostToolUse": [
            {"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --write"}]}
        ]
    },
    "permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Bash(rm:*)"]}
}
`;

describe('init and uninstall round trips', () => {
  for (const host of ['claude', 'codex'] as const) {
    for (const scope of ['global', 'project'] as const) {
      it(`${host} ${scope}: init, init again (no change), uninstall gives the original bytes`, () => {
        const options = { scope, rewrite: true, dryRun: false, cwd: project, env, invocation: INVOKE };
        const first = initHost(host, options);
        const file = first.file;
        fs.rmSync(file);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, ORIGINAL);
        const installed = initHost(host, options);
        expect(installed.changed).toBe(true);
        expect(installed.diff).toContain(`+${' '.repeat(24)}"command": "${INVOKE} hook ${host} pre"`);
        const once = fs.readFileSync(file, 'utf8');
        expect(JSON.parse(once).model).toBe('opus');
        expect(JSON.parse(once).hooks.PostToolUse[0].hooks[0].command).toBe('prettier --write');
        expect(initHost(host, options).changed).toBe(false);
        expect(fs.readFileSync(file, 'utf8')).toBe(once);
        expect(uninstallHost(host, options).changed).toBe(true);
        expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
        expect(fs.existsSync(`${file}.reduce-backup`)).toBe(false);
      });
    }
  }

  it('a file init created is removed again by uninstall', () => {
    const options = { scope: 'global' as const, rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE };
    const report = initHost('claude', options);
    expect(installedEvents(fs.readFileSync(report.file, 'utf8'), 'claude')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    uninstallHost('claude', options);
    expect(fs.existsSync(report.file)).toBe(false);
  });

  it('a file the user changed after init: uninstall removes only our hooks and keeps the change', () => {
    const options = { scope: 'global' as const, rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE };
    const file = path.join(home, '.claude/settings.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, ORIGINAL);
    initHost('claude', options);
    const edited = JSON.parse(fs.readFileSync(file, 'utf8'));
    edited.theme = 'dark';
    fs.writeFileSync(file, JSON.stringify(edited, null, 4) + '\n');
    uninstallHost('claude', options);
    const after = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(after).toEqual({ ...JSON.parse(ORIGINAL), theme: 'dark' });
  });

  it('--dry-run prints the diff and writes nothing', () => {
    const report = initHost('codex', { scope: 'global', rewrite: false, dryRun: true, cwd: project, env, invocation: INVOKE });
    expect(report.changed).toBe(true);
    expect(report.diff).toContain('hook codex pre');
    expect(fs.existsSync(report.file)).toBe(false);
  });

  it('refuses when Claude Code has hooks disabled, and when Codex has the feature off', () => {
    fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(project, '.claude/settings.json'), '{"disableAllHooks": true}\n');
    const claude = initHost('claude', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE });
    expect(claude.refused).toContain('disableAllHooks');
    expect(fs.existsSync(claude.file)).toBe(false);
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(home, '.codex/config.toml'), 'model = "x"\n\n[features]\nhooks = false\n');
    expect(initHost('codex', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE }).refused).toContain('hooks = false');
  });

  it('refuses to rewrite a settings file that is not JSON', () => {
    const file = path.join(home, '.claude/settings.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "model": ');
    expect(() => initHost('claude', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE })).toThrow(/not valid JSON/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{ "model": ');
  });
});

describe('the Claude Code plugin folder', () => {
  it('carries the same default hooks as reduce init claude, and the MCP server', () => {
    const plugin = path.join(root, 'integrations/claude-plugin');
    const manifest = JSON.parse(fs.readFileSync(path.join(plugin, '.claude-plugin/plugin.json'), 'utf8'));
    expect(manifest.name).toBe('reduce');
    expect(manifest.version).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);
    const hooks = JSON.parse(fs.readFileSync(path.join(plugin, 'hooks/hooks.json'), 'utf8')).hooks;
    expect(hooks).toEqual(JSON.parse(installHooks(null, 'claude', 'reduce', false)).hooks);
    expect(hookSpecs('claude', false).map((s) => s.event)).toEqual(Object.keys(hooks));
    expect(JSON.parse(fs.readFileSync(path.join(plugin, '.mcp.json'), 'utf8')).mcpServers.reduce).toEqual({ command: 'reduce', args: ['mcp'] });
  });
});

describe('reduce init / doctor through the built CLI', { timeout: 300_000 }, () => {
  it('installs for Codex, and doctor finds every hook answering but not yet reviewed', () => {
    const bin = path.join(root, 'bin/reduce.js');
    const run = (args: string[]): ReturnType<typeof spawnSync> => spawnSync(process.execPath, [bin, ...args], { cwd: project, env: { ...process.env, HOME: home, CODEX_HOME: path.join(home, '.codex') }, encoding: 'utf8', timeout: 170_000 });
    const init = run(['init', 'codex']);
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('/hooks');
    const doctor = run(['doctor', 'codex']);
    expect(doctor.stdout).toMatch(/ok +pre: answers/);
    expect(doctor.stdout).toMatch(/ok +post: answers/);
    expect(doctor.stdout).toContain('not reviewed yet');
    expect(doctor.status).toBe(1);
  });
});
