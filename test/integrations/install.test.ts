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
import { installMcpServer, installedMcpServer } from '../../src/integrations/install/codex-mcp.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(__dirname, '../..');
const INVOKE = '/opt/node/bin/node /opt/reduce/bin/reduce.js';
const MCP = { command: '/opt/node/bin/node', args: ['/opt/reduce/bin/reduce.js', 'mcp'] };
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

/** A config.toml as a Codex user has it: comments, a model, another MCP server, a reviewed hook. */
const CONFIG_TOML = `# my codex settings
model = "gpt-5.1-codex"   # keep
approval_policy = "on-request"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]

[features]
hooks = true
`;

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
      it(`${host} ${scope}: init, init again (no change), uninstall gives the original bytes of every file`, () => {
        const options = { scope, rewrite: true, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP };
        const files = initHost(host, options).files.map((f) => f.file);
        expect(files).toHaveLength(host === 'codex' ? 2 : 1);
        const originals = files.map((file) => (file.endsWith('.toml') ? CONFIG_TOML : ORIGINAL));
        files.forEach((file, i) => {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, originals[i]!);
        });
        const installed = initHost(host, options);
        expect(installed.files.every((f) => f.changed)).toBe(true);
        expect(installed.files[0]!.diff).toContain(`+${' '.repeat(24)}"command": "${INVOKE} hook ${host} pre"`);
        const once = files.map((file) => fs.readFileSync(file, 'utf8'));
        expect(JSON.parse(once[0]!).model).toBe('opus');
        expect(JSON.parse(once[0]!).hooks.PostToolUse[0].hooks[0].command).toBe('prettier --write');
        if (host === 'codex') {
          expect(installed.files[1]!.diff).toContain('+[mcp_servers.reduce]');
          expect(once[1]!.startsWith(CONFIG_TOML)).toBe(true);
          expect(installedMcpServer(once[1]!)).toEqual(MCP);
        }
        expect(initHost(host, options).files.some((f) => f.changed)).toBe(false);
        expect(files.map((file) => fs.readFileSync(file, 'utf8'))).toEqual(once);
        expect(uninstallHost(host, options).files.every((f) => f.changed)).toBe(true);
        expect(files.map((file) => fs.readFileSync(file, 'utf8'))).toEqual(originals);
        expect(files.some((file) => fs.existsSync(`${file}.reduce-backup`))).toBe(false);
      });
    }
  }

  it('a file init created is removed again by uninstall', () => {
    const options = { scope: 'global' as const, rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP };
    for (const host of ['claude', 'codex'] as const) {
      const files = initHost(host, options).files.map((f) => f.file);
      expect(installedEvents(fs.readFileSync(files[0]!, 'utf8'), host)).toEqual(host === 'claude' ? ['PostToolUse', 'PostToolUseFailure'] : ['PreToolUse', 'PostToolUse']);
      uninstallHost(host, options);
      for (const file of files) expect(fs.existsSync(file)).toBe(false);
    }
  });

  it('a file the user changed after init: uninstall removes only our hooks and keeps the change', () => {
    const options = { scope: 'global' as const, rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP };
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
    const report = initHost('codex', { scope: 'global', rewrite: false, dryRun: true, cwd: project, env, invocation: INVOKE, mcp: MCP });
    expect(report.files.map((f) => f.changed)).toEqual([true, true]);
    expect(report.files[0]!.diff).toContain('hook codex pre');
    expect(report.files[1]!.diff).toContain('args = [ "/opt/reduce/bin/reduce.js", "mcp" ]');
    for (const f of report.files) expect(fs.existsSync(f.file)).toBe(false);
  });

  it('refuses when Claude Code has hooks disabled, and when Codex has the feature off', () => {
    fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(project, '.claude/settings.json'), '{"disableAllHooks": true}\n');
    const claude = initHost('claude', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP });
    expect(claude.refused).toContain('disableAllHooks');
    expect(fs.existsSync(path.join(home, '.claude/settings.json'))).toBe(false);
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(home, '.codex/config.toml'), 'model = "x"\n\n[features]\nhooks = false\n');
    expect(initHost('codex', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP }).refused).toContain('hooks = false');
  });

  it('refuses to rewrite a settings file that is not JSON', () => {
    const file = path.join(home, '.claude/settings.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "model": ');
    expect(() => initHost('claude', { scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP })).toThrow(/not valid JSON/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{ "model": ');
  });
});

describe('the Codex MCP server in config.toml', () => {
  const options = (): Parameters<typeof initHost>[1] => ({ scope: 'global', rewrite: false, dryRun: false, cwd: project, env, invocation: INVOKE, mcp: MCP });
  const config = (): string => path.join(home, '.codex/config.toml');
  const seed = (text: string): void => {
    fs.mkdirSync(path.dirname(config()), { recursive: true });
    fs.writeFileSync(config(), text);
  };

  it('keeps a [mcp_servers.reduce] the user wrote, says so, and uninstall leaves it too', () => {
    const mine = 'model = "x"\n\n[mcp_servers.reduce]\ncommand = "my-reducer"\nargs = ["serve"]\n';
    seed(mine);
    const report = initHost('codex', options());
    expect(report.files[1]!.changed).toBe(false);
    expect(report.notes.join('\n')).toContain('reduce did not write');
    expect(fs.readFileSync(config(), 'utf8')).toBe(mine);
    uninstallHost('codex', options());
    expect(fs.readFileSync(config(), 'utf8')).toBe(mine);
  });

  it('a file changed after init: uninstall removes only our table and keeps the rest, comments included', () => {
    seed(CONFIG_TOML);
    initHost('codex', options());
    fs.appendFileSync(config(), '\n# added later\n[profiles.fast]\nmodel = "mini"\n');
    uninstallHost('codex', options());
    expect(fs.readFileSync(config(), 'utf8')).toBe(CONFIG_TOML + '\n# added later\n[profiles.fast]\nmodel = "mini"\n');
  });

  it('refreshes our table when reduce moved, without duplicating it', () => {
    seed(CONFIG_TOML);
    initHost('codex', options());
    const moved = { ...options(), mcp: { command: '/usr/bin/node', args: ['/srv/reduce/bin/reduce.js', 'mcp'] } };
    const report = initHost('codex', moved);
    expect(report.files[1]!.changed).toBe(true);
    const text = fs.readFileSync(config(), 'utf8');
    expect(text.match(/\[mcp_servers\.reduce\]/g)).toHaveLength(1);
    expect(installedMcpServer(text)).toEqual(moved.mcp);
  });

  it('CRLF files and files without a final newline round-trip byte for byte', () => {
    for (const original of ['model = "x"\r\n[features]\r\nhooks = true\r\n', 'model = "x"']) {
      seed(original);
      initHost('codex', options());
      expect(installedMcpServer(fs.readFileSync(config(), 'utf8'))).toEqual(MCP);
      uninstallHost('codex', options());
      expect(fs.readFileSync(config(), 'utf8')).toBe(original);
    }
  });

  it('paths with quotes and backslashes come back as the same strings', () => {
    const odd = { command: 'C:\\Program Files\\node.exe', args: ['/opt/my "reduce"/bin/reduce.js', 'mcp'] };
    expect(installedMcpServer(installMcpServer('', odd))).toEqual(odd);
  });

  it('refuses a config.toml that is not TOML, and writes neither file', () => {
    seed('model = "x"\n[features\n');
    expect(() => initHost('codex', options())).toThrow(/config\.toml: not valid TOML/);
    expect(fs.readFileSync(config(), 'utf8')).toBe('model = "x"\n[features\n');
    expect(fs.existsSync(path.join(home, '.codex/hooks.json'))).toBe(false);
  });

  it('refuses, through the CLI, with one line and exit 2', () => {
    seed('[features\n');
    const run = spawnSync(process.execPath, [path.join(root, 'bin/reduce.js'), 'init', 'codex'], { cwd: project, env: { ...process.env, HOME: home, CODEX_HOME: path.join(home, '.codex') }, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('not valid TOML');
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
    expect(doctor.stdout).toMatch(/ok +mcp: answers \(reduce_run, reduce_inspect, reduce_search, reduce_text\)/);
    expect(doctor.status).toBe(1);
  });
});
